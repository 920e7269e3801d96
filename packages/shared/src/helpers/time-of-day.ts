const TIME_PATTERN = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Milliseconds since midnight for 'HH:mm', 'HH:mm:ss' or a Date (local time); null when unparseable. */
function msOfDay(t: string | Date): number | null {
  if (t instanceof Date) {
    if (Number.isNaN(t.getTime())) return null;
    return ((t.getHours() * 60 + t.getMinutes()) * 60 + t.getSeconds()) * 1000 + t.getMilliseconds();
  }
  const m = TIME_PATTERN.exec(t.trim());
  if (!m) return null;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3] ?? 0)) * 1000;
}

/** True when start is strictly earlier in the day than end (dates ignored); false if equal or either is invalid. */
export function isStartBeforeEnd(start: string | Date, end: string | Date): boolean {
  const s = msOfDay(start);
  const e = msOfDay(end);
  return s !== null && e !== null && s < e;
}
