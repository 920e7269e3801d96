import { describe, expect, it } from 'vitest';
import { adjacentPayPeriod, biWeeklyPayPeriodIndex, datesOf, hoursText, payPeriodOf, payWeekOf } from './pay-period';

describe('biWeeklyPayPeriodIndex', () => {
  it('maps odd n to (n+1)/2 and even n to n/2', () => {
    expect(biWeeklyPayPeriodIndex(1)).toBe(1);
    expect(biWeeklyPayPeriodIndex(2)).toBe(1);
    expect(biWeeklyPayPeriodIndex(3)).toBe(2);
    expect(biWeeklyPayPeriodIndex(4)).toBe(2);
    expect(biWeeklyPayPeriodIndex(51)).toBe(26);
    expect(biWeeklyPayPeriodIndex(52)).toBe(26);
  });
  it('maps 53 to 26, not 27', () => {
    expect(biWeeklyPayPeriodIndex(53)).toBe(26);
  });
  it('throws outside 1–53 or for non-integers', () => {
    expect(() => biWeeklyPayPeriodIndex(0)).toThrow(RangeError);
    expect(() => biWeeklyPayPeriodIndex(54)).toThrow(RangeError);
    expect(() => biWeeklyPayPeriodIndex(2.5)).toThrow(RangeError);
  });
});

describe('pay periods', () => {
  const weekly = { payFrequency: 'Weekly', payWeekStartsOn: 0 } as const;
  const biWeekly = { payFrequency: 'Bi-Weekly', payWeekStartsOn: 0 } as const;
  it('numbers pay weeks from the week-start day on or before 1 January', () => {
    // 1 January 2026 is a Thursday: pay week 1 starts on Sunday 28 December 2025.
    expect(payWeekOf('2025-12-28', 0)).toEqual({ year: 2026, week: 1 });
    expect(payWeekOf('2025-12-27', 0)).toEqual({ year: 2025, week: 52 });
    expect(payWeekOf('2026-11-26', 0)).toEqual({ year: 2026, week: 48 });
    // Weeks starting on Monday: 1 January 2026 is in the week from Monday 29 December.
    expect(payWeekOf('2025-12-29', 1)).toEqual({ year: 2026, week: 1 });
  });
  it('makes weekly periods of seven days and bi-weekly ones of weeks 2i − 1 and 2i', () => {
    expect(payPeriodOf('2026-11-26', weekly)).toEqual({ year: 2026, index: 48, startsOn: '2026-11-22', endsOn: '2026-11-28' });
    expect(payPeriodOf('2026-11-26', biWeekly)).toEqual({ year: 2026, index: 24, startsOn: '2026-11-15', endsOn: '2026-11-28' });
    expect(payPeriodOf('2026-11-15', biWeekly)).toEqual(payPeriodOf('2026-11-28', biWeekly));
    expect(adjacentPayPeriod(payPeriodOf('2026-11-26', biWeekly), biWeekly, -1)).toEqual({ year: 2026, index: 23, startsOn: '2026-11-01', endsOn: '2026-11-14' });
    expect(adjacentPayPeriod(payPeriodOf('2026-11-26', biWeekly), biWeekly, 1)).toEqual({ year: 2026, index: 25, startsOn: '2026-11-29', endsOn: '2026-12-12' });
    expect(datesOf(payPeriodOf('2026-11-26', biWeekly))).toHaveLength(14);
  });
  it('puts a 53rd pay week into bi-weekly period 26, which then has three weeks', () => {
    // Pay year 2022 (weeks from Sunday) starts on 26 December 2021 and has 53 weeks: the last starts on 25 December 2022.
    expect(payWeekOf('2022-12-25', 0)).toEqual({ year: 2022, week: 53 });
    const last = payPeriodOf('2022-12-25', biWeekly);
    expect(last).toEqual({ year: 2022, index: 26, startsOn: '2022-12-11', endsOn: '2022-12-31' });
    expect(payPeriodOf('2023-01-01', biWeekly)).toEqual({ year: 2023, index: 1, startsOn: '2023-01-01', endsOn: '2023-01-14' });
    expect(adjacentPayPeriod(last, biWeekly, 1).startsOn).toBe('2023-01-01');
  });
  it('writes minutes as hours with two decimals, exact where they can be', () => {
    expect(hoursText(510)).toBe('8.50');
    expect(hoursText(125)).toBe('2.08');
    expect(hoursText(-15)).toBe('-0.25');
    expect(hoursText(0)).toBe('0.00');
  });
});
