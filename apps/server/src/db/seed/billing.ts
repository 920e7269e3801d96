import type { Tx } from '../../lib/context';
import { billingSettings, taxRatesPerState } from '../schema';

/** Sales tax of the states the demo companies work in, their first invoice number and a 3% card convenience fee. */
export async function seedBilling(tx: Tx, subscriberId: number, taxes: { state: string; taxRate: string; isServiceTaxable?: boolean }[]) {
  await tx.insert(billingSettings).values({ subscriberId, nextInvoiceNumber: 1001, convenienceFeePercent: '3' });
  await tx.insert(taxRatesPerState).values(taxes.map((t) => ({ subscriberId, state: t.state, taxRate: t.taxRate, isServiceTaxable: t.isServiceTaxable ?? false })));
}
