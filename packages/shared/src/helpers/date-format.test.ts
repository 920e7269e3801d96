import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-format';

describe('formatDate', () => {
  it('writes a day as MM/dd/yyyy, the calendar day it names wherever it is read', () => {
    expect(formatDate('2026-03-01')).toBe('03/01/2026');
    expect(formatDate('2026-12-31', 'Pacific/Kiritimati')).toBe('12/31/2026');
  });
  it('writes the day of an instant in the time zone asked for', () => {
    expect(formatDate('2026-03-01T03:30:00Z', 'America/Chicago')).toBe('02/28/2026');
    expect(formatDate(new Date('2026-03-01T03:30:00Z'), 'UTC')).toBe('03/01/2026');
  });
  it('answers nothing for nothing, and text that is no date as it is', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatDateTime', () => {
  it('writes an instant as MM/dd/yyyy hh:mm with AM or PM', () => {
    expect(formatDateTime('2026-03-01T20:05:00Z', 'America/Chicago')).toBe('03/01/2026 02:05 PM');
    expect(formatDateTime('2026-11-29T09:07:00Z', 'UTC')).toBe('11/29/2026 09:07 AM');
  });
  it('writes midnight and noon as 12', () => {
    expect(formatDateTime('2026-07-04T00:00:00Z', 'UTC')).toBe('07/04/2026 12:00 AM');
    expect(formatDateTime('2026-07-04T12:30:00Z', 'UTC')).toBe('07/04/2026 12:30 PM');
  });
  it('reads an instant across a daylight-saving change in its zone', () => {
    expect(formatDateTime('2026-03-08T08:30:00Z', 'America/Chicago')).toBe('03/08/2026 03:30 AM');
  });
  it('answers nothing for nothing, and text that is no date as it is', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
