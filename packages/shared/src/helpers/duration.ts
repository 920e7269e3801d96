/** Whole days, hours and minutes of a duration. */
export interface DurationParts {
  days: number;
  hours: number;
  mins: number;
}

const MINUTES_PER_DAY = 1440;

/** Splits minutes into days/hours/mins (1440 minutes per day); negatives and non-finite become 0, fractions round down. */
export function splitDuration(totalMinutes: number): DurationParts {
  const total = Number.isFinite(totalMinutes) && totalMinutes > 0 ? Math.floor(totalMinutes) : 0;
  return {
    days: Math.floor(total / MINUTES_PER_DAY),
    hours: Math.floor((total % MINUTES_PER_DAY) / 60),
    mins: total % 60,
  };
}

const unit = (n: number, singular: string): string => `${n} ${singular}${n === 1 ? '' : 's'}`;

/** Formats minutes as e.g. '1 day, 2 hours, 5 mins', omitting leading zero units ('59 mins', '0 mins'). */
export function formatDuration(totalMinutes: number): string {
  const { days, hours, mins } = splitDuration(totalMinutes);
  const parts = [unit(mins, 'min')];
  if (days > 0 || hours > 0) parts.unshift(unit(hours, 'hour'));
  if (days > 0) parts.unshift(unit(days, 'day'));
  return parts.join(', ');
}
