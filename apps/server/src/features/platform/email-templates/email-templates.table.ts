import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';
import { users } from '../users/users.table';

/**
 * A company's e-mail templates (/emailTemplate): a subject and a rich-text body, sanitised when saved, that the
 * e-mail forms offer as the message. `purpose` says which form offers it first.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    name: text('name').notNull(),
    purpose: text('purpose', { enum: ['general', 'quote', 'invoice', 'estimate'] }).notNull().default('general'),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_templates_name_unique').on(t.subscriberId, sql`lower(${t.name})`),
    check('email_templates_purpose', sql`${t.purpose} in ('general', 'quote', 'invoice', 'estimate')`),
  ],
);
