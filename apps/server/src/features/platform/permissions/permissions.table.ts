import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';
import { roles } from '../users/users.table';

/** A role's rights on one permission area, per company: each company edits its own matrix. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    roleId: integer('role_id').notNull().references(() => roles.id),
    area: text('area').notNull(),
    canRead: boolean('can_read').notNull().default(false),
    canWrite: boolean('can_write').notNull().default(false),
    functionalities: text('functionalities').array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.roleId, t.area] })],
);
