import Decimal from 'decimal.js';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import {
  lineTotal, sumMoney, type CreateVendorCreditBody, type GridRequestParsed, type VendorCredit, type VendorCreditPurchaseOrder, type VendorCreditRow, type VendorOption,
} from '@sm/shared';
import { inventoryItems, purchaseOrders, users, vendorCreditLines, vendorCredits, vendors, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import type { GridColumns } from '../../../lib/grid';
import { gridPage, type GridPageAnswer } from '../../../lib/grid-page';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { amount } from '../work-order-items/work-order-item-access';

/**
 * Vendor credits (spec platform 2.1 /vendorCredits): the grid, one credit with its lines, a credit the office opens,
 * its purchase order, and its end: applied with the vendor's credit memo reference, or canceled while open.
 */

const creators = alias(users, 'creators');
const appliers = alias(users, 'appliers');

/** The exact sum of a credit's lines, as text (numeric). */
const amountOf = sql<string>`coalesce((select sum(round(l.quantity * l.unit_cost, 2)) from ${vendorCreditLines} l where l.vendor_credit_id = ${vendorCredits.id}), 0)`;

const COLUMNS: GridColumns = {
  vendorCreditId: { sql: vendorCredits.id, type: 'number' },
  vendorName: { sql: vendors.name, type: 'text' },
  purchaseOrderNumber: { sql: purchaseOrders.number, type: 'number' },
  workOrderNumber: { sql: workOrders.workOrderNumber, type: 'text' },
  status: { sql: vendorCredits.status, type: 'text' },
  amount: { sql: amountOf, type: 'number' },
  vendorReference: { sql: vendorCredits.vendorReference, type: 'text' },
  createdBy: { sql: creators.name, type: 'text' },
  createdAt: { sql: vendorCredits.createdAt, type: 'date' },
};

function withNames<T extends PgSelect>(query: T): T {
  return query
    .innerJoin(vendors, eq(vendors.id, vendorCredits.vendorId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, vendorCredits.purchaseOrderId))
    .leftJoin(workOrders, eq(workOrders.id, vendorCredits.workOrderId))
    .leftJoin(creators, eq(creators.id, vendorCredits.createdBy))
    .leftJoin(appliers, eq(appliers.id, vendorCredits.appliedBy)) as unknown as T;
}

const FIELDS = {
  credit: vendorCredits,
  vendorName: vendors.name,
  purchaseOrderNumber: purchaseOrders.number,
  workOrderNumber: workOrders.workOrderNumber,
  createdBy: creators.name,
  appliedBy: appliers.name,
  amount: amountOf,
};
type Joined = { credit: typeof vendorCredits.$inferSelect; vendorName: string; purchaseOrderNumber: number | null; workOrderNumber: string | null; createdBy: string | null; appliedBy: string | null; amount: string };

const rowOf = (r: Joined): VendorCreditRow => ({
  vendorCreditId: r.credit.id,
  vendorId: r.credit.vendorId,
  vendorName: r.vendorName,
  purchaseOrderId: r.credit.purchaseOrderId,
  purchaseOrderNumber: r.purchaseOrderNumber,
  workOrderId: r.credit.workOrderId,
  workOrderNumber: r.workOrderNumber,
  status: r.credit.status,
  amount: amount(new Decimal(r.amount).toFixed(2)),
  vendorReference: r.credit.vendorReference,
  createdBy: r.createdBy,
  createdAt: r.credit.createdAt.toISOString(),
});

/** `POST VendorCredit/list`: the company's vendor credits, paged, sorted and filtered on the server, newest first. */
export async function listVendorCredits(ctx: Ctx, req: GridRequestParsed): Promise<GridPageAnswer<VendorCreditRow>> {
  const spec = {
    request: req,
    columns: COLUMNS,
    defaultSort: { field: 'createdAt', dir: 'desc' } as const,
    timeZone: () => companyTimeZone(ctx),
    table: vendorCredits,
    id: vendorCredits.id,
    where: ofTenant(vendorCredits, ctx),
    join: withNames,
    select: FIELDS,
  };
  return gridPage(ctx.db, spec, (rows) => rows.map((r) => rowOf(r as Joined)));
}

/** `GET VendorCredit/{id}`: one credit with its lines and who applied it; another company's is a 404. */
export async function getVendorCredit(db: DbOrTx, ctx: Ctx, vendorCreditId: number): Promise<VendorCredit> {
  const [r] = (await withNames(db.select(FIELDS).from(vendorCredits).$dynamic() as unknown as PgSelect).where(
    ofTenant(vendorCredits, ctx, eq(vendorCredits.id, vendorCreditId)),
  )) as Joined[];
  if (!r) throw notFound('Vendor credit');
  const lines = await db.select().from(vendorCreditLines).where(ofTenant(vendorCreditLines, ctx, eq(vendorCreditLines.vendorCreditId, vendorCreditId))).orderBy(asc(vendorCreditLines.id));
  return {
    ...rowOf(r),
    amount: amount(sumMoney(lines.map((l) => lineTotal(l.quantity, l.unitCost)))),
    notes: r.credit.notes,
    appliedBy: r.appliedBy,
    appliedAt: r.credit.appliedAt?.toISOString() ?? null,
    lines: lines.map((l) => ({
      vendorCreditLineId: l.id,
      itemId: l.itemId,
      materialId: l.materialId,
      partNumber: l.partNumber,
      description: l.description,
      quantity: amount(l.quantity),
      unitCost: amount(l.unitCost),
      lineTotal: amount(lineTotal(l.quantity, l.unitCost)),
    })),
  };
}

/** A credit of the company, locked for a change, which must still be open. */
async function openCredit(tx: Tx, ctx: Ctx, vendorCreditId: number) {
  const [credit] = await tx.select().from(vendorCredits).where(ofTenant(vendorCredits, ctx, eq(vendorCredits.id, vendorCreditId))).for('update');
  if (!credit) throw notFound('Vendor credit');
  if (credit.status !== 'open') throw new AppError(409, `This vendor credit is ${credit.status}: it can no longer change.`);
  return credit;
}

/** A purchase order of the company from the credit's vendor, else a sentence. */
async function purchaseOrderOfVendor(tx: Tx, ctx: Ctx, purchaseOrderId: number, vendorId: number) {
  const [po] = await tx.select({ id: purchaseOrders.id, vendorId: purchaseOrders.vendorId }).from(purchaseOrders).where(ofTenant(purchaseOrders, ctx, eq(purchaseOrders.id, purchaseOrderId)));
  if (!po) throw new AppError(400, 'Purchase Order is not valid.');
  if (po.vendorId !== vendorId) throw new AppError(400, 'The purchase order is from another vendor.');
  return po.id;
}

/** `POST VendorCredit`: the office opens a credit with a vendor: lines of items (their description and cost by default) or free text. */
export async function createVendorCredit(ctx: Ctx, body: CreateVendorCreditBody): Promise<VendorCredit> {
  return ctx.db.transaction(async (tx) => {
    const [vendor] = await tx.select({ id: vendors.id }).from(vendors).where(ofTenant(vendors, ctx, eq(vendors.id, body.vendorId), eq(vendors.isActive, true)));
    if (!vendor) throw new AppError(400, 'Vendor is not valid.');
    const purchaseOrderId = body.purchaseOrderId == null ? null : await purchaseOrderOfVendor(tx, ctx, body.purchaseOrderId, vendor.id);
    const itemIds = [...new Set(body.lines.flatMap((l) => (l.itemId == null ? [] : [l.itemId])))];
    const items = new Map(
      itemIds.length === 0 ? [] : (await tx.select().from(inventoryItems).where(ofTenant(inventoryItems, ctx, inArray(inventoryItems.id, itemIds)))).map((i) => [i.id, i]),
    );
    const lines = body.lines.map((l) => {
      const item = l.itemId == null ? undefined : items.get(l.itemId);
      if (l.itemId != null && !item) throw new AppError(400, 'Item is not valid.');
      return {
        itemId: item?.id ?? null,
        partNumber: l.partNumber || item?.partNumber || null,
        description: l.description || item!.description,
        quantity: new Decimal(l.quantity).toFixed(3),
        unitCost: l.unitCost != null ? new Decimal(l.unitCost).toFixed(2) : item!.unitCost,
      };
    });
    const [credit] = await tx
      .insert(vendorCredits)
      .values({ subscriberId: ctx.actor.subscriberId, vendorId: vendor.id, purchaseOrderId, notes: body.notes || null, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning();
    await tx.insert(vendorCreditLines).values(lines.map((l) => ({ ...l, subscriberId: ctx.actor.subscriberId, vendorCreditId: credit.id })));
    await recordAudit(tx, ctx, { entity: 'vendorCredit', entityId: credit.id, action: 'create', after: { vendorId: vendor.id, purchaseOrderId, notes: credit.notes, lines } });
    return getVendorCredit(tx, ctx, credit.id);
  });
}

/** `PUT VendorCredit/{id}/purchaseOrder`: match an open credit to a purchase order of its vendor, or undo the match (null). */
export async function matchVendorCredit(ctx: Ctx, vendorCreditId: number, purchaseOrderId: number | null): Promise<VendorCredit> {
  return ctx.db.transaction(async (tx) => {
    const credit = await openCredit(tx, ctx, vendorCreditId);
    const next = purchaseOrderId == null ? null : await purchaseOrderOfVendor(tx, ctx, purchaseOrderId, credit.vendorId);
    if (next !== credit.purchaseOrderId) {
      await tx.update(vendorCredits).set({ purchaseOrderId: next }).where(ofTenant(vendorCredits, ctx, eq(vendorCredits.id, credit.id)));
      await recordAudit(tx, ctx, { entity: 'vendorCredit', entityId: credit.id, action: 'match', before: { purchaseOrderId: credit.purchaseOrderId }, after: { purchaseOrderId: next } });
    }
    return getVendorCredit(tx, ctx, credit.id);
  });
}

/** `PUT VendorCredit/{id}/apply`: the vendor's credit memo reference closes an open credit to further changes. */
export async function applyVendorCredit(ctx: Ctx, vendorCreditId: number, vendorReference: string): Promise<VendorCredit> {
  return ctx.db.transaction(async (tx) => {
    const credit = await openCredit(tx, ctx, vendorCreditId);
    await tx.update(vendorCredits).set({ status: 'applied', vendorReference, appliedBy: ctx.actor.userId, appliedAt: ctx.now }).where(ofTenant(vendorCredits, ctx, eq(vendorCredits.id, credit.id)));
    await recordAudit(tx, ctx, { entity: 'vendorCredit', entityId: credit.id, action: 'apply', before: { status: credit.status }, after: { status: 'applied', vendorReference } });
    return getVendorCredit(tx, ctx, credit.id);
  });
}

/** `PUT VendorCredit/{id}/cancel`: an open credit is canceled; its parts stay returned (their materials say so). */
export async function cancelVendorCredit(ctx: Ctx, vendorCreditId: number): Promise<VendorCredit> {
  return ctx.db.transaction(async (tx) => {
    const credit = await openCredit(tx, ctx, vendorCreditId);
    await tx.update(vendorCredits).set({ status: 'canceled' }).where(ofTenant(vendorCredits, ctx, eq(vendorCredits.id, credit.id)));
    await recordAudit(tx, ctx, { entity: 'vendorCredit', entityId: credit.id, action: 'cancel', before: { status: credit.status }, after: { status: 'canceled' } });
    return getVendorCredit(tx, ctx, credit.id);
  });
}

/** `GET VendorCredit/{id}/purchaseOrders`: the purchase orders of the credit's vendor it may be matched to, newest first. */
export async function listCreditPurchaseOrders(ctx: Ctx, vendorCreditId: number): Promise<VendorCreditPurchaseOrder[]> {
  const [credit] = await ctx.db.select({ vendorId: vendorCredits.vendorId }).from(vendorCredits).where(ofTenant(vendorCredits, ctx, eq(vendorCredits.id, vendorCreditId)));
  if (!credit) throw notFound('Vendor credit');
  const rows = await ctx.db
    .select()
    .from(purchaseOrders)
    .where(ofTenant(purchaseOrders, ctx, and(eq(purchaseOrders.vendorId, credit.vendorId), ne(purchaseOrders.status, 'canceled'))))
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
    .limit(200);
  return rows.map((p) => ({ purchaseOrderId: p.id, number: p.number, status: p.status, createdAt: p.createdAt.toISOString() }));
}

/** `GET VendorCredit/vendors`: the company's active vendors, by name, for a new credit. */
export async function listCreditVendors(ctx: Ctx): Promise<VendorOption[]> {
  const rows = await ctx.db.select({ vendorId: vendors.id, name: vendors.name }).from(vendors).where(ofTenant(vendors, ctx, eq(vendors.isActive, true))).orderBy(asc(vendors.name));
  return rows;
}
