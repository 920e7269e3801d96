/**
 * The arithmetic of a timesheet, on whole minutes (instants divided by 60 000 and rounded), so every sum is exact:
 * the time worked is the union of the employee's labor and paid work-status time, cut at the days of the period;
 * labor marked overtime at clock-in is overtime; the rest is regular until the week's regular time reaches the
 * company's limit, and overtime after it, in the order it was worked.
 */
export interface Span {
  /** Minutes since the epoch. */
  from: number;
  to: number;
  isOvertime: boolean;
}

export interface DayHours {
  workedMinutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
}

export const minuteOf = (instant: Date) => Math.round(instant.getTime() / 60_000);

/**
 * `dayStarts` holds the first minute of each day of the period and then the minute the period ends; `weekOfDay` says
 * which pay week each day is in. Answers each day's minutes.
 */
export function hoursByDay(spans: readonly Span[], dayStarts: readonly number[], weekOfDay: readonly number[], overtimeAfterMinutes: number): DayHours[] {
  const periodStart = dayStarts[0];
  const periodEnd = dayStarts[dayStarts.length - 1];
  const clipped = spans
    .map((s) => ({ from: Math.max(s.from, periodStart), to: Math.min(s.to, periodEnd), isOvertime: s.isOvertime }))
    .filter((s) => s.to > s.from);
  const bounds = [...new Set([...dayStarts, ...clipped.flatMap((s) => [s.from, s.to])])].sort((a, b) => a - b);
  const days: DayHours[] = dayStarts.slice(0, -1).map(() => ({ workedMinutes: 0, regularMinutes: 0, overtimeMinutes: 0 }));
  const regularOfWeek = new Map<number, number>();
  let day = 0;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [from, to] = [bounds[i], bounds[i + 1]];
    while (day + 1 < days.length && from >= dayStarts[day + 1]) day++;
    const covering = clipped.filter((s) => s.from <= from && s.to >= to);
    if (covering.length === 0) continue;
    const length = to - from;
    const week = weekOfDay[day];
    const used = regularOfWeek.get(week) ?? 0;
    const regular = covering.some((s) => s.isOvertime) ? 0 : Math.min(length, Math.max(overtimeAfterMinutes - used, 0));
    regularOfWeek.set(week, used + regular);
    days[day].workedMinutes += length;
    days[day].regularMinutes += regular;
    days[day].overtimeMinutes += length - regular;
  }
  return days;
}
