import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';
import { users } from '../users/users.table';

/**
 * A company's one-form settings (e-mail, customer defaults, company details), one row per form: the values the
 * company saved, by field, as the shared form description types them. A form never saved reads as its defaults.
 */
export const companySettings = pgTable(
  'company_settings',
  {
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    formKey: text('form_key').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.formKey] }), check('company_settings_values', sql`jsonb_typeof(${t.values}) = 'object'`)],
);
