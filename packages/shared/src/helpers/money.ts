import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * Money and quantities are exact decimals: amounts travel as JSON numbers with at most two decimals (quantities
 * three), are stored as PostgreSQL numeric, and every sum or product goes through decimal.js, never binary floats.
 */
export type DecimalInput = number | string | Decimal;

const dec = (v: DecimalInput) => new Decimal(typeof v === 'number' ? String(v) : v);

/** quantity × unit price, rounded half-up to the cent. */
export function lineTotal(quantity: DecimalInput, unitPrice: DecimalInput): string {
  return dec(quantity).times(dec(unitPrice)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** A unit price from its cost and a markup in percent, rounded half-up to the cent. */
export function priceWithMarkup(unitCost: DecimalInput, markupPercent: DecimalInput): string {
  return dec(unitCost).times(dec(markupPercent).dividedBy(100).plus(1)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** The exact sum of amounts, to the cent. */
export function sumMoney(amounts: readonly DecimalInput[]): string {
  return amounts.reduce<Decimal>((sum, a) => sum.plus(dec(a)), new Decimal(0)).toFixed(2);
}

/** An amount per unit of a quantity (revenue per hour), half-up to the cent; null for a quantity of nothing. */
export function moneyPer(amount: DecimalInput, quantity: DecimalInput): string | null {
  const q = dec(quantity);
  return q.isZero() ? null : dec(amount).dividedBy(q).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

const places = (n: number) => (String(n).split('.')[1] ?? '').replace(/e.*$/i, '').length;

/** An amount of money in a JSON body: a number, not negative, at most two decimals and below ten billion. */
export function moneyOf(label: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? `${label} field is required!` : `${label} must be a number.`) })
    .min(0, `${label} must not be negative.`)
    .max(9_999_999_999.99, `${label} is too large.`)
    .refine((n) => places(n) <= 2 && !/e/i.test(String(n)), `${label} must have at most two decimals.`);
}

/** A quantity in a JSON body: above zero, at most three decimals. */
export function quantityOf(label = 'Quantity') {
  return z
    .number({ error: (issue) => (issue.input === undefined ? `${label} field is required!` : `${label} must be a number.`) })
    .gt(0, `${label} must be more than 0.`)
    .max(999_999_999, `${label} is too large.`)
    .refine((n) => places(n) <= 3 && !/e/i.test(String(n)), `${label} must have at most three decimals.`);
}

/** The sign, the whole part with thousands separators and the cents of an amount, half-up; null for non-numbers. */
function centsParts(amount: DecimalInput): { sign: string; digits: string } | null {
  let value: Decimal;
  try {
    value = dec(amount);
  } catch {
    return null;
  }
  if (!value.isFinite()) return null;
  const [whole, cents] = value.abs().toFixed(2, Decimal.ROUND_HALF_UP).split('.');
  const isNegative = value.isNegative() && !value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).isZero();
  return { sign: isNegative ? '-' : '', digits: `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}` };
}

/**
 * An amount as printed: '$1,234.50', '-$3.00', rounded half-up to the cent, from its decimal value (never a float),
 * so very large amounts keep every digit. Text that is not a number is answered as it is.
 */
export function moneyText(amount: DecimalInput): string {
  const parts = centsParts(amount);
  return parts ? `${parts.sign}$${parts.digits}` : String(amount);
}

/** An amount as a plain number in a sentence: '1,234.50', exactly as `moneyText` without the dollar sign. */
export function amountText(amount: DecimalInput): string {
  const parts = centsParts(amount);
  return parts ? `${parts.sign}${parts.digits}` : String(amount);
}

/**
 * A stored decimal (PostgreSQL numeric text, or a decimal.js value) as the JSON number an answer carries: amounts
 * travel as JSON numbers (see above), and this is the one door they pass through. Nothing may add or multiply the
 * result; the conversion itself is checked to print back as the same decimal, so no cent is lost on the way (it
 * throws for a value with more digits than a double keeps, which a numeric(14, 2) column never has).
 */
export function jsonNumberOf(decimal: DecimalInput): number {
  const exact = dec(decimal);
  const n = exact.toNumber();
  if (!new Decimal(String(n)).equals(exact)) throw new Error(`${exact.toString()} does not fit a JSON number exactly.`);
  return n;
}
