import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sopStatuses, sopTypes } from '../../platform/reference/reference.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';

/** A standard operating procedure the office wrote (spec platform 3.10): its type, status and what to do. */
export const sopDetails = pgTable(
  'sop_details',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    sopTypeId: integer('sop_type_id').notNull().references(() => sopTypes.id),
    sopStatusId: integer('sop_status_id').notNull().references(() => sopStatuses.id),
    description: text('description'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [index('sop_details_subscriber_idx').on(t.subscriberId)],
);

/** The SOP's checklist, in order (spec platform 3.11's stepCheckListId and checklistItem). */
export const sopSteps = pgTable(
  'sop_steps',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    sopDetailId: integer('sop_detail_id').notNull().references(() => sopDetails.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    checklistItem: text('checklist_item').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [index('sop_steps_detail_idx').on(t.sopDetailId)],
);

/** An SOP given to a person, until they acknowledge it; the office reads who did and when. */
export const sopAssignments = pgTable(
  'sop_assignments',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    sopDetailId: integer('sop_detail_id').notNull().references(() => sopDetails.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sop_assignments_one_per_user').on(t.sopDetailId, t.userId), index('sop_assignments_user_idx').on(t.userId, t.acknowledgedAt)],
);

/** A task-list notification: one step of an SOP for one assignee, until they acknowledge it as done. */
export const sopStepNotices = pgTable(
  'sop_step_notices',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    sopStepId: integer('sop_step_id').notNull().references(() => sopSteps.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    registeredBy: integer('registered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sop_step_notices_one_per_user').on(t.sopStepId, t.userId), index('sop_step_notices_user_idx').on(t.userId, t.acknowledgedAt)],
);
