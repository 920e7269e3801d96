import { AppError } from '../../../lib/errors';

/**
 * Failed sign-ins counted per address over a fixed window: once an address has `max` failures in the window, its
 * next attempts are refused until the window ends, whatever user name they try. Only failures count, so an office
 * whose technicians all sign in correctly from one address at the start of a shift is never held up. Kept in the
 * memory of one server process, like the per-user limit.
 */
export function addressFailureLimit(max: number, windowMs: number) {
  const windows = new Map<string, { failures: number; endsAt: number }>();
  const current = (address: string, now: number) => {
    const w = windows.get(address);
    return w && w.endsAt > now ? w : undefined;
  };
  return {
    /** Throws the 429 when the address has used up its failures. */
    check(address: string, now = Date.now()) {
      if ((current(address, now)?.failures ?? 0) >= max) {
        throw new AppError(429, 'Too many failed sign-in attempts from this address. Please wait a minute and try again.');
      }
    },
    recordFailure(address: string, now = Date.now()) {
      const w = current(address, now);
      if (w) w.failures += 1;
      else {
        if (windows.size >= 10_000) for (const [key, old] of windows) if (old.endsAt <= now) windows.delete(key);
        windows.set(address, { failures: 1, endsAt: now + windowMs });
      }
    },
  };
}
