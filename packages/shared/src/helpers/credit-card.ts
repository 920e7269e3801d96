const CARD_PATTERN = /^\d{4} \d{4} \d{4} \d{3,4}$/;

/** True for card numbers written as 4-4-4-(3 or 4) digit groups separated by single spaces, not all zeros. */
export function isValidCardNumber(s: string): boolean {
  return CARD_PATTERN.test(s) && /[1-9]/.test(s);
}

/** Formats a card expiry for display as 'YYYY/MM'; throws RangeError for an impossible year or month. */
export function formatCardExpiry(year: number, month: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Invalid expiry year: ${year}`);
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid expiry month: ${month}`);
  return `${year}/${String(month).padStart(2, '0')}`;
}
