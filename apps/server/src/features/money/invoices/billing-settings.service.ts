import { asc, eq, max, sql } from 'drizzle-orm';
import { jsonNumberOf, type TaxStatus } from '@sm/shared';
import { billingSettings, invoices, taxRatesPerState } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/** `GET Billing/settings`: the next invoice number and the card convenience fee of the company. */
export async function getBillingSettings(ctx: Ctx) {
  const [row] = await ctx.db.select().from(billingSettings).where(eq(billingSettings.subscriberId, ctx.actor.subscriberId));
  return { nextInvoiceNumber: row?.nextInvoiceNumber ?? 1, convenienceFeePercent: jsonNumberOf(row?.convenienceFeePercent ?? 0) };
}

/**
 * `PUT Billing/invoiceNumber` ("Manage Invoice Numbers"): where the company's invoice numbers go on. A number already
 * given is refused, so numbers stay unique (the database holds that too). The counter row is locked while checking.
 */
export async function setNextInvoiceNumber(ctx: Ctx, nextInvoiceNumber: number) {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(billingSettings).values({ subscriberId: ctx.actor.subscriberId }).onConflictDoNothing();
    await tx.select().from(billingSettings).where(eq(billingSettings.subscriberId, ctx.actor.subscriberId)).for('update');
    const [{ highest }] = await tx.select({ highest: max(invoices.invoiceNumber) }).from(invoices).where(ofTenant(invoices, ctx));
    if (highest != null && nextInvoiceNumber <= highest) {
      throw new AppError(409, `Invoice number ${highest} is already used: the next invoice number must be above it.`);
    }
    await tx.update(billingSettings).set({ nextInvoiceNumber }).where(eq(billingSettings.subscriberId, ctx.actor.subscriberId));
  });
  return getBillingSettings(ctx);
}

/** `PUT Billing/convenienceFee`: the percent of a card payment charged on top of it, for invoices submitted from now on. */
export async function setConvenienceFee(ctx: Ctx, convenienceFeePercent: number) {
  await ctx.db
    .insert(billingSettings)
    .values({ subscriberId: ctx.actor.subscriberId, convenienceFeePercent: String(convenienceFeePercent) })
    .onConflictDoUpdate({ target: billingSettings.subscriberId, set: { convenienceFeePercent: String(convenienceFeePercent) } });
  return getBillingSettings(ctx);
}

/** `GET Billing/taxStatusPerState`: the sales tax of each state the company has set, by state. */
export async function listTaxStatuses(ctx: Ctx): Promise<TaxStatus[]> {
  const rows = await ctx.db.select().from(taxRatesPerState).where(ofTenant(taxRatesPerState, ctx)).orderBy(asc(taxRatesPerState.state));
  return rows.map((r) => ({ state: r.state, taxRate: jsonNumberOf(r.taxRate), isServiceTaxable: r.isServiceTaxable }));
}

/** `PUT Billing/taxStatusPerState`: a state's tax rate and whether it taxes services, for invoices submitted from now on. */
export async function saveTaxStatus(ctx: Ctx, body: { state: string; taxRate: number; isServiceTaxable: boolean }): Promise<TaxStatus> {
  const values = { subscriberId: ctx.actor.subscriberId, state: body.state, taxRate: String(body.taxRate), isServiceTaxable: body.isServiceTaxable };
  await ctx.db
    .insert(taxRatesPerState)
    .values(values)
    .onConflictDoUpdate({ target: [taxRatesPerState.subscriberId, taxRatesPerState.state], set: { taxRate: sql`excluded.tax_rate`, isServiceTaxable: sql`excluded.is_service_taxable` } });
  return { state: body.state, taxRate: body.taxRate, isServiceTaxable: body.isServiceTaxable };
}
