/** Minimum profit factor (%) required for a job amount: >1000 up to 10000 → 33.33, >10000 → 25, else null. */
export function minimumProfitFactor(amount: number): number | null {
  if (!Number.isFinite(amount) || amount <= 1000) return null;
  return amount <= 10000 ? 33.33 : 25;
}
