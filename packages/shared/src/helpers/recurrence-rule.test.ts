import { describe, expect, it } from 'vitest';
import { recurrenceFormSchema, type RecurrenceFormInput } from '../schemas/recurrence';
import { canonicalRecurrenceRule, readRecurrenceRule, recurrenceRuleOf } from './recurrence-rule';

const ruleOf = (input: RecurrenceFormInput) => recurrenceRuleOf(recurrenceFormSchema.parse(input));
const formOf = (rule: string) => {
  const read = readRecurrenceRule(rule);
  if (read.error !== null) throw new Error(read.error);
  return read.form;
};

describe('recurrence form to RRULE', () => {
  it('writes each pattern of the editor', () => {
    expect(ruleOf({ pattern: 'never' })).toBeNull();
    expect(ruleOf({ pattern: 'daily', interval: 3 })).toBe('FREQ=DAILY;INTERVAL=3');
    expect(ruleOf({ pattern: 'weekly', weekdays: [4, 1] })).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    expect(ruleOf({ pattern: 'weekly', interval: 2, weekdays: [1, 4] })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU');
    expect(ruleOf({ pattern: 'weekly', weekdays: [7, 6, 6] })).toBe('FREQ=WEEKLY;BYDAY=SA,SU');
    expect(ruleOf({ pattern: 'monthly', dayOfMonth: 15 })).toBe('FREQ=MONTHLY;BYMONTHDAY=15');
    expect(ruleOf({ pattern: 'monthly', dayType: 'relative', weekIndex: -1, weekday: 5 })).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    expect(ruleOf({ pattern: 'monthly', dayType: 'relative', weekIndex: 2, weekday: 2, interval: 3 })).toBe('FREQ=MONTHLY;INTERVAL=3;BYDAY=2TU');
    expect(ruleOf({ pattern: 'yearly', month: 2, dayOfMonth: 29 })).toBe('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29');
    expect(ruleOf({ pattern: 'yearly', dayType: 'relative', month: 11, weekIndex: 4, weekday: 4 })).toBe('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH');
    expect(ruleOf({ pattern: 'yearly' })).toBe('FREQ=YEARLY');
  });

  it('writes the end of the range: after N occurrences, or through an end date', () => {
    expect(ruleOf({ pattern: 'daily', end: 'after', count: 10 })).toBe('FREQ=DAILY;COUNT=10');
    expect(ruleOf({ pattern: 'weekly', weekdays: [2], end: 'endDate', endDate: '2026-12-31' })).toBe('FREQ=WEEKLY;BYDAY=TU;UNTIL=20261231T235959');
  });

  it('refuses forms that lack what their pattern needs, with the field and a sentence', () => {
    const problem = (input: RecurrenceFormInput) => {
      const r = recurrenceFormSchema.safeParse(input);
      return r.success ? null : [r.error.issues[0].path.join('.'), r.error.issues[0].message];
    };
    expect(problem({ pattern: 'monthly', dayType: 'relative', weekday: 5 })).toEqual(['weekIndex', 'Week field is required!']);
    expect(problem({ pattern: 'monthly', dayType: 'relative', weekIndex: 5, weekday: 5 })).toEqual(['weekIndex', 'Week must be first (1) to fourth (4), or last (-1).']);
    expect(problem({ pattern: 'yearly', dayType: 'relative', weekIndex: 1, weekday: 1 })).toEqual(['month', 'Month field is required!']);
    expect(problem({ pattern: 'yearly', month: 2 })).toEqual(['dayOfMonth', 'A yearly repeat needs both the month and the day, or neither.']);
    expect(problem({ pattern: 'yearly', month: 2, dayOfMonth: 30 })).toEqual(['dayOfMonth', 'That day does not exist in that month.']);
    expect(problem({ pattern: 'daily', end: 'after' })).toEqual(['count', 'Number of occurrences field is required!']);
    expect(problem({ pattern: 'daily', end: 'endDate', endDate: '2026-02-30' })).toEqual(['endDate', 'End date is not a valid date.']);
    expect(problem({ pattern: 'weekly', weekdays: [0] })).toEqual(['weekdays.0', 'Weekday must be 1 (Monday) to 7 (Sunday).']);
    expect(problem({ pattern: 'hourly' } as never)).toEqual(['pattern', 'Repeat must be never, daily, weekly, monthly or yearly.']);
  });
});

describe('RRULE to recurrence form', () => {
  it('reads each pattern back into the editor fields', () => {
    expect(formOf('FREQ=MONTHLY;BYDAY=-1FR')).toMatchObject({ pattern: 'monthly', dayType: 'relative', weekIndex: -1, weekday: 5, interval: 1, end: 'never' });
    expect(formOf('RRULE:freq=weekly;interval=2;byday=MO,TH;wkst=SU')).toMatchObject({ pattern: 'weekly', interval: 2, weekdays: [1, 4] });
    expect(formOf('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29')).toMatchObject({ pattern: 'yearly', dayType: 'absolute', month: 2, dayOfMonth: 29 });
    expect(formOf('FREQ=DAILY;COUNT=5')).toMatchObject({ pattern: 'daily', end: 'after', count: 5 });
    expect(formOf('FREQ=WEEKLY;UNTIL=20261231T235959Z')).toMatchObject({ pattern: 'weekly', weekdays: [], end: 'endDate', endDate: '2026-12-31' });
    expect(formOf('FREQ=WEEKLY;UNTIL=20261231')).toMatchObject({ end: 'endDate', endDate: '2026-12-31' });
    expect(formOf('FREQ=MONTHLY')).toMatchObject({ pattern: 'monthly', dayType: 'absolute', dayOfMonth: null });
    expect(formOf('')).toMatchObject({ pattern: 'never' });
    expect(formOf('  ')).toMatchObject({ pattern: 'never' });
  });

  it('reads the BYSETPOS spelling of "the last Friday" as the same form', () => {
    expect(formOf('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1')).toEqual(formOf('FREQ=MONTHLY;BYDAY=-1FR'));
    expect(canonicalRecurrenceRule('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1')).toEqual({ rule: 'FREQ=MONTHLY;BYDAY=-1FR', error: null });
  });

  it('refuses what the editor cannot show, with a sentence', () => {
    const errorOf = (rule: string) => readRecurrenceRule(rule).error;
    expect(errorOf('FREQ=HOURLY')).toBe('The repeat rule must repeat daily, weekly, monthly or yearly.');
    expect(errorOf('INTERVAL=2')).toBe('The repeat rule needs FREQ.');
    expect(errorOf('FREQ=DAILY;BYHOUR=9')).toBe('The repeat rule part BYHOUR is not supported.');
    expect(errorOf('FREQ=DAILY;COUNT=3;UNTIL=20261231')).toBe('The repeat rule cannot have both COUNT and UNTIL.');
    expect(errorOf('FREQ=DAILY;COUNT=0')).toBe('The number of occurrences must be a whole number from 1 to 999.');
    expect(errorOf('FREQ=DAILY;FREQ=WEEKLY')).toBe('The repeat rule names FREQ twice.');
    expect(errorOf('FREQ=MONTHLY;BYDAY=MO,FR')).toBe('The repeat can fall on one weekday only, like BYDAY=-1FR.');
    expect(errorOf('FREQ=MONTHLY;BYDAY=5MO')).toBe('The week must be first (1) to fourth (4), or last (-1).');
    expect(errorOf('FREQ=MONTHLY;BYMONTHDAY=-1')).toBe('The repeat can name one day of the month, from 1 to 31.');
    expect(errorOf('FREQ=WEEKLY;BYDAY=1MO')).toBe('A weekly repeat names weekdays without numbers, like BYDAY=MO,TH.');
    expect(errorOf('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')).toBe('That day does not exist in that month.');
    expect(errorOf('FREQ=WEEKLY;UNTIL=tomorrow')).toBe('The repeat end (UNTIL) is not a valid date.');
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
    'FREQ=WEEKLY;BYDAY=TU;UNTIL=20261231T235959',
    'FREQ=MONTHLY;BYMONTHDAY=31',
    'FREQ=MONTHLY;INTERVAL=6;BYDAY=1MO',
    'FREQ=MONTHLY;BYDAY=-1FR;COUNT=12',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
  ];
  it.each(rules)('%s reads into a form that writes the same rule', (rule) => {
    expect(recurrenceRuleOf(formOf(rule))).toBe(rule);
  });

  const forms: RecurrenceFormInput[] = [
    { pattern: 'daily', interval: 5, end: 'endDate', endDate: '2027-01-15' },
    { pattern: 'weekly', weekdays: [1, 2, 3, 4, 5, 6, 7], interval: 3 },
    { pattern: 'monthly', dayType: 'relative', weekIndex: 3, weekday: 3, end: 'after', count: 4 },
    { pattern: 'yearly', month: 12, dayOfMonth: 25 },
  ];
  it.each(forms)('form %j writes a rule that reads back into the same form', (input) => {
    const form = recurrenceFormSchema.parse(input);
    expect(formOf(recurrenceRuleOf(form)!)).toEqual(form);
  });
});
