/** Bi-weekly pay period (1–26) for week/period number n (1–53): even n → n/2, odd n → (n+1)/2, and 53 → 26. */
export function biWeeklyPayPeriodIndex(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 53) throw new RangeError(`Invalid period number: ${n}`);
  if (n === 53) return 26;
  return n % 2 === 0 ? n / 2 : (n + 1) / 2;
}
