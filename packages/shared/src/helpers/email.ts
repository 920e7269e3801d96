const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** True for a standard e-mail address (local@domain.tld); no surrounding whitespace allowed. */
export function isValidEmail(s: string): boolean {
  return s.length <= 254 && EMAIL_PATTERN.test(s);
}
