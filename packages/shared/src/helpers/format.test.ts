import { describe, expect, it } from 'vitest';
import { formatCurrency, formatNumber, stripLeadingZeros } from './format';

describe('formatCurrency', () => {
  it('formats with $, thousands separators and two decimals', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(1234567.891)).toBe('$1,234,567.89');
    expect(formatCurrency(0.005)).toBe('$0.01');
  });
  it('puts the minus sign before $ and never shows -$0.00', () => {
    expect(formatCurrency(-1234.5)).toBe('-$1,234.50');
    expect(formatCurrency(-0)).toBe('$0.00');
    expect(formatCurrency(-0.001)).toBe('$0.00');
  });
  it('returns empty string for non-finite input', () => {
    expect(formatCurrency(Number.NaN)).toBe('');
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatNumber', () => {
  it('always shows two decimals and thousands separators', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(0)).toBe('0.00');
    expect(formatNumber(1000000)).toBe('1,000,000.00');
    expect(formatNumber(2.345678)).toBe('2.35');
    expect(formatNumber(-9876.5)).toBe('-9,876.50');
  });
  it('returns empty string for NaN', () => {
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('stripLeadingZeros', () => {
  it('strips leading zeros before other digits', () => {
    expect(stripLeadingZeros('007.5')).toBe('7.5');
    expect(stripLeadingZeros('0012')).toBe('12');
    expect(stripLeadingZeros('00.5')).toBe('0.5');
    expect(stripLeadingZeros('000')).toBe('0');
  });
  it('keeps values that have no superfluous zeros', () => {
    expect(stripLeadingZeros('0.5')).toBe('0.5');
    expect(stripLeadingZeros('0')).toBe('0');
    expect(stripLeadingZeros('100.05')).toBe('100.05');
    expect(stripLeadingZeros('')).toBe('');
  });
  it('clamps negatives to 0', () => {
    expect(stripLeadingZeros('-5')).toBe('0');
    expect(stripLeadingZeros('-0.5')).toBe('0');
    expect(stripLeadingZeros('-')).toBe('0');
  });
});
