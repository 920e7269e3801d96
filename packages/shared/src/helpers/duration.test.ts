import { describe, expect, it } from 'vitest';
import { formatDuration, splitDuration } from './duration';

describe('splitDuration', () => {
  it('splits using 1440 minutes per day', () => {
    expect(splitDuration(1440)).toEqual({ days: 1, hours: 0, mins: 0 });
    expect(splitDuration(1565)).toEqual({ days: 1, hours: 2, mins: 5 });
    expect(splitDuration(61)).toEqual({ days: 0, hours: 1, mins: 1 });
    expect(splitDuration(3 * 1440 + 23 * 60 + 59)).toEqual({ days: 3, hours: 23, mins: 59 });
  });
  it('treats negatives and non-finite as 0 and rounds fractions down', () => {
    expect(splitDuration(-30)).toEqual({ days: 0, hours: 0, mins: 0 });
    expect(splitDuration(Number.NaN)).toEqual({ days: 0, hours: 0, mins: 0 });
    expect(splitDuration(59.99)).toEqual({ days: 0, hours: 0, mins: 59 });
  });
});

describe('formatDuration', () => {
  it('formats zero and minutes only', () => {
    expect(formatDuration(0)).toBe('0 mins');
    expect(formatDuration(1)).toBe('1 min');
    expect(formatDuration(59)).toBe('59 mins');
  });
  it('formats hours with singular/plural', () => {
    expect(formatDuration(60)).toBe('1 hour, 0 mins');
    expect(formatDuration(61)).toBe('1 hour, 1 min');
    expect(formatDuration(125)).toBe('2 hours, 5 mins');
  });
  it('formats days, keeping zero hours and mins after a day', () => {
    expect(formatDuration(1440)).toBe('1 day, 0 hours, 0 mins');
    expect(formatDuration(1565)).toBe('1 day, 2 hours, 5 mins');
    expect(formatDuration(2 * 1440 + 1)).toBe('2 days, 0 hours, 1 min');
  });
  it('treats negative as 0 and rounds fractions down', () => {
    expect(formatDuration(-5)).toBe('0 mins');
    expect(formatDuration(1.9)).toBe('1 min');
  });
});
