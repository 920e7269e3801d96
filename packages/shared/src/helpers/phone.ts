/** Display format for a phone number: ddd-ddd-dddd, first digit not 0. */
export const PHONE_PATTERN = /^[1-9]\d{2}-\d{3}-\d{4}$/;

/** Strips dashes, whitespace, parentheses and a leading +1 so numbers typed any common way compare equal. */
export function normalizePhone(s: string): string {
  return s.replace(/[\s()-]/g, '').replace(/^\+1/, '');
}

/** Formats a phone number as ddd-ddd-dddd when it normalises to 10 digits; otherwise returns the input unchanged. */
export function formatPhone(digits: string): string {
  const d = normalizePhone(digits);
  return /^\d{10}$/.test(d) ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : digits;
}

/** True when the input, once normalised, is a 10-digit number not starting with 0 (ddd-ddd-dddd). */
export function isValidPhone(s: string): boolean {
  return PHONE_PATTERN.test(formatPhone(s));
}
