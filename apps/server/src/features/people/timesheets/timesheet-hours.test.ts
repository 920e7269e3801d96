import { describe, expect, it } from 'vitest';
import { hoursByDay, type Span } from './timesheet-hours';

const DAY = 24 * 60;
/** A period of `n` days from minute 0, in weeks of seven. */
const period = (n: number) => ({ dayStarts: Array.from({ length: n + 1 }, (_, i) => i * DAY), weekOfDay: Array.from({ length: n }, (_, i) => Math.floor(i / 7)) });
const at = (day: number, hour: number, minute = 0) => day * DAY + hour * 60 + minute;
const work = (day: number, fromHour: number, toHour: number, isOvertime = false): Span => ({ from: at(day, fromHour), to: at(day, toHour), isOvertime });

describe('hours of a timesheet', () => {
  it('counts overlapping labor and status time once', () => {
    const { dayStarts, weekOfDay } = period(7);
    const days = hoursByDay([work(0, 8, 12), work(0, 11, 13), { from: at(0, 13), to: at(0, 13, 30), isOvertime: false }], dayStarts, weekOfDay, 40 * 60);
    expect(days[0]).toEqual({ workedMinutes: 330, regularMinutes: 330, overtimeMinutes: 0 });
    expect(days.slice(1).every((d) => d.workedMinutes === 0)).toBe(true);
  });

  it('makes the time after 40 hours in a pay week overtime, in the order it was worked, and starts again next week', () => {
    const { dayStarts, weekOfDay } = period(14);
    // Five days of 9 hours: 45 hours; the fifth day's last 5 hours are overtime. Week two: 8 hours, all regular.
    const spans = [0, 1, 2, 3, 4].map((d) => work(d, 7, 16)).concat(work(8, 8, 16));
    const days = hoursByDay(spans, dayStarts, weekOfDay, 40 * 60);
    expect(days[3]).toEqual({ workedMinutes: 540, regularMinutes: 540, overtimeMinutes: 0 });
    expect(days[4]).toEqual({ workedMinutes: 540, regularMinutes: 240, overtimeMinutes: 300 });
    expect(days[8]).toEqual({ workedMinutes: 480, regularMinutes: 480, overtimeMinutes: 0 });
  });

  it('counts labor marked overtime as overtime, and splits time across midnight between the days', () => {
    const { dayStarts, weekOfDay } = period(7);
    const days = hoursByDay([{ from: at(1, 22), to: at(2, 1, 15), isOvertime: true }], dayStarts, weekOfDay, 40 * 60);
    expect(days[1]).toEqual({ workedMinutes: 120, regularMinutes: 0, overtimeMinutes: 120 });
    expect(days[2]).toEqual({ workedMinutes: 75, regularMinutes: 0, overtimeMinutes: 75 });
  });

  it('leaves out time before and after the period, and honours another weekly limit', () => {
    const { dayStarts, weekOfDay } = period(7);
    const days = hoursByDay([{ from: -120, to: at(0, 2), isOvertime: false }, work(6, 20, 26)], dayStarts, weekOfDay, 3 * 60);
    expect(days[0]).toEqual({ workedMinutes: 120, regularMinutes: 120, overtimeMinutes: 0 });
    expect(days[6]).toEqual({ workedMinutes: 240, regularMinutes: 60, overtimeMinutes: 180 });
  });
});
