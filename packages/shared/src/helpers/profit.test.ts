import { describe, expect, it } from 'vitest';
import { minimumProfitFactor } from './profit';

describe('minimumProfitFactor', () => {
  it('returns null up to and including 1000', () => {
    expect(minimumProfitFactor(0)).toBeNull();
    expect(minimumProfitFactor(500)).toBeNull();
    expect(minimumProfitFactor(1000)).toBeNull();
  });
  it('returns 33.33 above 1000 up to and including 10000', () => {
    expect(minimumProfitFactor(1000.01)).toBe(33.33);
    expect(minimumProfitFactor(5000)).toBe(33.33);
    expect(minimumProfitFactor(10000)).toBe(33.33);
  });
  it('returns 25 above 10000', () => {
    expect(minimumProfitFactor(10000.01)).toBe(25);
    expect(minimumProfitFactor(1_000_000)).toBe(25);
  });
  it('returns null for negatives and non-finite values', () => {
    expect(minimumProfitFactor(-5000)).toBeNull();
    expect(minimumProfitFactor(Number.NaN)).toBeNull();
    expect(minimumProfitFactor(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
