import { describe, expect, it } from 'vitest';
import { formatCardExpiry, isValidCardNumber } from './credit-card';

describe('isValidCardNumber', () => {
  it('accepts 4-4-4-4 and 4-4-4-3 groups', () => {
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isValidCardNumber('3782 8224 6310 005')).toBe(true);
  });
  it('rejects all zeros', () => {
    expect(isValidCardNumber('0000 0000 0000 0000')).toBe(false);
    expect(isValidCardNumber('0000 0000 0000 000')).toBe(false);
  });
  it('accepts a single nonzero digit anywhere', () => {
    expect(isValidCardNumber('0000 0000 0000 0001')).toBe(true);
  });
  it('rejects a 5-digit last group, short groups and missing spaces', () => {
    expect(isValidCardNumber('4111 1111 1111 11111')).toBe(false);
    expect(isValidCardNumber('4111 1111 1111 11')).toBe(false);
    expect(isValidCardNumber('411 1111 1111 1111')).toBe(false);
    expect(isValidCardNumber('4111111111111111')).toBe(false);
    expect(isValidCardNumber('4111 11111111 1111')).toBe(false);
  });
  it('rejects other separators, doubled spaces, padding and letters', () => {
    expect(isValidCardNumber('4111-1111-1111-1111')).toBe(false);
    expect(isValidCardNumber('4111  1111 1111 1111')).toBe(false);
    expect(isValidCardNumber(' 4111 1111 1111 1111')).toBe(false);
    expect(isValidCardNumber('4111 1111 1111 111a')).toBe(false);
  });
});

describe('formatCardExpiry', () => {
  it('formats as YYYY/MM with zero-padded month', () => {
    expect(formatCardExpiry(2027, 3)).toBe('2027/03');
    expect(formatCardExpiry(2030, 12)).toBe('2030/12');
  });
  it('throws for invalid month or year', () => {
    expect(() => formatCardExpiry(2027, 0)).toThrow(RangeError);
    expect(() => formatCardExpiry(2027, 13)).toThrow(RangeError);
    expect(() => formatCardExpiry(2027, 1.5)).toThrow(RangeError);
    expect(() => formatCardExpiry(27, 3)).toThrow(RangeError);
  });
});
