import { describe, expect, it } from 'vitest';
import { endOf, isOccurrenceOf, lastOccurrenceEnd, occurrencesBetween, type SeriesTiming } from './recurrence';
import { instantOf, isTimeZone, parseZonedIso } from '@sm/shared';

// Every expected date below was worked out on a calendar, not by the code under test. Chicago is UTC-6 (CST) until
// 2026-03-08 02:00 and from 2026-11-01 02:00, UTC-5 (CDT) between; London is UTC+0 until 2026-03-29 01:00 UTC.
const CHICAGO = 'America/Chicago';
const at = (iso: string) => new Date(iso);
const series = (start: string, rule: string | null, more: Partial<SeriesTiming> = {}): SeriesTiming => ({
  start: at(start), durationHours: 1, isAllDay: false, rule, exceptions: [], timeZone: CHICAGO, ...more,
});
const starts = (s: SeriesTiming, from: string, to: string) => occurrencesBetween(s, at(from), at(to)).map((o) => o.start.toISOString());

describe('recurrence expansion', () => {
  it('monthly on the last Friday', () => {
    const s = series('2026-01-30T15:00:00Z', 'FREQ=MONTHLY;BYDAY=-1FR');
    expect(starts(s, '2026-01-01T00:00:00Z', '2026-07-01T00:00:00Z')).toEqual([
      '2026-01-30T15:00:00.000Z', // Fri 30 Jan, 09:00 CST
      '2026-02-27T15:00:00.000Z', // Fri 27 Feb
      '2026-03-27T14:00:00.000Z', // Fri 27 Mar, 09:00 CDT
      '2026-04-24T14:00:00.000Z', // Fri 24 Apr
      '2026-05-29T14:00:00.000Z', // Fri 29 May
      '2026-06-26T14:00:00.000Z', // Fri 26 Jun
    ]);
  });

  it('every 2 weeks on Monday and Thursday', () => {
    const s = series('2026-01-05T15:00:00Z', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU');
    expect(starts(s, '2026-01-01T00:00:00Z', '2026-02-21T00:00:00Z')).toEqual([
      '2026-01-05T15:00:00.000Z', '2026-01-08T15:00:00.000Z', // Mon 5, Thu 8 Jan
      '2026-01-19T15:00:00.000Z', '2026-01-22T15:00:00.000Z', // Mon 19, Thu 22 Jan
      '2026-02-02T15:00:00.000Z', '2026-02-05T15:00:00.000Z', // Mon 2, Thu 5 Feb
      '2026-02-16T15:00:00.000Z', '2026-02-19T15:00:00.000Z', // Mon 16, Thu 19 Feb
    ]);
  });

  it('yearly on 29 February happens in leap years only', () => {
    const s = series('2024-02-29T16:00:00Z', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29');
    expect(starts(s, '2024-01-01T00:00:00Z', '2033-01-01T00:00:00Z')).toEqual(['2024-02-29T16:00:00.000Z', '2028-02-29T16:00:00.000Z', '2032-02-29T16:00:00.000Z']);
  });

  it('a series ending after 3 occurrences, and where it ends', () => {
    const s = series('2026-04-06T13:00:00Z', 'FREQ=DAILY;COUNT=3');
    expect(starts(s, '2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z')).toEqual(['2026-04-06T13:00:00.000Z', '2026-04-07T13:00:00.000Z', '2026-04-08T13:00:00.000Z']);
    expect(lastOccurrenceEnd(s)?.toISOString()).toBe('2026-04-08T14:00:00.000Z');
    expect(lastOccurrenceEnd(series('2026-04-07T14:00:00Z', 'FREQ=WEEKLY;UNTIL=20260421T235959'))?.toISOString()).toBe('2026-04-21T15:00:00.000Z');
    expect(lastOccurrenceEnd(series('2026-04-07T14:00:00Z', 'FREQ=WEEKLY'))).toBeNull();
    expect(lastOccurrenceEnd(series('2026-04-07T14:00:00Z', 'FREQ=WEEKLY;UNTIL=20260401T235959'))).toBeUndefined();
  });

  it('an exception takes one occurrence out of the series', () => {
    const s = series('2026-04-07T14:00:00Z', 'FREQ=WEEKLY;BYDAY=TU', { exceptions: [at('2026-04-14T14:00:00Z')] });
    expect(starts(s, '2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z')).toEqual(['2026-04-07T14:00:00.000Z', '2026-04-21T14:00:00.000Z', '2026-04-28T14:00:00.000Z']);
    expect(isOccurrenceOf(s, at('2026-04-14T14:00:00Z'))).toBe(true);
    expect(isOccurrenceOf(s, at('2026-04-14T15:00:00Z'))).toBe(false);
    expect(isOccurrenceOf(s, at('2026-04-15T14:00:00Z'))).toBe(false);
  });

  it('a weekly 09:00 keeps its local time across both US clock changes of 2026', () => {
    const spring = series('2026-03-02T15:00:00Z', 'FREQ=WEEKLY;BYDAY=MO');
    expect(starts(spring, '2026-02-28T00:00:00Z', '2026-03-20T00:00:00Z')).toEqual([
      '2026-03-02T15:00:00.000Z', // Mon 2 Mar, 09:00 CST
      '2026-03-09T14:00:00.000Z', // Mon 9 Mar, 09:00 CDT (clocks went forward on Sun 8 Mar)
      '2026-03-16T14:00:00.000Z',
    ]);
    const autumn = series('2026-10-26T14:00:00Z', 'FREQ=WEEKLY;BYDAY=MO');
    expect(starts(autumn, '2026-10-25T00:00:00Z', '2026-11-14T00:00:00Z')).toEqual([
      '2026-10-26T14:00:00.000Z', // Mon 26 Oct, 09:00 CDT
      '2026-11-02T15:00:00.000Z', // Mon 2 Nov, 09:00 CST (clocks went back on Sun 1 Nov)
      '2026-11-09T15:00:00.000Z',
    ]);
  });

  it('follows the series\' own zone: a London 09:00 moves on 29 March, not on 8 March', () => {
    const s = series('2026-03-02T09:00:00Z', 'FREQ=WEEKLY;BYDAY=MO', { timeZone: 'Europe/London' });
    expect(starts(s, '2026-03-08T00:00:00Z', '2026-04-01T00:00:00Z')).toEqual(['2026-03-09T09:00:00.000Z', '2026-03-16T09:00:00.000Z', '2026-03-23T09:00:00.000Z', '2026-03-30T08:00:00.000Z']);
  });

  it('a daily 02:30 falls in the skipped hour on 8 March and a daily 01:30 in the repeated hour on 1 November', () => {
    const skipped = series('2026-03-07T08:30:00Z', 'FREQ=DAILY');
    expect(starts(skipped, '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z')).toEqual([
      '2026-03-07T08:30:00.000Z', // 02:30 CST
      '2026-03-08T08:30:00.000Z', // 02:30 does not exist: 03:30 CDT
      '2026-03-09T07:30:00.000Z', // 02:30 CDT
    ]);
    const repeated = series('2026-10-31T06:30:00Z', 'FREQ=DAILY');
    expect(starts(repeated, '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z')).toEqual([
      '2026-10-31T06:30:00.000Z', // 01:30 CDT
      '2026-11-01T06:30:00.000Z', // 01:30 happens twice: the first, CDT
      '2026-11-02T07:30:00.000Z', // 01:30 CST
    ]);
  });

  it('returns a single item when it overlaps the range, including one that started before it', () => {
    const single = series('2026-04-06T13:00:00Z', null, { durationHours: 2 });
    expect(starts(single, '2026-04-06T14:00:00Z', '2026-04-07T00:00:00Z')).toEqual(['2026-04-06T13:00:00.000Z']);
    expect(starts(single, '2026-04-06T15:00:00Z', '2026-04-07T00:00:00Z')).toEqual([]);
    expect(starts(single, '2026-04-05T00:00:00Z', '2026-04-06T13:00:00Z')).toEqual([]);
  });
});

describe('RFC 5545 classes, each worked out on a calendar', () => {
  it('counts the weeks of "every 2 weeks" from the rule\'s WKST, Monday when it names none (RFC 5545 3.3.10 example)', () => {
    // Tue 5 Aug 1997, 09:00 CDT. With weeks from Monday: Tue 5, Sun 10, Tue 19, Sun 24; from Sunday: 5, 17, 19, 31.
    const from = '1997-08-01T00:00:00Z';
    const to = '1997-09-10T00:00:00Z';
    const monday = ['1997-08-05T14:00:00.000Z', '1997-08-10T14:00:00.000Z', '1997-08-19T14:00:00.000Z', '1997-08-24T14:00:00.000Z'];
    expect(starts(series('1997-08-05T14:00:00Z', 'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU'), from, to)).toEqual(monday);
    expect(starts(series('1997-08-05T14:00:00Z', 'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO'), from, to)).toEqual(monday);
    expect(starts(series('1997-08-05T14:00:00Z', 'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU'), from, to)).toEqual([
      '1997-08-05T14:00:00.000Z', '1997-08-17T14:00:00.000Z', '1997-08-19T14:00:00.000Z', '1997-08-31T14:00:00.000Z',
    ]);
  });

  it('ends at UNTIL\'s exact time: an occurrence at UNTIL is the last, one a second after it is not', () => {
    // Daily at 09:00 CDT (14:00 UTC) from Mon 6 April.
    const daily = (rule: string) => series('2026-04-06T14:00:00Z', rule);
    const range = ['2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z'] as const;
    expect(starts(daily('FREQ=DAILY;UNTIL=20260408T140000Z'), ...range)).toEqual(['2026-04-06T14:00:00.000Z', '2026-04-07T14:00:00.000Z', '2026-04-08T14:00:00.000Z']);
    expect(starts(daily('FREQ=DAILY;UNTIL=20260408T135959Z'), ...range)).toEqual(['2026-04-06T14:00:00.000Z', '2026-04-07T14:00:00.000Z']);
    // A local UNTIL (as rules written before UTC ends have it) is read in the series' zone: 08:59:59 CDT.
    expect(starts(daily('FREQ=DAILY;UNTIL=20260408T085959'), ...range)).toEqual(['2026-04-06T14:00:00.000Z', '2026-04-07T14:00:00.000Z']);
    expect(lastOccurrenceEnd(daily('FREQ=DAILY;UNTIL=20260408T135959Z'))?.toISOString()).toBe('2026-04-07T15:00:00.000Z');
    expect(lastOccurrenceEnd(daily('FREQ=DAILY;UNTIL=20260406T135959Z'))).toBeUndefined();
  });

  it('keeps the named 02:30 of a first start in the skipped hour: only that day is at 03:30', () => {
    // 02:30 does not exist on Sun 8 March in Chicago; that occurrence is 03:30 CDT (08:30 UTC), the next ones 02:30 CDT.
    const named = series('2026-03-08T08:30:00Z', 'FREQ=DAILY', { startWall: at('2026-03-08T02:30:00Z') });
    expect(starts(named, '2026-03-08T00:00:00Z', '2026-03-11T00:00:00Z')).toEqual(['2026-03-08T08:30:00.000Z', '2026-03-09T07:30:00.000Z', '2026-03-10T07:30:00.000Z']);
    const weekly = series('2026-03-08T08:30:00Z', 'FREQ=WEEKLY;BYDAY=SU', { startWall: at('2026-03-08T02:30:00Z') });
    expect(starts(weekly, '2026-03-08T00:00:00Z', '2026-03-16T00:00:00Z')).toEqual(['2026-03-08T08:30:00.000Z', '2026-03-15T07:30:00.000Z']);
    expect(isOccurrenceOf(named, at('2026-03-09T07:30:00Z'))).toBe(true);
    // A first start really at 03:30 keeps 03:30.
    expect(starts(series('2026-03-08T08:30:00Z', 'FREQ=DAILY'), '2026-03-09T00:00:00Z', '2026-03-10T00:00:00Z')).toEqual(['2026-03-09T08:30:00.000Z']);
  });

  it('falls on the last day of each month (BYMONTHDAY=-1) and on several days of it', () => {
    expect(starts(series('2026-01-31T15:00:00Z', 'FREQ=MONTHLY;BYMONTHDAY=-1'), '2026-01-01T00:00:00Z', '2026-05-01T00:00:00Z')).toEqual([
      '2026-01-31T15:00:00.000Z', '2026-02-28T15:00:00.000Z', '2026-03-31T14:00:00.000Z', '2026-04-30T14:00:00.000Z',
    ]);
    expect(starts(series('2026-01-01T15:00:00Z', 'FREQ=MONTHLY;BYMONTHDAY=1,15'), '2026-01-01T00:00:00Z', '2026-03-20T00:00:00Z')).toEqual([
      '2026-01-01T15:00:00.000Z', '2026-01-15T15:00:00.000Z', '2026-02-01T15:00:00.000Z', '2026-02-15T15:00:00.000Z',
      '2026-03-01T15:00:00.000Z', '2026-03-15T14:00:00.000Z',
    ]);
  });

  it('falls on the fifth Friday only in months that have one (BYDAY=5FR)', () => {
    // Fridays of 2026: 30 January, 29 May and 31 July are fifth ones; February to April and June have four.
    expect(starts(series('2026-01-30T15:00:00Z', 'FREQ=MONTHLY;BYDAY=5FR'), '2026-01-01T00:00:00Z', '2026-08-01T00:00:00Z')).toEqual([
      '2026-01-30T15:00:00.000Z', '2026-05-29T14:00:00.000Z', '2026-07-31T14:00:00.000Z',
    ]);
  });

  it('takes the last of several weekdays of each month (BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1): the last working day', () => {
    expect(starts(series('2026-01-30T15:00:00Z', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'), '2026-01-01T00:00:00Z', '2026-07-01T00:00:00Z')).toEqual([
      '2026-01-30T15:00:00.000Z', // Sat 31 Jan: Friday 30
      '2026-02-27T15:00:00.000Z', // Sat 28 Feb: Friday 27
      '2026-03-31T14:00:00.000Z', // Tuesday
      '2026-04-30T14:00:00.000Z', // Thursday
      '2026-05-29T14:00:00.000Z', // Sun 31 May: Friday 29
      '2026-06-30T14:00:00.000Z', // Tuesday
    ]);
  });

  it('repeats yearly in several months (BYMONTH=3,9) on the second Tuesday of each', () => {
    // 2027's clocks change on 14 March, so 9 March 2027 is still 09:00 CST (15:00 UTC).
    expect(starts(series('2026-03-10T14:00:00Z', 'FREQ=YEARLY;BYMONTH=3,9;BYDAY=2TU'), '2026-01-01T00:00:00Z', '2028-01-01T00:00:00Z')).toEqual([
      '2026-03-10T14:00:00.000Z', '2026-09-08T14:00:00.000Z', '2027-03-09T15:00:00.000Z', '2027-09-14T14:00:00.000Z',
    ]);
  });
});

describe('zoned time', () => {
  it('ends an all-day item at the next local midnight: 23 hours on 8 March, 25 on 1 November', () => {
    expect(endOf(at('2026-03-08T06:00:00Z'), 24, true, CHICAGO).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(endOf(at('2026-11-01T05:00:00Z'), 24, true, CHICAGO).toISOString()).toBe('2026-11-02T06:00:00.000Z');
    expect(endOf(at('2026-04-06T13:00:00Z'), 0.25, false, CHICAGO).toISOString()).toBe('2026-04-06T13:15:00.000Z');
  });

  it('reads ISO text with an offset as that instant, and without one in the zone', () => {
    expect(parseZonedIso('2026-03-10T09:00:00', CHICAGO)?.toISOString()).toBe('2026-03-10T14:00:00.000Z');
    expect(parseZonedIso('2026-03-10T09:00', CHICAGO)?.toISOString()).toBe('2026-03-10T14:00:00.000Z');
    expect(parseZonedIso('2026-03-01', CHICAGO)?.toISOString()).toBe('2026-03-01T06:00:00.000Z');
    expect(parseZonedIso('2026-03-10T09:00:00-06:00', CHICAGO)?.toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(parseZonedIso('2026-03-10T09:00:00.5Z', CHICAGO)?.toISOString()).toBe('2026-03-10T09:00:00.500Z');
    expect(parseZonedIso('2026-02-30T09:00:00Z', CHICAGO)).toBeNull();
    expect(parseZonedIso('next tuesday', CHICAGO)).toBeNull();
  });

  it('turns wall clocks into instants and knows real zone names', () => {
    expect(instantOf(at('2026-07-04T12:00:00Z'), 'Asia/Kolkata').toISOString()).toBe('2026-07-04T06:30:00.000Z');
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('Sweep text')).toBe(false);
  });
});
