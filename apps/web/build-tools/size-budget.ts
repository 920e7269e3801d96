/**
 * The JavaScript budget of a technician on a phone over a mobile network, in bytes as sent (compressed), with
 * 1 kB = 1,000 bytes. The build prints the sign-in figure against it; the browser test
 * `e2e/tests/transfer-budget.spec.ts` measures both in Chromium and fails over either.
 */
export const JS_BUDGET = {
  /** Every script the sign-in page loads. */
  signInBytes: 200_000,
  /** What the technician's first page after signing in (My Work Orders) adds to that. */
  firstPageAddedBytes: 100_000,
} as const;
