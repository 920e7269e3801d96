import Decimal from 'decimal.js';
import { amountText, lineTotal, priceWithMarkup, sumMoney, type DecimalInput } from './money';
import { minimumProfitFactor } from './profit';

/**
 * The sums of a quote, computed the same way on the server (which stores and enforces them) and in the browser
 * (which shows them while lines are typed): exact decimals, rounded half-up to the cent, never binary floats.
 */
export interface QuoteLineAmountsInput {
  quantity: DecimalInput;
  unitCost: DecimalInput;
  markupPercent: DecimalInput;
  discount: DecimalInput;
}

export interface QuoteLineAmounts {
  /** Unit cost with its markup, to the cent. */
  unitPrice: string;
  /** quantity × unit price. */
  grossTotal: string;
  /** Gross total less the discount: what the customer pays for the line. */
  lineTotal: string;
  /** quantity × unit cost. */
  costTotal: string;
}

/** One line's price, totals and cost. */
export function quoteLineAmounts(line: QuoteLineAmountsInput): QuoteLineAmounts {
  const unitPrice = priceWithMarkup(line.unitCost, line.markupPercent);
  const grossTotal = lineTotal(line.quantity, unitPrice);
  return {
    unitPrice,
    grossTotal,
    lineTotal: new Decimal(grossTotal).minus(new Decimal(String(line.discount))).toFixed(2),
    costTotal: lineTotal(line.quantity, line.unitCost),
  };
}

export interface QuoteTotals {
  /** Sum of the lines' gross totals (before discounts). */
  subtotal: string;
  totalDiscount: string;
  /** What the customer is asked to pay. */
  total: string;
  totalCost: string;
  /** total − cost. */
  profit: string;
  /** Profit as a percentage of the total, to two decimals; null for a quote of nothing. */
  profitFactor: string | null;
  /** The least profit factor the total requires (spec platform 5.6), or null when the rule does not apply. */
  minimumProfitFactor: number | null;
  isProfitFactorMet: boolean;
}

/** The totals of a quote's lines and whether they meet the minimum profit factor. */
export function quoteTotals(lines: readonly QuoteLineAmountsInput[]): QuoteTotals {
  const amounts = lines.map(quoteLineAmounts);
  const subtotal = sumMoney(amounts.map((a) => a.grossTotal));
  const totalDiscount = sumMoney(lines.map((l) => l.discount));
  const total = sumMoney(amounts.map((a) => a.lineTotal));
  const totalCost = sumMoney(amounts.map((a) => a.costTotal));
  const profit = new Decimal(total).minus(totalCost).toFixed(2);
  const totalDec = new Decimal(total);
  const profitFactor = totalDec.isZero() ? null : new Decimal(profit).dividedBy(totalDec).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  const minimum = minimumProfitFactor(total);
  const isProfitFactorMet = minimum === null || (profitFactor !== null && new Decimal(profitFactor).greaterThanOrEqualTo(minimum));
  return { subtotal, totalDiscount, total, totalCost, profit, profitFactor, minimumProfitFactor: minimum, isProfitFactorMet };
}

/**
 * The sentence refusing a quote (or, with `what`, an estimate) below its minimum profit factor, or null when the totals
 * meet it: "A quote of 1,500.00 needs a profit factor of at least 33.33%; this one has 20.00%."
 */
export function profitFactorProblem(totals: QuoteTotals, what = 'A quote'): string | null {
  if (totals.isProfitFactorMet || totals.minimumProfitFactor === null) return null;
  return `${what} of ${amountText(totals.total)} needs a profit factor of at least ${totals.minimumProfitFactor.toFixed(2)}%; this one has ${totals.profitFactor ?? '0.00'}%.`;
}
