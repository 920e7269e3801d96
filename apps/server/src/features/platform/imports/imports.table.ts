import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';
import { users } from '../users/users.table';

/**
 * An import of a file (spec platform 2.1 /administration/qbImportList): read and checked at the upload (`previewed`),
 * then written by the job runner in batches (`queued`, `running`, `done`, or `failed` with the error's words). The
 * counts are kept here so that the history and the progress bar read one row.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    kind: text('kind', { enum: ['customers', 'contacts', 'users', 'standardItems'] }).notNull(),
    fileName: text('file_name').notNull(),
    /** The layout recognised: "CSV", "XLSX", "QuickBooks Desktop customer list (CSV)"... */
    format: text('format').notNull(),
    /** The file's header row as read, for the report of rejected rows. */
    header: jsonb('header').$type<string[]>().notNull(),
    state: text('state', { enum: ['previewed', 'queued', 'running', 'done', 'failed'] }).notNull().default('previewed'),
    createdBy: integer('created_by').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    totalRows: integer('total_rows').notNull().default(0),
    toCreate: integer('to_create').notNull().default(0),
    toUpdate: integer('to_update').notNull().default(0),
    rejectedRows: integer('rejected_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdRows: integer('created_rows').notNull().default(0),
    updatedRows: integer('updated_rows').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    index('imports_subscriber_idx').on(t.subscriberId, t.createdAt),
    check('imports_state', sql`${t.state} in ('previewed', 'queued', 'running', 'done', 'failed')`),
    check('imports_kind', sql`${t.kind} in ('customers', 'contacts', 'users', 'standardItems')`),
  ],
);

/**
 * One data row of an imported file: its line, its cells as read (for the report), and, when it passed the checks,
 * the values to write (`data`); a rejected row has the sentence saying why. Rows refused while writing turn
 * `rejected` too, so the report holds every row that was not written.
 */
export const importRows = pgTable(
  'import_rows',
  {
    importId: integer('import_id').notNull().references(() => imports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    status: text('status', { enum: ['valid', 'rejected'] }).notNull(),
    action: text('action', { enum: ['create', 'update'] }),
    externalId: text('external_id'),
    name: text('name'),
    message: text('message'),
    cells: jsonb('cells').$type<string[]>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index('import_rows_rejected_idx').on(t.importId, t.line).where(sql`${t.status} = 'rejected'`),
    // The first rows to write (the preview, read at every look at the progress) and the next batch to write, in line
    // order without reading the import's other rows, whatever the planner believes of the table's size.
    index('import_rows_valid_idx').on(t.importId, t.line).where(sql`${t.status} = 'valid'`),
    check('import_rows_status', sql`${t.status} in ('valid', 'rejected')`),
  ],
);
