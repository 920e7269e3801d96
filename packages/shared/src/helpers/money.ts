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

/**
 * An amount as printed: '$1,234.50', '-$3.00', rounded half-up to the cent, from its decimal value (never a float),
 * so very large amounts keep every digit. Text that is not a number is answered as it is.
 */
export function moneyText(amount: DecimalInput): string {
  let value: Decimal;
  try {
    value = dec(amount);
  } catch {
    return String(amount);
  }
  if (!value.isFinite()) return String(amount);
  const [whole, cents] = value.abs().toFixed(2, Decimal.ROUND_HALF_UP).split('.');
  const isNegative = value.isNegative() && !value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).isZero();
  return `${isNegative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
