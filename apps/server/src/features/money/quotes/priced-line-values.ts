import { eq } from 'drizzle-orm';
import { quoteLineAmounts, quoteTotals, type QuoteLineBody } from '@sm/shared';
import { standardItems } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { chosenNames, type ChosenNames } from '../../platform/reference-lists/line-choices';
import { amount } from '../../office/work-order-items/work-order-item-access';

type PricedInput = QuoteLineBody & { markupPercent: number; discount?: number };

/**
 * The stored values of a priced line (a quote's or an estimate's): its price from cost and markup through the shared
 * helpers, its standard item of the company, its markup group and discount reason from the company's lists.
 */
export async function pricedLineValues(tx: Tx, ctx: Ctx, input: PricedInput, before?: ChosenNames) {
  if (input.standardItemId != null) {
    const [item] = await tx.select({ id: standardItems.id }).from(standardItems).where(ofTenant(standardItems, ctx, eq(standardItems.id, input.standardItemId)));
    if (!item) throw new AppError(400, 'Standard item is not valid.');
  }
  const discount = input.discount ?? 0;
  const names = await chosenNames(tx, ctx, { ...input, discount }, before);
  return {
    kind: input.kind,
    standardItemId: input.standardItemId ?? null,
    description: input.description,
    quantity: String(input.quantity),
    unitCost: String(input.unitCost),
    markupGroup: names.markupGroup,
    markupPercent: String(input.markupPercent),
    unitPrice: quoteLineAmounts({ ...input, discount }).unitPrice,
    discountReason: names.discountReason,
    discount: String(discount),
  };
}

/** The stored columns every priced line has. */
interface StoredPricedLine {
  lineNumber: number;
  kind: 'labor' | 'material' | 'standardItem';
  standardItemId: number | null;
  description: string;
  quantity: string;
  unitCost: string;
  markupGroup: string | null;
  markupPercent: string;
  unitPrice: string;
  discountReason: string | null;
  discount: string;
}

/** A stored priced line as answers carry it (without its id), its totals from the shared helpers. */
export function pricedLineAnswer(l: StoredPricedLine) {
  const totals = quoteTotals([l]);
  return {
    lineNumber: l.lineNumber,
    kind: l.kind,
    standardItemId: l.standardItemId,
    description: l.description,
    quantity: amount(l.quantity),
    unitCost: amount(l.unitCost),
    markupGroup: l.markupGroup,
    markupPercent: amount(l.markupPercent),
    unitPrice: amount(l.unitPrice),
    discountReason: l.discountReason,
    discount: amount(l.discount),
    lineTotal: amount(totals.total),
    costTotal: amount(totals.totalCost),
  };
}
