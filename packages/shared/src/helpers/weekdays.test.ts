import { describe, expect, it } from 'vitest';
import { countWeekdaysInMonth, WEEK_STARTS_ON } from './weekdays';

describe('WEEK_STARTS_ON', () => {
  it('is Sunday (0)', () => {
    expect(WEEK_STARTS_ON).toBe(0);
  });
});

describe('countWeekdaysInMonth', () => {
  it('counts Monday–Friday days of the month', () => {
    expect(countWeekdaysInMonth(new Date(2026, 10, 15))).toBe(21); // November 2026
    expect(countWeekdaysInMonth(new Date(2026, 1, 1))).toBe(20); // February 2026
    expect(countWeekdaysInMonth(new Date(2024, 1, 29))).toBe(21); // leap February 2024
    expect(countWeekdaysInMonth(new Date(2026, 7, 31))).toBe(21); // August 2026
    expect(countWeekdaysInMonth(new Date(2025, 11, 31))).toBe(23); // December 2025
  });
  it('gives the same answer for any day in the month', () => {
    expect(countWeekdaysInMonth(new Date(2026, 10, 1))).toBe(countWeekdaysInMonth(new Date(2026, 10, 30, 23, 59)));
  });
  it('throws for an invalid date', () => {
    expect(() => countWeekdaysInMonth(new Date(Number.NaN))).toThrow(RangeError);
  });
});
