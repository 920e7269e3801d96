import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalizePhone, PHONE_PATTERN } from './phone';

describe('PHONE_PATTERN', () => {
  it('matches ddd-ddd-dddd with a nonzero first digit only', () => {
    expect(PHONE_PATTERN.test('555-123-4567')).toBe(true);
    expect(PHONE_PATTERN.test('055-123-4567')).toBe(false);
    expect(PHONE_PATTERN.test('5551234567')).toBe(false);
    expect(PHONE_PATTERN.test('555-123-45678')).toBe(false);
  });
});

describe('normalizePhone', () => {
  it('strips +1, parentheses, spaces and dashes', () => {
    expect(normalizePhone('+1 (555) 123-4567')).toBe('5551234567');
    expect(normalizePhone('555-123-4567')).toBe('5551234567');
    expect(normalizePhone(' 555 123 4567 ')).toBe('5551234567');
  });
  it('only strips +1 as a prefix, and leaves other characters', () => {
    expect(normalizePhone('555+1234567')).toBe('555+1234567');
    expect(normalizePhone('555.123.4567')).toBe('555.123.4567');
  });
});

describe('formatPhone', () => {
  it('formats 10 digits as ddd-ddd-dddd', () => {
    expect(formatPhone('5551234567')).toBe('555-123-4567');
    expect(formatPhone('+1 (555) 123-4567')).toBe('555-123-4567');
  });
  it('returns input unchanged when not 10 digits', () => {
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('55512345678')).toBe('55512345678');
  });
});

describe('isValidPhone', () => {
  it('accepts a valid number in any common notation', () => {
    expect(isValidPhone('555-123-4567')).toBe(true);
    expect(isValidPhone('+1 (555) 123-4567')).toBe(true);
    expect(isValidPhone('5551234567')).toBe(true);
  });
  it('rejects a number starting with 0', () => {
    expect(isValidPhone('055-123-4567')).toBe(false);
    expect(isValidPhone('+1 055 123 4567')).toBe(false);
  });
  it('rejects wrong lengths and garbage', () => {
    expect(isValidPhone('555-123-456')).toBe(false);
    expect(isValidPhone('555-123-45678')).toBe(false);
    expect(isValidPhone('555-123-456a')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
});
