/** First day of the week for calendars and week ranges: 0 = Sunday. */
export const WEEK_STARTS_ON = 0;

/** Counts Monday–Friday days in the given date's month (local time); throws RangeError for an invalid Date. */
export function countWeekdaysInMonth(date: Date): number {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const year = date.getFullYear();
  const month = date.getMonth();
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  let count = 0;
  for (let day = 1; day <= daysInMonth; day++) {
    const weekday = new Date(year, month, day).getDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}
