/**
 * Wall-clock time in an IANA time zone, with nothing but Intl. A "wall clock" is a Date whose UTC fields hold the
 * local date and time (a floating time, in RFC 5545 words): recurrence is computed on wall clocks, then each one is
 * turned into the instant it names in the series' zone.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** Whether the name is an IANA time zone this runtime knows ("America/Chicago", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    formatOf(name);
    return true;
  } catch {
    return false;
  }
}

/** The local date and time of an instant in the zone, as a wall clock. */
export function wallClockOf(instant: Date, timeZone: string): Date {
  const parts: Record<string, number> = {};
  for (const p of formatOf(timeZone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, instant.getUTCMilliseconds()));
}

/** How far the zone's clocks are ahead of UTC at an instant, in milliseconds (Chicago in winter: -6 h). */
export function offsetAt(instant: Date, timeZone: string): number {
  return wallClockOf(instant, timeZone).getTime() - instant.getTime();
}

/**
 * The instant a wall clock names in the zone. Around a change of the clocks the answer follows RFC 5545 (3.3.5):
 * a time that happens twice (the repeated hour in autumn) is the first of the two, and a time that never happens
 * (the skipped hour in spring) is read with the offset from before the gap, so 02:30 becomes 03:30 daylight time.
 */
export function instantOf(wallClock: Date, timeZone: string): Date {
  const wall = wallClock.getTime();
  const day = 86_400_000;
  const before = offsetAt(new Date(wall - day), timeZone);
  const after = offsetAt(new Date(wall + day), timeZone);
  const candidates = [...new Set([wall - before, wall - after])].sort((a, b) => a - b);
  const exact = candidates.find((t) => wallClockOf(new Date(t), timeZone).getTime() === wall);
  return new Date(exact ?? wall - before);
}

/** Adds whole days to a wall clock, keeping its time of day. */
export function addWallDays(wallClock: Date, days: number): Date {
  const d = new Date(wallClock.getTime());
  d.setUTCDate(d.getUTCDate() + days);
  return d;
}

/**
 * Reads an ISO 8601 date or date-time: with an offset (or Z) it is that instant; without one it is a wall-clock time
 * in the zone (a bare date is its midnight). Answers null for text that is not such a date.
 */
export function parseZonedIso(text: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const wall = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms));
  if (Number.isNaN(wall.getTime()) || wall.getUTCDate() !== Number(d) || wall.getUTCMonth() !== Number(mo) - 1) return null;
  if (wall.getUTCFullYear() !== Number(y)) return null;
  if (!zone) return instantOf(wall, timeZone);
  if (zone === 'Z') return wall;
  const sign = zone.startsWith('-') ? -1 : 1;
  const [oh, om] = [Number(zone.slice(1, 3)), Number(zone.slice(-2))];
  return new Date(wall.getTime() - sign * (oh * 60 + om) * 60_000);
}
