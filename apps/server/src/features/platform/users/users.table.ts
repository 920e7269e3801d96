import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';

export const userStatuses = pgTable('user_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  isPayable: boolean('is_payable').notNull(),
  needsDescription: boolean('needs_description').notNull().default(false),
  isDisabled: boolean('is_disabled').notNull().default(false),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userName: text('user_name').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /**
     * Whether the address is confirmed. Only public sign-up creates a user unconfirmed (until the e-mailed link is
     * opened), and such a user cannot sign in; every other user, the ones before sign-up existed included, is confirmed.
     */
    isEmailConfirmed: boolean('is_email_confirmed').notNull().default(true),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    jobTitleId: integer('job_title_id'),
    /** Where the user works: a region and one of its districts, and the city they start from (administration lists). */
    regionId: integer('region_id'),
    districtId: integer('district_id'),
    baseCityId: integer('base_city_id'),
    /** "Works on rate sheets": the clock asks for an Employee Type and bills by the customer's rate sheet. */
    worksOnRateSheets: boolean('works_on_rate_sheets').notNull().default(false),
    userStatusId: integer('user_status_id').references(() => userStatuses.id),
    userStatusDescription: text('user_status_description'),
    isActive: boolean('is_active').notNull().default(true),
    /** Invited and no password chosen yet: the user cannot sign in until the invitation's link sets one. */
    isInvitationPending: boolean('is_invitation_pending').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The id the user has in the system they were imported from; unique per company. */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_external_id_unique').on(t.subscriberId, t.externalId).where(sql`${t.externalId} is not null`),
    uniqueIndex('users_user_name_unique').on(sql`lower(${t.userName})`),
    index('users_subscriber_idx').on(t.subscriberId),
  ],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Each change of a user's work status: the time sheet of statuses (spec platform 4.2). */
export const userStatusEntries = pgTable(
  'user_status_entries',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userStatusId: integer('user_status_id').notNull().references(() => userStatuses.id),
    description: text('description'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('user_status_entries_user_idx').on(t.userId, t.startedAt),
    uniqueIndex('user_status_entries_one_open').on(t.userId).where(sql`${t.endedAt} is null`),
  ],
);

/** A user's team leaders: active users holding the Team Leader role whom the user's "my team leaders" panel shows. */
export const userTeamLeaders = pgTable(
  'user_team_leaders',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    teamLeaderId: integer('team_leader_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.teamLeaderId] }), index('user_team_leaders_leader_idx').on(t.teamLeaderId)],
);

/**
 * A company's own wording of a role (spec platform 2.1 `account-settings/maskedUserRoles`): the name its pages show
 * ("Field Engineer" for Technician) and whether its role pickers offer the role at all. Permission checks keep using
 * the role's id; a role without a row shows its own name and is offered.
 */
export const maskedUserRoles = pgTable(
  'masked_user_roles',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    roleId: integer('role_id').notNull().references(() => roles.id),
    displayName: text('display_name'),
    isHidden: boolean('is_hidden').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.roleId] })],
);
