import { describe, expect, it } from 'vitest';
import { recurrenceFormSchema, type RecurrenceFormInput } from '../schemas/recurrence';
import { canonicalRecurrenceRule, readRecurrenceRule, recurrenceRuleOf } from './recurrence-rule';

const ruleOf = (input: RecurrenceFormInput, timeZone?: string) => recurrenceRuleOf(recurrenceFormSchema.parse(input), timeZone);
const formOf = (rule: string, timeZone?: string) => {
  const read = readRecurrenceRule(rule, timeZone);
  if (read.error !== null) throw new Error(read.error);
  return read.form;
};
const CHICAGO = 'America/Chicago';

describe('recurrence form to RRULE', () => {
  it('writes each pattern of the editor', () => {
    expect(ruleOf({ pattern: 'never' })).toBeNull();
    expect(ruleOf({ pattern: 'daily', interval: 3 })).toBe('FREQ=DAILY;INTERVAL=3');
    expect(ruleOf({ pattern: 'weekly', weekdays: [4, 1] })).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    expect(ruleOf({ pattern: 'weekly', weekdays: [7, 6, 6] })).toBe('FREQ=WEEKLY;BYDAY=SA,SU');
    expect(ruleOf({ pattern: 'monthly', monthDays: [15] })).toBe('FREQ=MONTHLY;BYMONTHDAY=15');
    expect(ruleOf({ pattern: 'monthly', dayType: 'relative', weekIndex: -1, weekdays: [5] })).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    expect(ruleOf({ pattern: 'monthly', dayType: 'relative', weekIndex: 2, weekdays: [2], interval: 3 })).toBe('FREQ=MONTHLY;INTERVAL=3;BYDAY=2TU');
    expect(ruleOf({ pattern: 'yearly', months: [2], monthDays: [29] })).toBe('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29');
    expect(ruleOf({ pattern: 'yearly', dayType: 'relative', months: [11], weekIndex: 4, weekdays: [4] })).toBe('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH');
    expect(ruleOf({ pattern: 'yearly' })).toBe('FREQ=YEARLY');
  });

  it('says which day starts the week of a rule that skips weeks: Sunday unless the editor chose another', () => {
    expect(ruleOf({ pattern: 'weekly', interval: 2, weekdays: [1, 4] })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU');
    expect(ruleOf({ pattern: 'weekly', interval: 2, weekdays: [2, 7], weekStart: 1 })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=MO');
    expect(ruleOf({ pattern: 'weekly', weekdays: [2, 7], weekStart: 1 })).toBe('FREQ=WEEKLY;BYDAY=TU,SU');
  });

  it('writes the last day, the fifth week, one of several weekdays, and several days and months', () => {
    expect(ruleOf({ pattern: 'monthly', monthDays: [-1] })).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
    expect(ruleOf({ pattern: 'monthly', monthDays: [-1, 15, 1] })).toBe('FREQ=MONTHLY;BYMONTHDAY=1,15,-1');
    expect(ruleOf({ pattern: 'monthly', dayType: 'relative', weekIndex: 5, weekdays: [5] })).toBe('FREQ=MONTHLY;BYDAY=5FR');
    expect(ruleOf({ pattern: 'monthly', dayType: 'relative', weekIndex: -1, weekdays: [5, 1, 2, 3, 4] })).toBe('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1');
    expect(ruleOf({ pattern: 'yearly', months: [9, 3], monthDays: [15] })).toBe('FREQ=YEARLY;BYMONTH=3,9;BYMONTHDAY=15');
    expect(ruleOf({ pattern: 'yearly', dayType: 'relative', months: [3, 9], weekIndex: 2, weekdays: [2] })).toBe('FREQ=YEARLY;BYMONTH=3,9;BYDAY=2TU');
  });

  it('writes the end of the range: after N occurrences, or at a time of an end date', () => {
    expect(ruleOf({ pattern: 'daily', end: 'after', count: 10 })).toBe('FREQ=DAILY;COUNT=10');
    expect(ruleOf({ pattern: 'weekly', weekdays: [2], end: 'endDate', endDate: '2026-12-31' })).toBe('FREQ=WEEKLY;BYDAY=TU;UNTIL=20261231T235959');
    expect(ruleOf({ pattern: 'daily', end: 'endDate', endDate: '2026-04-10', endTime: '08:59:59' })).toBe('FREQ=DAILY;UNTIL=20260410T085959');
    // With the series' zone the end is the UTC instant: 23:59:59 CST on 31 December is 05:59:59 UTC on 1 January,
    // 08:59:59 CDT on 10 April is 13:59:59 UTC.
    expect(ruleOf({ pattern: 'weekly', weekdays: [2], end: 'endDate', endDate: '2026-12-31' }, CHICAGO)).toBe('FREQ=WEEKLY;BYDAY=TU;UNTIL=20270101T055959Z');
    expect(ruleOf({ pattern: 'daily', end: 'endDate', endDate: '2026-04-10', endTime: '08:59:59' }, CHICAGO)).toBe('FREQ=DAILY;UNTIL=20260410T135959Z');
  });

  it('refuses forms that lack what their pattern needs, with the field and a sentence', () => {
    const problem = (input: RecurrenceFormInput) => {
      const r = recurrenceFormSchema.safeParse(input);
      return r.success ? null : [r.error.issues[0].path.join('.'), r.error.issues[0].message];
    };
    expect(problem({ pattern: 'monthly', dayType: 'relative', weekdays: [5] })).toEqual(['weekIndex', 'Week field is required!']);
    expect(problem({ pattern: 'monthly', dayType: 'relative', weekIndex: 1 })).toEqual(['weekdays', 'Weekday field is required!']);
    expect(problem({ pattern: 'monthly', dayType: 'relative', weekIndex: 6, weekdays: [5] })).toEqual(['weekIndex', 'Week must be first (1) to fifth (5), or last (-1).']);
    expect(problem({ pattern: 'yearly', dayType: 'relative', weekIndex: 1, weekdays: [1] })).toEqual(['months', 'Month field is required!']);
    expect(problem({ pattern: 'yearly', dayType: 'relative', weekIndex: 1, weekdays: [1, 2], months: [3, 9] })).toEqual(['months', 'A yearly repeat on one of several weekdays can name one month only.']);
    expect(problem({ pattern: 'yearly', months: [2] })).toEqual(['monthDays', 'A yearly repeat needs both the month and the day, or neither.']);
    expect(problem({ pattern: 'yearly', months: [2], monthDays: [30] })).toEqual(['monthDays', 'That day does not exist in that month.']);
    expect(problem({ pattern: 'monthly', monthDays: [0] })).toEqual(['monthDays.0', 'Day of month must be 1 to 31, or -1 for the last day.']);
    expect(problem({ pattern: 'monthly', monthDays: [-2] })).toEqual(['monthDays.0', 'Day of month must be 1 to 31, or -1 for the last day.']);
    expect(problem({ pattern: 'daily', end: 'after' })).toEqual(['count', 'Number of occurrences field is required!']);
    expect(problem({ pattern: 'daily', end: 'endDate', endDate: '2026-02-30' })).toEqual(['endDate', 'End date is not a valid date.']);
    expect(problem({ pattern: 'daily', end: 'endDate', endDate: '2026-02-27', endTime: '24:00:00' })).toEqual(['endTime', 'End time must be a time of day, like 17:30:00.']);
    expect(problem({ pattern: 'weekly', weekdays: [0] })).toEqual(['weekdays.0', 'Weekday must be 1 (Monday) to 7 (Sunday).']);
    expect(problem({ pattern: 'hourly' } as never)).toEqual(['pattern', 'Repeat must be never, daily, weekly, monthly or yearly.']);
  });
});

describe('RRULE to recurrence form', () => {
  it('reads each pattern back into the editor fields', () => {
    expect(formOf('FREQ=MONTHLY;BYDAY=-1FR')).toMatchObject({ pattern: 'monthly', dayType: 'relative', weekIndex: -1, weekdays: [5], interval: 1, end: 'never' });
    expect(formOf('RRULE:freq=weekly;interval=2;byday=MO,TH;wkst=SU')).toMatchObject({ pattern: 'weekly', interval: 2, weekdays: [1, 4], weekStart: 7 });
    expect(formOf('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29')).toMatchObject({ pattern: 'yearly', dayType: 'absolute', months: [2], monthDays: [29] });
    expect(formOf('FREQ=DAILY;COUNT=5')).toMatchObject({ pattern: 'daily', end: 'after', count: 5 });
    expect(formOf('FREQ=MONTHLY')).toMatchObject({ pattern: 'monthly', dayType: 'absolute', monthDays: [] });
    expect(formOf('')).toMatchObject({ pattern: 'never' });
    expect(formOf('  ')).toMatchObject({ pattern: 'never' });
  });

  it('reads a rule that skips weeks without WKST as weeks starting on Monday, as RFC 5545 says', () => {
    expect(formOf('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU')).toMatchObject({ weekStart: 1 });
    expect(canonicalRecurrenceRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU')).toEqual({ rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=MO', error: null });
    expect(canonicalRecurrenceRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU')).toEqual({ rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU', error: null });
  });

  it('keeps the time of day of UNTIL, reading a UTC end as the wall clock of the series\' zone', () => {
    expect(formOf('FREQ=WEEKLY;UNTIL=20261231T235959')).toMatchObject({ end: 'endDate', endDate: '2026-12-31', endTime: '23:59:59' });
    expect(formOf('FREQ=WEEKLY;UNTIL=20261231')).toMatchObject({ end: 'endDate', endDate: '2026-12-31', endTime: '23:59:59' });
    expect(formOf('FREQ=DAILY;UNTIL=20260410T140000Z', CHICAGO)).toMatchObject({ endDate: '2026-04-10', endTime: '09:00:00' });
    expect(formOf('FREQ=DAILY;UNTIL=20260411T045959Z', CHICAGO)).toMatchObject({ endDate: '2026-04-10', endTime: '23:59:59' });
    expect(canonicalRecurrenceRule('FREQ=DAILY;UNTIL=20260410T085959', CHICAGO)).toEqual({ rule: 'FREQ=DAILY;UNTIL=20260410T135959Z', error: null });
    expect(canonicalRecurrenceRule('FREQ=DAILY;UNTIL=20260410T135959Z', CHICAGO)).toEqual({ rule: 'FREQ=DAILY;UNTIL=20260410T135959Z', error: null });
  });

  it('reads the last day of the month, the fifth weekday, BYSETPOS over several weekdays, and several days and months', () => {
    expect(formOf('FREQ=MONTHLY;BYMONTHDAY=-1')).toMatchObject({ dayType: 'absolute', monthDays: [-1] });
    expect(formOf('FREQ=MONTHLY;BYMONTHDAY=1,15')).toMatchObject({ monthDays: [1, 15] });
    expect(formOf('FREQ=MONTHLY;BYDAY=5FR')).toMatchObject({ dayType: 'relative', weekIndex: 5, weekdays: [5] });
    expect(formOf('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1')).toMatchObject({ dayType: 'relative', weekIndex: -1, weekdays: [1, 2, 3, 4, 5] });
    expect(formOf('FREQ=YEARLY;BYMONTH=3,9;BYMONTHDAY=15')).toMatchObject({ months: [3, 9], monthDays: [15] });
    expect(formOf('FREQ=YEARLY;BYMONTH=1,4,7,10;BYDAY=1MO')).toMatchObject({ months: [1, 4, 7, 10], weekIndex: 1, weekdays: [1] });
  });

  it('reads the BYSETPOS spelling of "the last Friday" and a daily rule on weekdays as the same series', () => {
    expect(formOf('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1')).toEqual(formOf('FREQ=MONTHLY;BYDAY=-1FR'));
    expect(canonicalRecurrenceRule('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1')).toEqual({ rule: 'FREQ=MONTHLY;BYDAY=-1FR', error: null });
    expect(canonicalRecurrenceRule('FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR')).toEqual({ rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', error: null });
  });

  it('refuses what the editor cannot show, with a sentence', () => {
    const errorOf = (rule: string) => readRecurrenceRule(rule).error;
    expect(errorOf('FREQ=HOURLY')).toBe('The repeat rule must repeat daily, weekly, monthly or yearly.');
    expect(errorOf('INTERVAL=2')).toBe('The repeat rule needs FREQ.');
    expect(errorOf('FREQ=DAILY;BYHOUR=9')).toBe('The repeat rule part BYHOUR is not supported.');
    expect(errorOf('FREQ=DAILY;COUNT=3;UNTIL=20261231')).toBe('The repeat rule cannot have both COUNT and UNTIL.');
    expect(errorOf('FREQ=DAILY;COUNT=0')).toBe('The number of occurrences must be a whole number from 1 to 999.');
    expect(errorOf('FREQ=DAILY;FREQ=WEEKLY')).toBe('The repeat rule names FREQ twice.');
    expect(errorOf('FREQ=DAILY;INTERVAL=2;BYDAY=MO')).toBe('A daily repeat cannot name days or months.');
    expect(errorOf('FREQ=MONTHLY;BYDAY=MO,FR')).toBe('A repeat on weekdays of the month needs their week, like BYDAY=-1FR or BYDAY=MO,TU;BYSETPOS=1.');
    expect(errorOf('FREQ=MONTHLY;BYDAY=1MO,3MO')).toBe('The repeat can name one numbered weekday, like BYDAY=-1FR; for one of several weekdays use BYSETPOS.');
    expect(errorOf('FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1,-1')).toBe('The week must be first (1) to fifth (5), or last (-1).');
    expect(errorOf('FREQ=MONTHLY;BYDAY=6MO')).toBe('The week must be first (1) to fifth (5), or last (-1).');
    expect(errorOf('FREQ=MONTHLY;BYDAY=1MO;BYSETPOS=1')).toBe('The week is given twice (BYDAY and BYSETPOS).');
    expect(errorOf('FREQ=MONTHLY;BYMONTHDAY=15;BYSETPOS=1')).toBe('BYSETPOS is only supported with weekdays, like BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1.');
    expect(errorOf('FREQ=MONTHLY;BYMONTHDAY=-2')).toBe('Day of month must be 1 to 31, or -1 for the last day.');
    expect(errorOf('FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=MO')).toBe('The repeat can fall on days of the month or on a weekday, not both.');
    expect(errorOf('FREQ=MONTHLY;BYMONTH=3')).toBe('A monthly repeat cannot name a month.');
    expect(errorOf('FREQ=WEEKLY;BYDAY=1MO')).toBe('A weekly repeat names weekdays without numbers, like BYDAY=MO,TH.');
    expect(errorOf('FREQ=WEEKLY;INTERVAL=2;WKST=XX')).toBe('The repeat week start (WKST) is not a day.');
    expect(errorOf('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')).toBe('That day does not exist in that month.');
    expect(errorOf('FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=1')).toBe('Month must be at most 12.');
    expect(errorOf('FREQ=WEEKLY;UNTIL=tomorrow')).toBe('The repeat end (UNTIL) is not a valid date and time.');
    expect(errorOf('FREQ=WEEKLY;UNTIL=20260230T090000Z')).toBe('The repeat end (UNTIL) is not a valid date and time.');
    expect(errorOf('FREQ=WEEKLY;UNTIL=20260227T250000')).toBe('The repeat end (UNTIL) is not a valid date and time.');
    expect(errorOf('DTSTART:20260101T090000Z\nRRULE:FREQ=DAILY')).toBe('The repeat rule must be a single RRULE line.');
    expect(errorOf("FREQ=DAILY'; DROP TABLE users")).toBe('The repeat rule is not valid near "FREQ=DAILY\'".');
  });
});

describe('round trips', () => {
  const rules = [
    'FREQ=DAILY',
    'FREQ=DAILY;INTERVAL=2;COUNT=7',
    'FREQ=WEEKLY',
    'FREQ=WEEKLY;BYDAY=MO,WE,FR',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU',
    'FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,SU;WKST=MO',
    'FREQ=WEEKLY;BYDAY=TU;UNTIL=20261231T235959',
    'FREQ=DAILY;UNTIL=20260410T083000',
    'FREQ=MONTHLY;BYMONTHDAY=31',
    'FREQ=MONTHLY;BYMONTHDAY=1,15,-1',
    'FREQ=MONTHLY;INTERVAL=6;BYDAY=1MO',
    'FREQ=MONTHLY;BYDAY=-1FR;COUNT=12',
    'FREQ=MONTHLY;BYDAY=5FR',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=YEARLY;BYMONTH=3,9;BYMONTHDAY=1,15',
    'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
    'FREQ=YEARLY;BYMONTH=5;BYDAY=SA,SU;BYSETPOS=1',
  ];
  it.each(rules)('%s reads into a form that writes the same rule', (rule) => {
    expect(recurrenceRuleOf(formOf(rule))).toBe(rule);
  });

  it('writes a UTC end that reads back into the same form in the series\' zone', () => {
    const rule = 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270101T055959Z';
    expect(recurrenceRuleOf(formOf(rule, CHICAGO), CHICAGO)).toBe(rule);
  });

  const forms: RecurrenceFormInput[] = [
    { pattern: 'daily', interval: 5, end: 'endDate', endDate: '2027-01-15' },
    { pattern: 'weekly', weekdays: [1, 2, 3, 4, 5, 6, 7], interval: 3, weekStart: 7 },
    { pattern: 'monthly', dayType: 'relative', weekIndex: 3, weekdays: [3], end: 'after', count: 4 },
    { pattern: 'monthly', dayType: 'relative', weekIndex: 2, weekdays: [6, 7] },
    { pattern: 'yearly', months: [12], monthDays: [25] },
  ];
  it.each(forms)('form %j writes a rule that reads back into the same form', (input) => {
    const form = recurrenceFormSchema.parse(input);
    expect(formOf(recurrenceRuleOf(form)!)).toEqual(form);
  });
});
