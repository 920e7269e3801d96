import Decimal from 'decimal.js';

/**
 * The leak rate of an appliance (40 CFR 82.152 and 84.106), computed each time refrigerant is added to an appliance
 * whose full charge is at or above its refrigerant's charge threshold. Amounts are exact decimals (text), dates are
 * the company's calendar dates (YYYY-MM-DD); the rate is a percent rounded half-up to the hundredth.
 */
export const LEAK_RATE_METHODS = ['annualizing', 'rollingAverage'] as const;
export type LeakRateMethod = (typeof LEAK_RATE_METHODS)[number];

/** One addition of refrigerant to the appliance: its date and pounds added. */
export interface LeakAddition {
  on: string;
  pounds: string;
}

export interface LeakRateInput {
  method: LeakRateMethod;
  /** The addition being rated. */
  addition: LeakAddition;
  /** The appliance's earlier additions (any order; those after `addition.on` are ignored). */
  earlier: readonly LeakAddition[];
  fullChargePounds: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (on: string) => Date.parse(`${on}T00:00:00Z`) / DAY_MS;

/** Whole days from one date to a later one. */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** Whether the leak rules apply: a refrigerant with a threshold and a full charge at or above it. */
export function isLeakRuleAppliance(fullChargePounds: string | null, chargeThresholdPounds: string | number | null): boolean {
  if (fullChargePounds == null || chargeThresholdPounds == null) return false;
  const charge = new Decimal(fullChargePounds);
  return charge.greaterThan(0) && charge.greaterThanOrEqualTo(new Decimal(chargeThresholdPounds));
}

/**
 * Days since the previous addition for the annualizing method: from the latest earlier addition (on or before this
 * one), at least one day, capped at 365; 365 when there is none.
 */
export function daysSincePrevious(addition: LeakAddition, earlier: readonly LeakAddition[]): number {
  const before = earlier.filter((e) => e.on <= addition.on).map((e) => e.on).sort();
  const last = before.at(-1);
  if (!last) return 365;
  return Math.min(365, Math.max(1, daysBetween(last, addition.on)));
}

/**
 * The leak rate in percent, as exact text with two decimals.
 * - annualizing: added ÷ full charge × 365 ÷ days since the previous addition × 100;
 * - rolling average: the additions of the last 365 days up to this one (this one included) ÷ full charge × 100.
 */
export function leakRatePercent(input: LeakRateInput): string {
  const charge = new Decimal(input.fullChargePounds);
  if (charge.lessThanOrEqualTo(0)) throw new Error('A leak rate needs a full charge above zero.');
  let rate: Decimal;
  switch (input.method) {
    case 'annualizing': {
      const days = daysSincePrevious(input.addition, input.earlier);
      rate = new Decimal(input.addition.pounds).dividedBy(charge).times(365).dividedBy(days).times(100);
      break;
    }
    case 'rollingAverage': {
      const inWindow = input.earlier.filter((e) => e.on <= input.addition.on && daysBetween(e.on, input.addition.on) < 365);
      const total = inWindow.reduce((sum, e) => sum.plus(e.pounds), new Decimal(input.addition.pounds));
      rate = total.dividedBy(charge).times(100);
      break;
    }
  }
  return rate.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** Whether a leak rate is above the threshold of the appliance's category (equal is within it). */
export function isLeakRateExceeded(ratePercent: string, thresholdPercent: string): boolean {
  return new Decimal(ratePercent).greaterThan(new Decimal(thresholdPercent));
}

/** Ounces as pounds, exactly (16 ounces a pound). */
export function poundsOfOunces(ounces: string | number): string {
  return new Decimal(String(ounces)).dividedBy(16).toString();
}

/** An amount in ounces as people write it: "2 lb 8 oz", "12.5 oz", "3 lb". */
export function poundsOuncesText(ounces: string | number): string {
  const total = new Decimal(String(ounces));
  const pounds = total.dividedToIntegerBy(16);
  const rest = total.minus(pounds.times(16));
  const oz = `${rest.toDecimalPlaces(2).toString()} oz`;
  if (pounds.isZero()) return oz;
  return rest.isZero() ? `${pounds.toString()} lb` : `${pounds.toString()} lb ${oz}`;
}

/** A date `days` after another (YYYY-MM-DD). */
export function addDaysTo(on: string, days: number): string {
  return new Date((dayNumber(on) + days) * DAY_MS).toISOString().slice(0, 10);
}
