import Decimal from 'decimal.js';
import type { DecimalInput } from './money';

/**
 * The totals of an invoice (spec platform 3.15), computed exactly with decimal.js, never with binary floats.
 *
 * Rounding, defined once here:
 * - every line is rounded half-up to the cent where it is formed: labor hours × rate, quantity × unit price,
 *   a payment × the card convenience fee percent;
 * - the tax is rounded half-up to the cent once, on the whole taxable amount × the tax rate;
 * - everything else is an exact sum or difference of cents.
 *
 * What is taxable: materials always; labor, trip charges, standard items, rate-sheet items, quoted values, freight and
 * additional line items only when the location's state taxes services. A tax-exempt customer pays no tax while its certificate lasts. With
 * use tax the company owes the tax itself: it is computed (`useTax`) but not charged to the customer (`tax` is 0).
 *
 * When an exemption counts: on the invoice's date, the date written on the invoice (chosen by the office, else the
 * company's today in its own time zone), which is the date of the sale for sales tax. The certificate's end date is
 * its last day: an invoice dated on or before it charges no tax, an invoice dated after it is taxed as any other,
 * whatever day the work was done. An exemption without an end date always counts.
 *
 * Credits applied and payments settle the invoice: they lower the amount due, never the tax, so applying a credit
 * memo or taking a payment after submission leaves the frozen totals of the invoice untouched. The convenience fee
 * of a card payment is charged on top of that payment and does not count toward the amount due.
 */

export const LABOR_KINDS = ['regular', 'overtime', 'standby', 'apprentice'] as const;
export type LaborKind = (typeof LABOR_KINDS)[number];

/** The spec's label of each labor kind. */
export const LABOR_LABELS: Record<LaborKind, string> = { regular: 'Regular', overtime: 'Overtime', standby: 'StandBy', apprentice: 'Apprentice' };

export interface LaborLineInput {
  kind: LaborKind;
  technician: string;
  /** Hours with at most two decimals. */
  hours: DecimalInput;
  rate: DecimalInput;
  discount?: DecimalInput;
}

export interface ItemLineInput {
  description: string;
  quantity: DecimalInput;
  unitPrice: DecimalInput;
}

export interface AmountLineInput {
  description: string;
  amount: DecimalInput;
}

/** A line the office adds from the company's additional line items (administration intacct/additionalLineItem). */
export interface AdditionalLineInput extends AmountLineInput {
  additionalLineItemId: number;
}

export interface PaymentInput {
  amount: DecimalInput;
  isCard: boolean;
}

export interface InvoiceTotalsInput {
  labor: readonly LaborLineInput[];
  quotedValues: readonly AmountLineInput[];
  freight: DecimalInput;
  materials: readonly ItemLineInput[];
  standardItems: readonly ItemLineInput[];
  rateSheetItems: readonly ItemLineInput[];
  tripCharges: readonly AmountLineInput[];
  additionalLines: readonly AdditionalLineInput[];
  /** The location's state tax rate in percent, e.g. 8.25. */
  taxRate: DecimalInput;
  /** Whether the location's state taxes labor and the other services besides materials. */
  isServiceTaxable: boolean;
  /** Whether the customer is marked exempt; it counts only if its certificate covers `invoiceDate`. */
  isTaxExempt: boolean;
  /** The last day the exemption's certificate covers, YYYY-MM-DD; null when it has no end. */
  taxExemptExpiresOn: string | null;
  /** The invoice's date, YYYY-MM-DD in the company's time zone. */
  invoiceDate: string;
  isUseTax: boolean;
  credits: readonly DecimalInput[];
  payments: readonly PaymentInput[];
  /** Percent of each card payment charged as a convenience fee. */
  convenienceFeePercent: DecimalInput;
}

export interface LaborLine {
  kind: LaborKind;
  technician: string;
  hours: string;
  rate: string;
  charge: string;
  discount: string;
  net: string;
}

export interface ItemLine {
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
}

export interface LaborKindTotal {
  hours: string;
  charge: string;
  discount: string;
  net: string;
}

export interface InvoiceTotals {
  laborLines: LaborLine[];
  materialLines: ItemLine[];
  standardItemLines: ItemLine[];
  rateSheetItemLines: ItemLine[];
  quotedLines: { description: string; amount: string }[];
  tripChargeLines: { description: string; amount: string }[];
  additionalLines: { additionalLineItemId: number; description: string; amount: string }[];
  laborByKind: Record<LaborKind, LaborKindTotal>;
  laborTotal: string;
  quotedValues: string;
  freight: string;
  materials: string;
  standardItems: string;
  rateSheetItems: string;
  tripCharges: string;
  additionalLineItems: string;
  subtotal: string;
  totalTaxableBeforeCredits: string;
  totalTaxable: string;
  taxRate: string;
  tax: string;
  useTax: string;
  isTaxExempt: boolean;
  isUseTax: boolean;
  total: string;
  invoiceCredits: string;
  payments: string;
  convenienceFeePercent: string;
  convenienceFeeForCcTotal: string;
  totalDue: string;
}

const ZERO = new Decimal(0);
const d = (v: DecimalInput | undefined) => (v === undefined ? ZERO : new Decimal(typeof v === 'number' ? String(v) : v));

/** Half-up to the cent: the one rounding rule of invoices. */
export const toCents = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

const money = (v: Decimal) => toCents(v).toFixed(2);
const sum = (values: readonly Decimal[]) => values.reduce((a, b) => a.plus(b), ZERO);

function itemLines(items: readonly ItemLineInput[]): { lines: ItemLine[]; total: Decimal } {
  const amounts = items.map((i) => toCents(d(i.quantity).times(d(i.unitPrice))));
  return {
    lines: items.map((i, n) => ({ description: i.description, quantity: d(i.quantity).toString(), unitPrice: money(d(i.unitPrice)), amount: amounts[n].toFixed(2) })),
    total: sum(amounts),
  };
}

/** A card payment's convenience fee, half-up to the cent. */
export function convenienceFeeOf(amount: DecimalInput, percent: DecimalInput): string {
  return money(d(amount).times(d(percent)).dividedBy(100));
}

/** Hours from a duration in seconds, half-up to two decimals (0.01 hour), as labor lines carry them. */
export function hoursOf(seconds: number): string {
  return new Decimal(Math.max(0, Math.floor(seconds))).dividedBy(3600).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * Whether a customer's exemption covers an invoice of this date: its certificate's end date is its last day, and an
 * exemption without one has no end. Dates are YYYY-MM-DD, so they compare as text.
 */
export function isTaxExemptOn(exemption: { isTaxExempt: boolean; expiresOn: string | null }, invoiceDate: string): boolean {
  return exemption.isTaxExempt && (exemption.expiresOn === null || invoiceDate <= exemption.expiresOn);
}

/** Every total of an invoice from its lines, its tax facts and what has settled it so far. */
export function computeInvoiceTotals(input: InvoiceTotalsInput): InvoiceTotals {
  const laborLines: LaborLine[] = input.labor.map((l) => {
    const charge = toCents(d(l.hours).times(d(l.rate)));
    const discount = toCents(d(l.discount));
    return {
      kind: l.kind,
      technician: l.technician,
      hours: d(l.hours).toFixed(2),
      rate: money(d(l.rate)),
      charge: charge.toFixed(2),
      discount: discount.toFixed(2),
      net: charge.minus(discount).toFixed(2),
    };
  });
  const laborByKind = Object.fromEntries(
    LABOR_KINDS.map((kind) => {
      const of = laborLines.filter((l) => l.kind === kind);
      const total = (field: 'hours' | 'charge' | 'discount' | 'net') => sum(of.map((l) => d(l[field]))).toFixed(2);
      return [kind, { hours: total('hours'), charge: total('charge'), discount: total('discount'), net: total('net') }];
    }),
  ) as Record<LaborKind, LaborKindTotal>;
  const labor = sum(laborLines.map((l) => d(l.net)));
  const materials = itemLines(input.materials);
  const standard = itemLines(input.standardItems);
  const rateSheet = itemLines(input.rateSheetItems);
  const quotedLines = input.quotedValues.map((q) => ({ description: q.description, amount: money(d(q.amount)) }));
  const tripChargeLines = input.tripCharges.map((q) => ({ description: q.description, amount: money(d(q.amount)) }));
  const quoted = sum(quotedLines.map((q) => d(q.amount)));
  const trips = sum(tripChargeLines.map((q) => d(q.amount)));
  const freight = toCents(d(input.freight));
  const additionalLines = input.additionalLines.map((a) => ({ additionalLineItemId: a.additionalLineItemId, description: a.description, amount: money(d(a.amount)) }));
  const additional = sum(additionalLines.map((a) => d(a.amount)));

  const services = labor.plus(quoted).plus(freight).plus(standard.total).plus(rateSheet.total).plus(trips).plus(additional);
  const subtotal = services.plus(materials.total);
  const isTaxExempt = isTaxExemptOn({ isTaxExempt: input.isTaxExempt, expiresOn: input.taxExemptExpiresOn }, input.invoiceDate);
  const taxable = isTaxExempt ? ZERO : Decimal.max(ZERO, materials.total.plus(input.isServiceTaxable ? services : ZERO));
  const computedTax = toCents(taxable.times(d(input.taxRate)).dividedBy(100));
  const tax = isTaxExempt || input.isUseTax ? ZERO : computedTax;
  const useTax = !isTaxExempt && input.isUseTax ? computedTax : ZERO;
  const total = subtotal.plus(tax);
  const credits = sum(input.credits.map((c) => toCents(d(c))));
  const payments = sum(input.payments.map((p) => toCents(d(p.amount))));
  const fees = sum(input.payments.filter((p) => p.isCard).map((p) => d(convenienceFeeOf(p.amount, input.convenienceFeePercent))));

  return {
    laborLines,
    materialLines: materials.lines,
    standardItemLines: standard.lines,
    rateSheetItemLines: rateSheet.lines,
    quotedLines,
    tripChargeLines,
    additionalLines,
    laborByKind,
    laborTotal: labor.toFixed(2),
    quotedValues: quoted.toFixed(2),
    freight: freight.toFixed(2),
    materials: materials.total.toFixed(2),
    standardItems: standard.total.toFixed(2),
    rateSheetItems: rateSheet.total.toFixed(2),
    tripCharges: trips.toFixed(2),
    additionalLineItems: additional.toFixed(2),
    subtotal: subtotal.toFixed(2),
    totalTaxableBeforeCredits: taxable.toFixed(2),
    totalTaxable: taxable.toFixed(2),
    taxRate: d(input.taxRate).toString(),
    tax: tax.toFixed(2),
    useTax: useTax.toFixed(2),
    isTaxExempt,
    isUseTax: input.isUseTax,
    total: total.toFixed(2),
    invoiceCredits: credits.toFixed(2),
    payments: payments.toFixed(2),
    convenienceFeePercent: d(input.convenienceFeePercent).toString(),
    convenienceFeeForCcTotal: fees.toFixed(2),
    totalDue: total.minus(credits).minus(payments).toFixed(2),
  };
}

/** The amount still due after further credits and payments on frozen totals: total − credits − payments. */
export function amountDueOf(total: DecimalInput, credits: DecimalInput, payments: DecimalInput): string {
  return d(total).minus(d(credits)).minus(d(payments)).toFixed(2);
}

/** `a` compared with `b` exactly: -1, 0 or 1. */
export function compareMoney(a: DecimalInput, b: DecimalInput): number {
  return d(a).comparedTo(d(b));
}
