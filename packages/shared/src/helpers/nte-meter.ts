import Decimal from 'decimal.js';
import type { DecimalInput } from './money';

/** Where a work order's total stands against its NTE: no NTE, below 80 %, from 80 %, from 100 %. */
export const NTE_LEVELS = ['none', 'ok', 'amber', 'red'] as const;
export type NteLevel = (typeof NTE_LEVELS)[number];

/** The share of the NTE from which the meter turns amber, and red. */
export const NTE_AMBER_PERCENT = 80;
export const NTE_RED_PERCENT = 100;

const dec = (v: DecimalInput) => new Decimal(typeof v === 'number' ? String(v) : v);

/**
 * The total against the NTE, compared exactly: the level, and the percentage to one decimal rounded down (so 79.99 %
 * never reads 80.0 % while the meter is still green). An NTE of 0 has no percentage: any work is over it.
 */
export function nteStanding(total: DecimalInput, nte: DecimalInput | null): { level: NteLevel; percent: string | null } {
  if (nte === null) return { level: 'none', percent: null };
  const limit = dec(nte);
  const spent = dec(total);
  if (limit.isZero()) return { level: spent.isPositive() && !spent.isZero() ? 'red' : 'ok', percent: null };
  const share = spent.times(100).dividedBy(limit);
  const level = share.greaterThanOrEqualTo(NTE_RED_PERCENT) ? 'red' : share.greaterThanOrEqualTo(NTE_AMBER_PERCENT) ? 'amber' : 'ok';
  return { level, percent: share.toDecimalPlaces(1, Decimal.ROUND_DOWN).toFixed(1) };
}

/** What running labor at these hourly rates costs a minute, half-up to the cent. */
export function costPerMinute(hourlyRates: readonly DecimalInput[]): string {
  return hourlyRates.reduce<Decimal>((sum, r) => sum.plus(dec(r)), new Decimal(0)).dividedBy(60).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * When a labor entry started at `startedAt` next bills more: its hours are whole seconds to 0.01 hour half-up
 * (`hoursOf`), so they step 18 s after the start and every 36 s after that.
 */
export function nextLaborStepAt(startedAt: Date, now: Date): Date {
  const seconds = Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
  const hundredths = Math.floor((seconds + 18) / 36);
  return new Date(startedAt.getTime() + (hundredths * 36 + 18) * 1000);
}
