import { describe, expect, it } from 'vitest';
import { biWeeklyPayPeriodIndex } from './pay-period';

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
