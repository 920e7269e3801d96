import { describe, expect, it } from 'vitest';
import type { SeriesTiming } from './recurrence';
import { excludedStarts, splitRepeatText } from './series-text';

// Mondays at 09:00 Chicago from 2 March 2026: 15:00 UTC until the clocks change on 8 March, 14:00 UTC after.
const mondays: SeriesTiming = { start: new Date('2026-03-02T15:00:00Z'), durationHours: 1, isAllDay: false, rule: 'FREQ=WEEKLY;BYDAY=MO', exceptions: [], timeZone: 'America/Chicago' };
const excluded = (text: string) => excludedStarts(mondays, splitRepeatText(text).excluded).map((d) => d.toISOString());
const refusal = (text: string, series = mondays) => {
  try {
    excludedStarts(series, splitRepeatText(text).excluded);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

describe('EXDATE lines of a repeat rule', () => {
  it('takes out local, zoned, UTC and whole-day values, each once', () => {
    expect(splitRepeatText('RRULE:FREQ=WEEKLY;BYDAY=MO\nEXDATE:20260316T090000').rule).toBe('RRULE:FREQ=WEEKLY;BYDAY=MO');
    expect(excluded('FREQ=WEEKLY;BYDAY=MO\nEXDATE:20260316T090000')).toEqual(['2026-03-16T14:00:00.000Z']);
    expect(excluded('FREQ=WEEKLY;BYDAY=MO\r\nEXDATE;TZID=America/Chicago:20260316T090000,20260323T090000')).toEqual(['2026-03-16T14:00:00.000Z', '2026-03-23T14:00:00.000Z']);
    expect(excluded('FREQ=WEEKLY;BYDAY=MO\nEXDATE;TZID=Europe/London:20260316T140000')).toEqual(['2026-03-16T14:00:00.000Z']);
    expect(excluded('FREQ=WEEKLY;BYDAY=MO\nEXDATE:20260309T140000Z\nEXDATE;VALUE=DATE:20260316,20260309')).toEqual(['2026-03-09T14:00:00.000Z', '2026-03-16T14:00:00.000Z']);
    // A folded line (RFC 5545 3.1) is one line.
    expect(excluded('FREQ=WEEKLY;BYDAY=MO\nEXDATE:20260316T090000,2026\n 0323T090000')).toEqual(['2026-03-16T14:00:00.000Z', '2026-03-23T14:00:00.000Z']);
  });

  it('refuses a value that is no occurrence, a bad value, a DTSTART or other line, and dates without a rule', () => {
    expect(refusal('FREQ=WEEKLY;BYDAY=MO\nEXDATE:20260317T090000')).toBe('EXDATE 20260317T090000 is not an occurrence of the series.');
    expect(refusal('FREQ=WEEKLY;BYDAY=MO\nEXDATE;VALUE=DATE:20260317')).toBe('EXDATE 20260317 is not an occurrence of the series.');
    expect(refusal('FREQ=WEEKLY;BYDAY=MO\nEXDATE:20260316T150000Z')).toBe('EXDATE 20260316T150000Z is not an occurrence of the series.');
    expect(refusal('FREQ=WEEKLY;BYDAY=MO\nEXDATE:20260230T090000')).toBe('EXDATE 20260230T090000 is not a valid date-time, like 20260316T090000.');
    expect(refusal('FREQ=WEEKLY;BYDAY=MO\nEXDATE;VALUE=DATE:20260316T090000')).toBe('EXDATE 20260316T090000 is not a valid date, like 20260316.');
    expect(refusal('FREQ=WEEKLY;BYDAY=MO\nEXDATE;TZID=Mars/Base:20260316T090000')).toBe('EXDATE names an unknown time zone: Mars/Base.');
    expect(refusal('DTSTART:20260302T090000\nRRULE:FREQ=WEEKLY')).toBe('The first start is the start field; leave DTSTART out of the repeat rule.');
    expect(refusal('FREQ=WEEKLY\nRDATE:20260304T090000')).toBe('The repeat rule can hold one RRULE line and EXDATE lines only.');
    expect(refusal('FREQ=WEEKLY\nFREQ=DAILY')).toBe('The repeat rule can hold one RRULE line.');
    expect(refusal('EXDATE:20260316T090000')).toBe('EXDATE takes dates out of a repeat rule; give the rule too.');
  });
});
