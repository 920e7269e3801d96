import { describe, expect, it } from 'vitest';
import { isStartBeforeEnd } from './time-of-day';

describe('isStartBeforeEnd', () => {
  it('compares HH:mm strings', () => {
    expect(isStartBeforeEnd('08:00', '17:30')).toBe(true);
    expect(isStartBeforeEnd('17:30', '08:00')).toBe(false);
    expect(isStartBeforeEnd('9:05', '10:00')).toBe(true);
  });
  it('compares numerically, not lexically', () => {
    expect(isStartBeforeEnd('9:00', '10:00')).toBe(true);
    expect(isStartBeforeEnd('10:00', '9:00')).toBe(false);
  });
  it('treats equal times as not before', () => {
    expect(isStartBeforeEnd('12:00', '12:00')).toBe(false);
    expect(isStartBeforeEnd('12:00', '12:00:00')).toBe(false);
  });
  it('uses seconds when given', () => {
    expect(isStartBeforeEnd('12:00:00', '12:00:01')).toBe(true);
    expect(isStartBeforeEnd('12:00:01', '12:00')).toBe(false);
  });
  it('compares only the time of day of Dates', () => {
    const lateYesterday = new Date(2026, 0, 1, 23, 0);
    const earlyToday = new Date(2026, 0, 2, 1, 0);
    expect(isStartBeforeEnd(lateYesterday, earlyToday)).toBe(false);
    expect(isStartBeforeEnd(earlyToday, lateYesterday)).toBe(true);
    expect(isStartBeforeEnd(new Date(2026, 5, 1, 8, 0), '08:00:01')).toBe(true);
  });
  it('returns false for invalid input', () => {
    expect(isStartBeforeEnd('24:00', '23:00')).toBe(false);
    expect(isStartBeforeEnd('08:00', '25:00')).toBe(false);
    expect(isStartBeforeEnd('08:60', '09:00')).toBe(false);
    expect(isStartBeforeEnd('abc', '09:00')).toBe(false);
    expect(isStartBeforeEnd(new Date(Number.NaN), '09:00')).toBe(false);
  });
});
