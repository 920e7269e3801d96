import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DocumentColumn } from '@sm/shared';
import { bytea } from '../../platform/email-outbox/email-outbox.table';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { users } from '../../platform/users/users.table';

/**
 * How a company's printed quotes and invoices look: one row per company and kind, once an administrator saves it
 * (until then the product's defaults apply). The logo is kept as a PNG of at most 600 px wide.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    kind: text('kind').notNull(),
    headerColour: text('header_colour').notNull(),
    accentColour: text('accent_colour').notNull(),
    title: text('title').notNull(),
    terms: text('terms').notNull(),
    footer: text('footer').notNull(),
    columns: jsonb('columns').$type<Record<DocumentColumn, boolean>>().notNull(),
    logoPng: bytea('logo_png'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('document_templates_subscriber_kind').on(t.subscriberId, t.kind),
    check('document_templates_kind', sql`${t.kind} in ('invoice', 'quote')`),
    check('document_templates_colours', sql`${t.headerColour} ~ '^#[0-9a-fA-F]{6}$' and ${t.accentColour} ~ '^#[0-9a-fA-F]{6}$'`),
    check('document_templates_logo_size', sql`${t.logoPng} is null or octet_length(${t.logoPng}) <= 2097152`),
  ],
);
