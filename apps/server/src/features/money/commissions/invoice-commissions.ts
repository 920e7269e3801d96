import Decimal from 'decimal.js';
import { and, asc, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { jsonNumberOf, type CommissionKind, type InvoiceCommission } from '@sm/shared';
import { commissionRates, companyListRows, customers, invoiceCommissions, invoices, users, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';

type InvoiceRow = typeof invoices.$inferSelect;

/** base × percent / 100, rounded half-up to the cent, from the exact product. */
export const commissionOf = (base: Decimal.Value, ratePercent: Decimal.Value) =>
  new Decimal(base).times(ratePercent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** The rate in force on a day for one kind: the sales class's own when it has one, else the company's default. */
async function rateOn(tx: DbOrTx, ctx: Ctx, kind: CommissionKind, salesClassId: number | null, day: string): Promise<string | null> {
  const r = commissionRates;
  const [row] = await tx
    .select({ ratePercent: r.ratePercent })
    .from(r)
    .where(ofTenant(r, ctx, eq(r.kind, kind), lte(r.effectiveFrom, day), salesClassId === null ? isNull(r.salesClassId) : or(eq(r.salesClassId, salesClassId), isNull(r.salesClassId))))
    .orderBy(sql`${r.salesClassId} is null`, desc(r.effectiveFrom))
    .limit(1);
  return row?.ratePercent ?? null;
}

/**
 * Freezes the commissions of an invoice being submitted (spec platform 3.15): one row per kind whose person is named
 * and whose rate is set, each the subtotal before tax (no credit is applied yet) times the rate in force on the
 * invoice's date, rounded half-up to the cent. A work order that is not commissionable, or whose sales item is not,
 * pays none. The work order's sales person is the one who sold it, the billing customer's when it names none; the
 * manager, previous sales person and territory are the billing customer's.
 */
export async function freezeCommissions(tx: Tx, ctx: Ctx, invoice: Pick<InvoiceRow, 'id' | 'workOrderId' | 'billingCustomerId' | 'subtotal' | 'invoiceDate'>) {
  const [wo] = await tx
    .select({ salesPersonId: workOrders.salesPersonId, isCommissionable: workOrders.isCommissionable, itemFlag: companyListRows.flag, salesClassId: companyListRows.wholeNumber })
    .from(workOrders)
    .leftJoin(companyListRows, and(eq(companyListRows.id, workOrders.salesItemId), eq(companyListRows.subscriberId, workOrders.subscriberId)))
    .where(ofTenant(workOrders, ctx, eq(workOrders.id, invoice.workOrderId)));
  if (!wo?.isCommissionable || wo.itemFlag === false) return;
  const [team] = await tx
    .select({ salesPersonId: customers.salesPersonId, manager: customers.salesManagerId, previous: customers.previousSalesPersonId, territory: customers.territorySalesId })
    .from(customers)
    .where(ofTenant(customers, ctx, eq(customers.id, invoice.billingCustomerId)));
  const people: Record<CommissionKind, number | null> = {
    salesPerson: wo.salesPersonId ?? team?.salesPersonId ?? null,
    manager: team?.manager ?? null,
    previous: team?.previous ?? null,
    territory: team?.territory ?? null,
  };
  const rows = [];
  for (const kind of Object.keys(people) as CommissionKind[]) {
    const userId = people[kind];
    if (userId === null) continue;
    const ratePercent = await rateOn(tx, ctx, kind, wo.salesClassId ?? null, invoice.invoiceDate);
    if (ratePercent === null) continue;
    const amount = commissionOf(invoice.subtotal, ratePercent).toFixed(2);
    rows.push({ subscriberId: ctx.actor.subscriberId, invoiceId: invoice.id, kind, userId, base: invoice.subtotal, ratePercent, amount, earnedOn: invoice.invoiceDate });
  }
  if (rows.length > 0) await tx.insert(invoiceCommissions).values(rows);
}

/**
 * A credit applied to an invoice reverses its commissions in proportion: after it, the reversals of each commission
 * add up to the commission × credits applied ÷ the invoice's total, to the cent (half-up), so an invoice credited in
 * full pays nothing. Each reversal counts on the day the credit was applied.
 */
export async function reverseCommissions(tx: Tx, ctx: Ctx, invoice: Pick<InvoiceRow, 'id' | 'total'>, creditsApplied: string, day: string) {
  const ic = invoiceCommissions;
  const rows = await tx
    .select({ kind: ic.kind, userId: ic.userId, base: ic.base, ratePercent: ic.ratePercent, amount: ic.amount, isReversal: ic.isReversal })
    .from(ic)
    .where(ofTenant(ic, ctx, eq(ic.invoiceId, invoice.id)));
  const share = new Decimal(creditsApplied).dividedBy(invoice.total);
  const reversals = [];
  for (const original of rows.filter((r) => !r.isReversal)) {
    const before = rows.filter((r) => r.isReversal && r.kind === original.kind);
    const sum = (pick: (r: (typeof rows)[number]) => string) => before.reduce((s, r) => s.plus(pick(r)), new Decimal(0));
    const amount = new Decimal(original.amount).times(share).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).plus(sum((r) => r.amount));
    const base = new Decimal(original.base).times(share).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).plus(sum((r) => r.base));
    if (amount.isZero() && base.isZero()) continue;
    reversals.push({
      subscriberId: ctx.actor.subscriberId, invoiceId: invoice.id, kind: original.kind, userId: original.userId, ratePercent: original.ratePercent,
      base: base.negated().toFixed(2), amount: amount.negated().toFixed(2), earnedOn: day, isReversal: true,
    });
  }
  if (reversals.length > 0) await tx.insert(ic).values(reversals);
}

/** An invoice's commissions and reversals, in the order of the kinds, reversals after. */
export async function listInvoiceCommissions(db: DbOrTx, ctx: Ctx, invoiceId: number): Promise<InvoiceCommission[]> {
  const ic = invoiceCommissions;
  const rows = await db
    .select({ c: ic, userName: users.name })
    .from(ic)
    .innerJoin(users, eq(users.id, ic.userId))
    .where(ofTenant(ic, ctx, eq(ic.invoiceId, invoiceId)))
    .orderBy(asc(ic.isReversal), sql`array_position(array['salesPerson','manager','previous','territory'], ${ic.kind})`, asc(ic.id));
  return rows.map(({ c, userName }) => ({
    kind: c.kind, userId: c.userId, userName, base: jsonNumberOf(c.base), ratePercent: jsonNumberOf(c.ratePercent), amount: jsonNumberOf(c.amount), earnedOn: c.earnedOn, isReversal: c.isReversal,
  }));
}
