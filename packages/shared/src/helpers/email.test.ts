import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it('accepts standard addresses', () => {
    expect(isValidEmail('tech@example.com')).toBe(true);
    expect(isValidEmail('first.last+tag@mail.example.co.uk')).toBe(true);
    expect(isValidEmail('A_B-c@sub-domain.example.org')).toBe(true);
  });
  it('rejects malformed addresses', () => {
    expect(isValidEmail('')).toBe(false);
    expect(isValidEmail('plainaddress')).toBe(false);
    expect(isValidEmail('@example.com')).toBe(false);
    expect(isValidEmail('user@')).toBe(false);
    expect(isValidEmail('user@example')).toBe(false);
    expect(isValidEmail('user@@example.com')).toBe(false);
    expect(isValidEmail('user name@example.com')).toBe(false);
    expect(isValidEmail('user..name@example.com')).toBe(false);
    expect(isValidEmail('.user@example.com')).toBe(false);
    expect(isValidEmail('user@-example.com')).toBe(false);
    expect(isValidEmail('user@example..com')).toBe(false);
    expect(isValidEmail(' user@example.com')).toBe(false);
  });
  it('rejects overlong addresses', () => {
    expect(isValidEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });
});
