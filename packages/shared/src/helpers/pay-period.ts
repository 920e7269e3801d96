/** Bi-weekly pay period (1–26) for week/period number n (1–53): even n → n/2, odd n → (n+1)/2, and 53 → 26. */
export function biWeeklyPayPeriodIndex(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 53) throw new RangeError(`Invalid period number: ${n}`);
  if (n === 53) return 26;
  return n % 2 === 0 ? n / 2 : (n + 1) / 2;
}

/**
 * Pay periods (spec platform 2.1 account settings payPeriod, 5.6). A company pays weekly or bi-weekly, and its pay
 * week starts on one day of the week (0 Sunday … 6 Saturday). Pay week 1 of a year starts on that day on or before
 * 1 January, so a year has 52 pay weeks, or 53 when its last one runs into the next January. Weekly period n is pay
 * week n; bi-weekly period i is weeks 2i − 1 and 2i, and a 53rd week joins period 26 (the index rule above).
 * Dates are calendar dates ("2026-11-22") in the company's time zone; `endsOn` is the period's last day. A company may
 * instead pay by financial periods, dates of its own (schemas/financial-periods.ts).
 */
export const PAY_FREQUENCIES = ['Weekly', 'Bi-Weekly', 'Financial'] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];

/** A calendar of weeks; a company on "Financial" pay periods has its own dates instead (financial periods). */
export interface PayCalendar {
  payFrequency: Exclude<PayFrequency, 'Financial'>;
  payWeekStartsOn: number;
}

export interface PayPeriodDates {
  year: number;
  index: number;
  startsOn: string;
  endsOn: string;
}

const DAY_MS = 86_400_000;
const dayNumberOf = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The calendar date `days` after `date` (before, when negative). */
export const addDays = (date: string, days: number) => dateOfDay(dayNumberOf(date) + days);

function firstPayWeekStart(year: number, weekStartsOn: number): number {
  const jan1 = Date.UTC(year, 0, 1) / DAY_MS;
  return jan1 - ((new Date(jan1 * DAY_MS).getUTCDay() - weekStartsOn + 7) % 7);
}

/** The pay year and week number (1–53) of a date. */
export function payWeekOf(date: string, weekStartsOn: number): { year: number; week: number } {
  const day = dayNumberOf(date);
  let year = Number(date.slice(0, 4)) + 1;
  while (firstPayWeekStart(year, weekStartsOn) > day) year -= 1;
  return { year, week: Math.floor((day - firstPayWeekStart(year, weekStartsOn)) / 7) + 1 };
}

/** The pay period a date falls in. */
export function payPeriodOf(date: string, calendar: PayCalendar): PayPeriodDates {
  const { year, week } = payWeekOf(date, calendar.payWeekStartsOn);
  const first = firstPayWeekStart(year, calendar.payWeekStartsOn);
  const weekStart = (n: number) => first + (n - 1) * 7;
  if (calendar.payFrequency === 'Weekly') return { year, index: week, startsOn: dateOfDay(weekStart(week)), endsOn: dateOfDay(weekStart(week) + 6) };
  const index = biWeeklyPayPeriodIndex(week);
  const weeksInYear = (firstPayWeekStart(year + 1, calendar.payWeekStartsOn) - first) / 7;
  const lastWeek = index === 26 ? weeksInYear : 2 * index;
  return { year, index, startsOn: dateOfDay(weekStart(2 * index - 1)), endsOn: dateOfDay(weekStart(lastWeek) + 6) };
}

/** The period before (-1) or after (1) a period. */
export const adjacentPayPeriod = (period: PayPeriodDates, calendar: PayCalendar, step: -1 | 1) =>
  payPeriodOf(step === 1 ? addDays(period.endsOn, 1) : addDays(period.startsOn, -1), calendar);

/** Every date of a period, first to last. */
export function datesOf(period: { startsOn: string; endsOn: string }): string[] {
  const out: string[] = [];
  for (let d = dayNumberOf(period.startsOn); d <= dayNumberOf(period.endsOn); d++) out.push(dateOfDay(d));
  return out;
}

/** Minutes as hours with two decimals, rounded half-up ("8.50"); the minutes stay exact, only the text rounds. */
export function hoursText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const hundredths = Math.floor((Math.abs(minutes) * 100) / 60 + 0.5);
  return `${sign}${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
