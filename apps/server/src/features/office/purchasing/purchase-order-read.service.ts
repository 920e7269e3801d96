import Decimal from 'decimal.js';
import { asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { lineTotal, sumMoney, type Access, type PurchaseOrder, type PurchaseOrderChoices, type PurchaseOrderList, type PurchaseOrderListParsed, type PurchaseOrderSummary } from '@sm/shared';
import {
  customers, purchaseOrderLines, purchaseOrderReceipts, purchaseOrders, shipToAddresses, users, vendors, warehouses, workOrderStatuses, workOrders,
} from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { containsPattern } from '../customers/customer-visibility';
import { amount } from '../work-order-items/work-order-item-access';
import { visibleWorkOrders } from '../work-orders/work-order-visibility';

// The outer row is named in full: drizzle leaves a lone table's columns unqualified, which the subquery would take as its own.
/** A purchase order's total, exact: the sum of its lines' quantity × unit cost, each rounded to the cent. */
const totalSql = sql<string>`coalesce((select sum(round(l.quantity * l.unit_cost, 2)) from purchase_order_lines l where l.purchase_order_id = "purchase_orders"."id"), 0)`;

function summaries(db: DbOrTx) {
  return db
    .select({ po: purchaseOrders, vendorName: vendors.name, workOrderNumber: workOrders.workOrderNumber, total: totalSql })
    .from(purchaseOrders)
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .leftJoin(workOrders, eq(workOrders.id, purchaseOrders.workOrderId));
}

type SummaryRow = { po: typeof purchaseOrders.$inferSelect; vendorName: string; workOrderNumber: string | null; total: string };

const summaryOf = ({ po, vendorName, workOrderNumber, total }: SummaryRow): PurchaseOrderSummary => ({
  purchaseOrderId: po.id,
  number: po.number,
  vendorId: po.vendorId,
  vendorName,
  workOrderId: po.workOrderId,
  workOrderNumber,
  status: po.status,
  total: amount(new Decimal(total).toFixed(2)),
  createdAt: po.createdAt.toISOString(),
  expectedOn: po.expectedOn,
});

/** `GET PurchaseOrder`: a page of the company's purchase orders, newest first, by status and a text in the number, vendor or work order. */
export async function listPurchaseOrders(ctx: Ctx, q: PurchaseOrderListParsed): Promise<PurchaseOrderList> {
  const needle = q.search ? containsPattern(q.search) : null;
  const where = ofTenant(
    purchaseOrders,
    ctx,
    q.status ? eq(purchaseOrders.status, q.status) : undefined,
    needle
      ? or(sql`${purchaseOrders.number}::text like ${needle}`, sql`lower(${vendors.name}) like ${needle}`, sql`lower(coalesce(${workOrders.workOrderNumber}, '')) like ${needle}`)
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    summaries(ctx.db).where(where).orderBy(desc(purchaseOrders.number), desc(purchaseOrders.id)).limit(q.take).offset(q.skip),
    ctx.db.select({ total: count() }).from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId)).leftJoin(workOrders, eq(workOrders.id, purchaseOrders.workOrderId)).where(where),
  ]);
  return { data: rows.map(summaryOf), total };
}

/** `GET WorkOrder/{workOrderId}/purchaseOrders`: the purchase orders of a work order the caller may see, newest first. */
export async function workOrderPurchaseOrders(ctx: Ctx, access: Access, workOrderId: number): Promise<PurchaseOrderSummary[]> {
  const [wo] = await ctx.db.select({ id: workOrders.id }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId), visibleWorkOrders(ctx, access)));
  if (!wo) throw notFound('Work order');
  const rows = await summaries(ctx.db).where(ofTenant(purchaseOrders, ctx, eq(purchaseOrders.workOrderId, wo.id))).orderBy(desc(purchaseOrders.number));
  return rows.map(summaryOf);
}

/** A purchase order of the caller's company, locked for a change when asked; another company's is a 404. */
export async function purchaseOrderRow(db: DbOrTx, ctx: Ctx, id: number, opts: { lock?: boolean } = {}) {
  const query = db.select().from(purchaseOrders).where(ofTenant(purchaseOrders, ctx, eq(purchaseOrders.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Purchase order');
  return row;
}

/** Each line with what has been received of it (the sum of its receipts), in line order. */
export async function linesWithReceived(db: DbOrTx, ctx: Ctx, purchaseOrderIds: number[]) {
  if (purchaseOrderIds.length === 0) return [];
  const received = sql<string>`coalesce((select sum(r.quantity) from purchase_order_receipts r where r.line_id = "purchase_order_lines"."id"), 0)`;
  const rows = await db
    .select({ line: purchaseOrderLines, received })
    .from(purchaseOrderLines)
    .where(ofTenant(purchaseOrderLines, ctx, inArray(purchaseOrderLines.purchaseOrderId, purchaseOrderIds)))
    .orderBy(asc(purchaseOrderLines.purchaseOrderId), asc(purchaseOrderLines.lineNumber));
  return rows.map(({ line, received: r }) => ({ ...line, received: new Decimal(r), outstanding: Decimal.max(0, new Decimal(line.quantity).minus(r)) }));
}
export type LineWithReceived = Awaited<ReturnType<typeof linesWithReceived>>[number];

const addressOf = (a: { street: string | null; city: string | null; state: string | null; zip: string | null }) =>
  [a.street, [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(', ');

/** `GET PurchaseOrder/{purchaseOrderId}`: the purchase order, its lines with received, outstanding and back ordered quantities, its receipts and total. */
export async function readPurchaseOrder(db: DbOrTx, ctx: Ctx, id: number): Promise<PurchaseOrder> {
  const [row] = await summaries(db).where(ofTenant(purchaseOrders, ctx, eq(purchaseOrders.id, id)));
  if (!row) throw notFound('Purchase order');
  const { po } = row;
  const [[vendor], [shipTo], [creator], [wo], lines, receipts] = await Promise.all([
    db.select().from(vendors).where(ofTenant(vendors, ctx, eq(vendors.id, po.vendorId))),
    po.shipToAddressId === null ? Promise.resolve([]) : db.select().from(shipToAddresses).where(ofTenant(shipToAddresses, ctx, eq(shipToAddresses.id, po.shipToAddressId))),
    po.createdBy === null ? Promise.resolve([]) : db.select({ name: users.name }).from(users).where(eq(users.id, po.createdBy)),
    po.workOrderId === null
      ? Promise.resolve([])
      : db
          .select({ customerName: customers.name, status: workOrderStatuses.name })
          .from(workOrders)
          .innerJoin(customers, eq(customers.id, workOrders.customerId))
          .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
          .where(ofTenant(workOrders, ctx, eq(workOrders.id, po.workOrderId))),
    linesWithReceived(db, ctx, [po.id]),
    db
      .select({ r: purchaseOrderReceipts, warehouseName: warehouses.name, receivedByName: users.name })
      .from(purchaseOrderReceipts)
      .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, purchaseOrderReceipts.lineId))
      .innerJoin(warehouses, eq(warehouses.id, purchaseOrderReceipts.warehouseId))
      .leftJoin(users, eq(users.id, purchaseOrderReceipts.receivedBy))
      .where(ofTenant(purchaseOrderReceipts, ctx, eq(purchaseOrderLines.purchaseOrderId, po.id)))
      .orderBy(asc(purchaseOrderReceipts.receivedAt), asc(purchaseOrderReceipts.id)),
  ]);
  const lineTotals = lines.map((l) => lineTotal(l.quantity, l.unitCost));
  return {
    ...summaryOf(row),
    total: amount(sumMoney(lineTotals)),
    vendorEmail: vendor?.email ?? vendor?.contactEmail ?? null,
    shipToAddressId: po.shipToAddressId,
    shipToName: shipTo?.name ?? null,
    shipToAddress: shipTo ? addressOf(shipTo) : null,
    customerName: wo?.customerName ?? null,
    workOrderStatus: wo?.status ?? null,
    notes: po.notes,
    createdByName: creator?.name ?? null,
    sentAt: po.sentAt?.toISOString() ?? null,
    closedAt: po.closedAt?.toISOString() ?? null,
    lines: lines.map((l, i) => ({
      lineId: l.id,
      lineNumber: l.lineNumber,
      itemId: l.itemId,
      partNumber: l.partNumber,
      description: l.description,
      quantity: amount(l.quantity),
      unitCost: amount(l.unitCost),
      lineTotal: amount(lineTotals[i]),
      received: amount(l.received.toFixed(3)),
      outstanding: amount(l.outstanding.toFixed(3)),
      backOrdered: amount(l.backOrderedQuantity),
      backOrderExpectedOn: l.backOrderExpectedOn,
    })),
    receipts: receipts.map(({ r, warehouseName, receivedByName }) => ({
      receiptId: r.id,
      lineId: r.lineId,
      warehouseId: r.warehouseId,
      warehouseName,
      quantity: amount(r.quantity),
      receivedByName,
      receivedAt: r.receivedAt.toISOString(),
    })),
  };
}

/** `GET PurchaseOrder/choices`: active vendors, the ship-to addresses (the default first) and active warehouses and trucks. */
export async function purchaseOrderChoices(ctx: Ctx): Promise<PurchaseOrderChoices> {
  const [vendorRows, shipTos, locations] = await Promise.all([
    ctx.db.select().from(vendors).where(ofTenant(vendors, ctx, eq(vendors.isActive, true))).orderBy(asc(vendors.name)),
    ctx.db.select().from(shipToAddresses).where(ofTenant(shipToAddresses, ctx)).orderBy(desc(shipToAddresses.isDefault), asc(shipToAddresses.name)),
    ctx.db.select().from(warehouses).where(ofTenant(warehouses, ctx, eq(warehouses.isActive, true))).orderBy(asc(warehouses.isTruck), asc(warehouses.name)),
  ]);
  return {
    vendors: vendorRows.map((v) => ({ id: v.id, name: v.name, email: v.email ?? v.contactEmail })),
    shipToAddresses: shipTos.map((s) => ({ id: s.id, name: s.name, address: addressOf(s), isDefault: s.isDefault })),
    locations: locations.map((w) => ({ id: w.id, name: w.name, isTruck: w.isTruck })),
  };
}

/** `GET PurchaseOrder/workOrders`: up to 20 work orders the caller may see, by number, customer or problem, and the chosen one. */
export async function purchaseOrderWorkOrderOptions(ctx: Ctx, access: Access, q: { search?: string; workOrderId?: number }) {
  const needle = q.search ? containsPattern(q.search) : null;
  const rows = await ctx.db
    .select({ workOrderId: workOrders.id, workOrderNumber: workOrders.workOrderNumber, customerName: customers.name, problem: workOrders.problem })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(
      ofTenant(
        workOrders,
        ctx,
        visibleWorkOrders(ctx, access),
        needle ? or(sql`lower(${workOrders.workOrderNumber}) like ${needle}`, sql`lower(${customers.name}) like ${needle}`, sql`lower(${workOrders.problem}) like ${needle}`) : undefined,
      ),
    )
    .orderBy(desc(workOrders.id))
    .limit(20);
  if (q.workOrderId && !rows.some((r) => r.workOrderId === q.workOrderId)) {
    const [chosen] = await ctx.db
      .select({ workOrderId: workOrders.id, workOrderNumber: workOrders.workOrderNumber, customerName: customers.name, problem: workOrders.problem })
      .from(workOrders)
      .innerJoin(customers, eq(customers.id, workOrders.customerId))
      .where(ofTenant(workOrders, ctx, eq(workOrders.id, q.workOrderId), visibleWorkOrders(ctx, access)));
    if (chosen) rows.unshift(chosen);
  }
  return rows;
}

/** The lines' received quantities as a map by line id, to check a change against. */
export const receivedByLine = (lines: LineWithReceived[]) => new Map(lines.map((l) => [l.id, l.received]));

/** Whether every line is received in full. */
export const isAllReceived = (lines: LineWithReceived[]) => lines.length > 0 && lines.every((l) => l.outstanding.isZero());
