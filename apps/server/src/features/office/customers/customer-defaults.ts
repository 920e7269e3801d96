import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CustomerBillingChoices, SaveCustomerParsed } from '@sm/shared';
import { companyListRows } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { ensureListRow } from '../../platform/reference-lists/reference-lists.service';
import { getSettingsForm } from '../../platform/settings-forms/settings-forms.service';

/** What a customer keeps of the company's lists and its tax status. */
export interface CustomerBillingFields {
  isTaxExempt: boolean;
  termsId: number | null;
  billingMethodId: number | null;
  paymentMethodId: number | null;
}

const idOrNull = (v: unknown) => (typeof v === 'number' ? v : null);

/** The company's customer defaults (administration, customerDefaultSetting): what a new customer starts with. */
export async function customerDefaultsOf(db: DbOrTx, ctx: Ctx): Promise<CustomerBillingFields> {
  const form = await getSettingsForm(ctx, 'customerDefaultSetting', db);
  return { isTaxExempt: form.taxStatus === 'exempt', termsId: idOrNull(form.termsId), billingMethodId: idOrNull(form.billingMethodId), paymentMethodId: idOrNull(form.paymentMethodId) };
}

/**
 * The billing fields a customer form names, each checked to be a row of the company's own list (404 otherwise); those
 * left out are left out of the answer too, so a new customer takes the defaults and a changed one keeps its own.
 */
export async function chosenBillingFields(db: DbOrTx, ctx: Ctx, body: SaveCustomerParsed): Promise<Partial<CustomerBillingFields>> {
  const chosen: Partial<CustomerBillingFields> = {};
  if (body.isTaxExempt !== undefined) chosen.isTaxExempt = body.isTaxExempt;
  const lists = [
    ['termsId', 'terms', 'Terms'],
    ['billingMethodId', 'billingMethods', 'Billing method'],
    ['paymentMethodId', 'paymentMethods', 'Payment method'],
  ] as const;
  for (const [field, list, label] of lists) {
    const value = body[field];
    if (value === undefined) continue;
    if (value !== null) await ensureListRow(db, ctx, list, value, label);
    chosen[field] = value;
  }
  return chosen;
}

/** `GET Customer/billingChoices`: the active terms, billing and payment methods of the company, and its customer defaults. */
export async function customerBillingChoices(ctx: Ctx): Promise<CustomerBillingChoices> {
  const rows = await ctx.db
    .select({ id: companyListRows.id, name: companyListRows.name, listKey: companyListRows.listKey })
    .from(companyListRows)
    .where(ofTenant(companyListRows, ctx, and(eq(companyListRows.isActive, true), inArray(companyListRows.listKey, ['terms', 'billingMethods', 'paymentMethods']))))
    .orderBy(asc(companyListRows.id));
  const of = (key: string) => rows.filter((r) => r.listKey === key).map(({ id, name }) => ({ id, name }));
  return { terms: of('terms'), billingMethods: of('billingMethods'), paymentMethods: of('paymentMethods'), defaults: await customerDefaultsOf(ctx.db, ctx) };
}
