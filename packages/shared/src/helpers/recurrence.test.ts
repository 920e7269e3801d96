import { describe, expect, it } from 'vitest';
import { recurrenceFrequency } from './recurrence';

describe('recurrenceFrequency', () => {
  it('recognises monthly rules', () => {
    expect(recurrenceFrequency('FREQ=MONTHLY')).toBe('monthly');
    expect(recurrenceFrequency('RRULE:FREQ=MONTHLY;BYMONTHDAY=15')).toBe('monthly');
    expect(recurrenceFrequency('INTERVAL=2;freq=monthly')).toBe('monthly');
    expect(recurrenceFrequency('DTSTART:20260101T090000Z\nRRULE:FREQ=MONTHLY;COUNT=12')).toBe('monthly');
  });
  it('treats other frequencies as never', () => {
    expect(recurrenceFrequency('FREQ=WEEKLY')).toBe('never');
    expect(recurrenceFrequency('RRULE:FREQ=DAILY;COUNT=3')).toBe('never');
    expect(recurrenceFrequency('FREQ=YEARLY;BYMONTH=1')).toBe('never');
    expect(recurrenceFrequency('FREQ=MONTHLYX')).toBe('never');
  });
  it('treats empty, missing and malformed input as never', () => {
    expect(recurrenceFrequency(null)).toBe('never');
    expect(recurrenceFrequency(undefined)).toBe('never');
    expect(recurrenceFrequency('')).toBe('never');
    expect(recurrenceFrequency('MONTHLY')).toBe('never');
    expect(recurrenceFrequency('BYMONTHDAY=1')).toBe('never');
    expect(recurrenceFrequency('EXRULE:FREQ=MONTHLY')).toBe('never');
  });
});
