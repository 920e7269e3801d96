import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { QbImportKind, QbImportRow, QbImportStatus } from '@sm/shared';
import { customers, standardItems, users } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { customerDefaultsOf } from '../../office/customers/customer-defaults';
import { amountOf } from './quickbooks-client';
import { storedQuickBooksAccount, quickBooksSystemOf } from './quickbooks-account.service';
import { quickBooksImportRows } from './quickbooks.table';

/**
 * The QuickBooks import list (administration qbImportList): the customers and items read from QuickBooks, one row per
 * record there, and what the company decided of each: matched to a customer or standard item here (which then carries
 * the QuickBooks id as its external id, so invoices post to that customer), created here from it, or ignored.
 */

type StoredRow = typeof quickBooksImportRows.$inferSelect;
type Entity = Record<string, unknown>;
const obj = (v: unknown): Entity => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Entity) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A value as JSON text with every object's keys in order: jsonb keeps its own order, so texts compare only this way. */
const canonical = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(canonical).join(',')}]` : v && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Entity)[k])}`).join(',')}}` : JSON.stringify(v);

/** The name a QuickBooks record is listed by. */
const nameOf = (kind: QbImportKind, e: Entity) => (kind === 'customer' ? str(e.DisplayName) || str(e.CompanyName) : str(e.FullyQualifiedName) || str(e.Name)) || `(id ${str(e.Id)})`;

/**
 * `POST QuickBooks/import`: reads every customer and item from the company's saved QuickBooks connection (enabled or
 * not: a company may post to Intacct and still import from QuickBooks) and keeps them by their QuickBooks id: a new
 * record is added pending, one read before is updated (name and detail) and keeps its status.
 */
export async function readQuickBooksImport(ctx: Ctx): Promise<{ added: number; updated: number; total: number }> {
  return ctx.db.transaction(async (tx) => {
    const account = await storedQuickBooksAccount(tx, ctx.actor.subscriberId);
    if (!account) throw new AppError(409, 'QuickBooks is not set up for your company: save the connection in QuickBooks settings first.');
    const system = quickBooksSystemOf(tx, account);
    const read: { kind: QbImportKind; entities: Entity[] }[] = [
      { kind: 'customer', entities: await system.readCustomers() },
      { kind: 'item', entities: await system.readItems() },
    ];
    let added = 0;
    let updated = 0;
    let total = 0;
    for (const { kind, entities } of read) {
      const known = new Map((await tx.select().from(quickBooksImportRows).where(ofTenant(quickBooksImportRows, ctx, eq(quickBooksImportRows.kind, kind)))).map((r) => [r.qbId, r]));
      for (const entity of entities) {
        const qbId = str(entity.Id);
        if (!qbId) continue;
        total++;
        const name = nameOf(kind, entity);
        const before = known.get(qbId);
        if (before && before.name === name && canonical(before.detail) === canonical(entity)) continue;
        if (before) updated++;
        else added++;
        await tx
          .insert(quickBooksImportRows)
          .values({ subscriberId: ctx.actor.subscriberId, kind, qbId, name, detail: entity, readAt: ctx.now })
          .onConflictDoUpdate({ target: [quickBooksImportRows.subscriberId, quickBooksImportRows.kind, quickBooksImportRows.qbId], set: { name, detail: entity, readAt: ctx.now } });
      }
    }
    return { added, updated, total };
  });
}

/** The name of the record each row is matched to or was created as, by kind and id. */
async function recordNames(db: DbOrTx, ctx: Ctx, rows: StoredRow[]): Promise<Map<string, string>> {
  const ids = (kind: QbImportKind) => rows.filter((r) => r.kind === kind && r.recordId !== null).map((r) => r.recordId!);
  const names = new Map<string, string>();
  const customerIds = ids('customer');
  const itemIds = ids('item');
  if (customerIds.length) for (const c of await db.select({ id: customers.id, name: customers.name }).from(customers).where(ofTenant(customers, ctx, inArray(customers.id, customerIds)))) names.set(`customer:${c.id}`, c.name);
  if (itemIds.length) for (const i of await db.select({ id: standardItems.id, name: standardItems.name }).from(standardItems).where(ofTenant(standardItems, ctx, inArray(standardItems.id, itemIds)))) names.set(`item:${i.id}`, i.name);
  return names;
}

const rowOf = (r: StoredRow, names: Map<string, string>): QbImportRow => ({
  qbImportRowId: r.id,
  kind: r.kind as QbImportKind,
  qbId: r.qbId,
  name: r.name,
  status: r.status as QbImportStatus,
  recordId: r.recordId,
  recordName: r.recordId === null ? null : (names.get(`${r.kind}:${r.recordId}`) ?? null),
  readAt: r.readAt.toISOString(),
});

/** `GET QuickBooks/import`: the rows of one kind and status when asked, newest first. */
export async function listQuickBooksImport(ctx: Ctx, query: { kind?: QbImportKind; status?: QbImportStatus; take: number; skip: number }): Promise<{ data: QbImportRow[]; total: number }> {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(quickBooksImportRows.kind, query.kind));
  if (query.status) filters.push(eq(quickBooksImportRows.status, query.status));
  const where = ofTenant(quickBooksImportRows, ctx, ...filters);
  const rows = await ctx.db.select().from(quickBooksImportRows).where(where).orderBy(desc(quickBooksImportRows.id)).limit(query.take).offset(query.skip);
  const [{ total }] = await ctx.db.select({ total: count() }).from(quickBooksImportRows).where(where);
  const names = await recordNames(ctx.db, ctx, rows);
  return { data: rows.map((r) => rowOf(r, names)), total };
}

async function storedRow(db: DbOrTx, ctx: Ctx, id: number, opts: { lock?: boolean } = {}): Promise<StoredRow> {
  const query = db.select().from(quickBooksImportRows).where(ofTenant(quickBooksImportRows, ctx, eq(quickBooksImportRows.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Import row');
  return row;
}

/** `GET QuickBooks/import/{id}`: one row with what QuickBooks said of it and who last changed its status. */
export async function getQuickBooksImportRow(ctx: Ctx, id: number) {
  const row = await storedRow(ctx.db, ctx, id);
  const [changer] = row.statusChangedBy ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, row.statusChangedBy)) : [];
  return { ...rowOf(row, await recordNames(ctx.db, ctx, [row])), detail: row.detail, statusChangedBy: changer?.name ?? null, statusChangedAt: row.statusChangedAt?.toISOString() ?? null };
}

/** Sets (or clears) the QuickBooks id a customer or standard item carries; another record holding it is refused. */
async function linkRecord(tx: Tx, ctx: Ctx, row: StoredRow, recordId: number) {
  const table = row.kind === 'customer' ? customers : standardItems;
  const what = row.kind === 'customer' ? 'Customer' : 'Standard item';
  const [record] = await tx.select({ id: table.id, name: table.name }).from(table).where(ofTenant(table, ctx, eq(table.id, recordId)));
  if (!record) throw notFound(what);
  const [holder] = await tx.select({ name: table.name }).from(table).where(ofTenant(table, ctx, eq(table.externalId, row.qbId), ne(table.id, recordId)));
  if (holder) throw new AppError(409, `${what} ${holder.name} already carries QuickBooks id ${row.qbId}; set its import row back to pending first.`);
  await tx.update(table).set({ externalId: row.qbId }).where(ofTenant(table, ctx, eq(table.id, recordId)));
}

/** A customer or standard item made from the QuickBooks record, carrying its id; answers the new record's id. */
async function createRecord(tx: Tx, ctx: Ctx, row: StoredRow): Promise<number> {
  const e = row.detail;
  if (row.kind === 'item') {
    const [clash] = await tx.select({ id: standardItems.id }).from(standardItems).where(ofTenant(standardItems, ctx, eq(standardItems.name, row.name)));
    if (clash) throw new AppError(409, `A standard item named ${row.name} already exists: match the row to it instead.`);
    const [created] = await tx
      .insert(standardItems)
      .values({ subscriberId: ctx.actor.subscriberId, name: row.name, description: str(e.Description) || null, price: amountOf(e.UnitPrice ?? 0), isActive: e.Active !== false, externalId: row.qbId })
      .returning({ id: standardItems.id });
    return created.id;
  }
  const address = obj(e.BillAddr);
  const [created] = await tx
    .insert(customers)
    .values({
      subscriberId: ctx.actor.subscriberId, name: row.name, address: str(address.Line1), city: str(address.City), state: str(address.CountrySubDivisionCode), zip: str(address.PostalCode),
      phone: str(obj(e.PrimaryPhone).FreeFormNumber) || null, email: str(obj(e.PrimaryEmailAddr).Address) || null, isBillingCustomer: true, externalId: row.qbId,
      ...(await customerDefaultsOf(tx, ctx)),
    })
    .returning({ id: customers.id });
  return created.id;
}

/**
 * `PUT QuickBooks/import/{id}/status` ("Change QB Import Status"): matches the row to a customer or standard item of
 * the company, creates one from it, ignores it, or sets it back to pending, in one transaction with its audit entry.
 * A record the row no longer names gives up the QuickBooks id it carried; a row already created is not created twice.
 */
export async function setQuickBooksImportStatus(ctx: Ctx, id: number, input: { status: QbImportStatus; recordId?: number }) {
  await ctx.db.transaction(async (tx) => {
    const row = await storedRow(tx, ctx, id, { lock: true });
    if (input.status === 'matched' && input.recordId === undefined) throw new AppError(400, `Record field is required! Name the ${row.kind === 'customer' ? 'customer' : 'standard item'} to match it to.`);
    if (input.status === 'created' && row.status === 'created') throw new AppError(409, `${row.name} was already created from QuickBooks; it is not created twice.`);
    const table = row.kind === 'customer' ? customers : standardItems;
    if (row.recordId !== null && !(input.status === 'matched' && input.recordId === row.recordId)) {
      await tx.update(table).set({ externalId: null }).where(ofTenant(table, ctx, and(eq(table.id, row.recordId), eq(table.externalId, row.qbId))));
    }
    let recordId: number | null = null;
    if (input.status === 'matched') {
      await linkRecord(tx, ctx, row, input.recordId!);
      recordId = input.recordId!;
    } else if (input.status === 'created') {
      recordId = await createRecord(tx, ctx, row);
    }
    await tx
      .update(quickBooksImportRows)
      .set({ status: input.status, recordId, statusChangedBy: ctx.actor.userId, statusChangedAt: ctx.now })
      .where(ofTenant(quickBooksImportRows, ctx, eq(quickBooksImportRows.id, id)));
    await recordAudit(tx, ctx, {
      entity: 'quickBooksImportRow',
      entityId: id,
      action: 'status',
      before: { status: row.status, recordId: row.recordId },
      after: { status: input.status, recordId, kind: row.kind, qbId: row.qbId },
    });
  });
  return getQuickBooksImportRow(ctx, id);
}
