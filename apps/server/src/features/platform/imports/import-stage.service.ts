import type { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { IMPORT_KIND_INFO, type Access, type ImportAnswer, type ImportKind } from '@sm/shared';
import { contacts, customers, importRows, imports, jobTitles, standardItems, users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { jsonRecords, preparedStatement } from '../../../lib/statement';
import { recordAudit } from '../audit/audit.service';
import { USER_NAME_TAKEN } from '../signup/company-create.service';
import { EMAIL_TAKEN } from '../users-admin/users-admin.service';
import { checkRow, type Checked } from './import-checks';
import { layoutOf, type Layout } from './import-layouts';
import { rowsByExternalId } from './import-lookups';
import { EMPTY_FILE, openRows, type FileRow } from './import-read';
import { importOf } from './imports-read.service';

/** Rows checked and stored at a time: one round of lookups and one insert each. */
export const STAGE_BATCH = 1000;

type Row = FileRow & { checked: Checked; action?: 'create' | 'update' };

const reject = (row: Row, message: string) => {
  row.checked = { ok: false, externalId: row.checked.externalId, message };
};
const okRows = (rows: Row[]) => rows.filter((r): r is Row & { checked: Extract<Checked, { ok: true }> } => r.checked.ok);

/** External ids of a table that the company already has, among those given. */
async function existing(tx: Tx, ctx: Ctx, table: typeof customers | typeof contacts | typeof users | typeof standardItems, ids: string[]): Promise<Set<string>> {
  return new Set((await rowsByExternalId(tx, table, ctx.actor.subscriberId, ids)).map((r) => r.externalId));
}

/** What the file has told so far, for the rows that name a row above them (a QuickBooks job's customer). */
interface Seen {
  customersByName: Map<string, string>;
  customerIds: Set<string>;
  jobTitles?: Map<string, number>;
}

async function resolveCustomers(tx: Tx, ctx: Ctx, rows: Row[], seen: Seen) {
  const ok = okRows(rows);
  for (const r of ok) {
    const c = r.checked.data.c as { externalId: string; name: string };
    if (r.checked.data.parentOnly) c.externalId = seen.customersByName.get(c.name.toLowerCase()) ?? c.externalId;
  }
  const ids = ok.flatMap((r) => [(r.checked.data.c as { externalId: string }).externalId, (r.checked.data.l as { externalId: string } | null)?.externalId ?? '']).filter(Boolean);
  const known = await existing(tx, ctx, customers, ids);
  for (const r of ok) {
    const c = r.checked.data.c as { externalId: string; name: string };
    const l = r.checked.data.l as { externalId: string } | null;
    if (r.checked.data.parentOnly) {
      if (!seen.customerIds.has(c.externalId) && !known.has(c.externalId)) {
        reject(r, `The customer ${c.name} of this job is neither in a row above it nor among the company's customers.`);
        continue;
      }
    } else {
      seen.customerIds.add(c.externalId);
      seen.customersByName.set(c.name.toLowerCase(), c.externalId);
    }
    r.action = known.has(l ? l.externalId : c.externalId) ? 'update' : 'create';
  }
}

async function resolveContacts(tx: Tx, ctx: Ctx, rows: Row[]) {
  const ok = okRows(rows);
  const customersKnown = await existing(tx, ctx, customers, ok.map((r) => r.checked.data.customerExternalId as string));
  const known = await existing(tx, ctx, contacts, ok.map((r) => r.checked.externalId));
  for (const r of ok) {
    const customer = r.checked.data.customerExternalId as string;
    if (!customersKnown.has(customer)) reject(r, `Customer External ID ${customer} is not one of the company's customers: import the customers first.`);
    else r.action = known.has(r.checked.externalId) ? 'update' : 'create';
  }
}

async function resolveUsers(tx: Tx, ctx: Ctx, rows: Row[], seen: Seen) {
  seen.jobTitles ??= new Map((await tx.select().from(jobTitles).where(eq(jobTitles.subscriberId, ctx.actor.subscriberId))).map((j) => [j.name.toLowerCase(), j.id]));
  const ok = okRows(rows);
  const matched = new Map(
    (await tx.select({ id: users.id, externalId: users.externalId }).from(users).where(and(eq(users.subscriberId, ctx.actor.subscriberId), inArray(users.externalId, ok.length ? ok.map((r) => r.checked.externalId) : ['']))))
      .map((u) => [u.externalId!, u.id]),
  );
  const names = ok.map((r) => (r.checked.data.userName as string).toLowerCase());
  const taken = new Map((await tx.select({ id: users.id, userName: users.userName }).from(users).where(inArray(sql`lower(${users.userName})`, names.length ? names : ['']))).map((u) => [u.userName.toLowerCase(), u.id]));
  const emails = ok.map((r) => (r.checked.data.email as string).toLowerCase());
  const emailOwners = new Map(
    (await tx.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.subscriberId, ctx.actor.subscriberId), inArray(sql`lower(${users.email})`, emails.length ? emails : ['']))))
      .map((u) => [u.email.toLowerCase(), u.id]),
  );
  for (const r of ok) {
    const d = r.checked.data;
    const self = matched.get(r.checked.externalId);
    const title = d.jobTitle as string | null;
    const jobTitleId = title ? seen.jobTitles.get(title.toLowerCase()) : null;
    const problems: string[] = [];
    if (title && jobTitleId === undefined) problems.push(`Job Title ${title} is not one of the company's job titles.`);
    const owner = taken.get((d.userName as string).toLowerCase());
    if (self === undefined && owner !== undefined) problems.push(USER_NAME_TAKEN(d.userName as string));
    const emailOwner = emailOwners.get((d.email as string).toLowerCase());
    if (emailOwner !== undefined && emailOwner !== self) problems.push(EMAIL_TAKEN);
    if (problems.length) reject(r, problems.join(' '));
    else {
      d.jobTitleId = jobTitleId ?? null;
      r.action = self === undefined ? 'create' : 'update';
    }
  }
}

async function resolveStandardItems(tx: Tx, ctx: Ctx, rows: Row[]) {
  const ok = okRows(rows);
  const known = await existing(tx, ctx, standardItems, ok.map((r) => r.checked.externalId));
  const names = ok.map((r) => (r.checked.data.name as string).toLowerCase());
  const byName = new Map(
    (await tx
      .select({ name: standardItems.name, externalId: standardItems.externalId })
      .from(standardItems)
      .where(and(eq(standardItems.subscriberId, ctx.actor.subscriberId), inArray(sql`lower(${standardItems.name})`, names.length ? names : [''])))).map((s) => [s.name.toLowerCase(), s.externalId]),
  );
  for (const r of ok) {
    const name = r.checked.data.name as string;
    const holder = byName.get(name.toLowerCase());
    if (holder !== undefined && holder !== null && holder !== r.checked.externalId) reject(r, `Another standard item is named ${name}.`);
    else r.action = known.has(r.checked.externalId) || holder === null ? 'update' : 'create';
  }
}

/** The checks that ask the database, a batch at a time. */
async function resolve(tx: Tx, ctx: Ctx, kind: ImportKind, rows: Row[], seen: Seen) {
  switch (kind) {
    case 'customers':
      return resolveCustomers(tx, ctx, rows, seen);
    case 'contacts':
      return resolveContacts(tx, ctx, rows);
    case 'users':
      return resolveUsers(tx, ctx, rows, seen);
    case 'standardItems':
      return resolveStandardItems(tx, ctx, rows);
  }
}

/** A batch of the file's rows, as checked, stored under the import in one statement. */
const insertImportRows = preparedStatement(
  'import_insert_rows',
  () => sql`insert into ${importRows} (import_id, line, subscriber_id, status, action, external_id, name, message, cells, data)
    select ${sql.placeholder('importId')}::int, x.line, ${sql.placeholder('subscriberId')}::int, x.status, x.action, x."externalId", x.name, x.message, x.cells, x.data
      from ${jsonRecords('x(line int, status text, action text, "externalId" text, name text, message text, cells jsonb, data jsonb)')}`,
);

interface Counts {
  total: number;
  toCreate: number;
  toUpdate: number;
  rejected: number;
}

/** The checks of a batch of the file's rows that need no database (the forms' schemas). */
const checkBatch = (kind: ImportKind, batch: FileRow[], layout: Layout, access: Access): Row[] => batch.map((r) => ({ ...r, checked: checkRow(kind, layout.fieldsOf(r.cells), access) }));

/** The checks of a batch that ask the database, then its rows stored with their outcome, and counted. */
async function storeBatch(tx: Tx, ctx: Ctx, importId: number, kind: ImportKind, rows: Row[], seen: Seen, counts: Counts) {
  await resolve(tx, ctx, kind, rows, seen);
  const staged = rows.map((r) => {
    counts.total++;
    if (!r.checked.ok) counts.rejected++;
    else if (r.action === 'update') counts.toUpdate++;
    else counts.toCreate++;
    return {
      line: r.line,
      status: r.checked.ok ? 'valid' : 'rejected',
      action: r.checked.ok ? (r.action ?? 'create') : null,
      externalId: r.checked.externalId,
      name: r.checked.ok ? r.checked.name.slice(0, 300) : null,
      message: r.checked.ok ? null : r.checked.message,
      cells: r.cells,
      data: r.checked.ok ? r.checked.data : null,
    };
  });
  await insertImportRows(tx, { importId, subscriberId: ctx.actor.subscriberId, rows: JSON.stringify(staged) });
}

/**
 * `POST Imports/{kind}`: reads the file as it arrives, checks every row (the forms' schemas, then the database a batch
 * at a time) and stores each with its line, in one transaction; nothing of the kind is written yet. Answers the
 * preview. A file that is empty, not CSV or XLSX, or whose columns are not the kind's is a 400 and leaves nothing.
 */
export async function stageImport(ctx: Ctx, access: Access, kind: ImportKind, fileName: string, source: Readable): Promise<ImportAnswer> {
  const { format, rows } = await openRows(fileName, source);
  const head = await rows.next();
  if (head.done) throw new AppError(400, EMPTY_FILE);
  const header = head.value.cells.map((c) => c.trim());
  const layout = layoutOf(kind, header);
  const importId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(imports)
      .values({ subscriberId: ctx.actor.subscriberId, kind, fileName: fileName.slice(0, 255), format: layout.label ? `${layout.label} (${format})` : format, header, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning({ id: imports.id });
    const counts: Counts = { total: 0, toCreate: 0, toUpdate: 0, rejected: 0 };
    const seen: Seen = { customersByName: new Map(), customerIds: new Set() };
    // The next rows are read and checked while the database looks up and stores the batch before them; batches are
    // stored one after the other, in the file's order (a QuickBooks job's customer is in a row above it).
    let storing: Promise<void> = Promise.resolve();
    const store = async (batch: FileRow[]) => {
      const checked = checkBatch(kind, batch, layout, access);
      await storing;
      storing = storeBatch(tx, ctx, row.id, kind, checked, seen, counts);
      void storing.catch(() => undefined); // awaited before the next batch or at the end
    };
    let batch: FileRow[] = [];
    for await (const r of rows) {
      batch.push(r);
      if (batch.length === STAGE_BATCH) {
        await store(batch);
        batch = [];
      }
    }
    if (batch.length) await store(batch);
    await storing;
    if (counts.total === 0) throw new AppError(400, `The file has no rows below its header: add the ${IMPORT_KIND_INFO[kind].plural} to import, one a row.`);
    await tx
      .update(imports)
      .set({ totalRows: counts.total, toCreate: counts.toCreate, toUpdate: counts.toUpdate, rejectedRows: counts.rejected })
      .where(eq(imports.id, row.id));
    await recordAudit(tx, ctx, { entity: 'import', entityId: row.id, action: 'create', after: { kind, fileName, ...counts } });
    return row.id;
  });
  return importOf(ctx, importId);
}
