import Decimal from 'decimal.js';
import type { DecimalInput } from './money';

/**
 * Minimum profit factor (%) required for a job amount: >1000 up to 10000 → 33.33, >10000 → 25, else null. The
 * amount is compared as an exact decimal, so 1000.00 from a sum of cents is never a hair above 1000.
 */
export function minimumProfitFactor(amount: DecimalInput): number | null {
  let value: Decimal;
  try {
    value = new Decimal(typeof amount === 'number' ? String(amount) : amount);
  } catch {
    return null;
  }
  if (!value.isFinite() || value.lte(1000)) return null;
  return value.lte(10000) ? 33.33 : 25;
}
