import { describe, expect, it } from 'vitest';
import { amountText, jsonNumberOf, lineTotal, moneyOf, moneyPer, moneyText, priceWithMarkup, quantityOf, sumMoney } from './money';

describe('money', () => {
  it('multiplies and sums exactly, rounding half-up to the cent', () => {
    expect(lineTotal(3, 0.1)).toBe('0.30');
    expect(lineTotal('1.005', 1)).toBe('1.01');
    expect(priceWithMarkup(10, 33.33)).toBe('13.33');
    expect(priceWithMarkup('19.99', 25)).toBe('24.99');
    expect(sumMoney([0.1, 0.2, '0.3'])).toBe('0.60');
    expect(sumMoney([])).toBe('0.00');
  });

  it('reads amounts with at most two decimals and quantities with at most three', () => {
    expect(moneyOf('Price').safeParse(12.5).success).toBe(true);
    expect(moneyOf('Price').safeParse(12.555).error?.issues[0].message).toBe('Price must have at most two decimals.');
    expect(moneyOf('Price').safeParse(-1).error?.issues[0].message).toBe('Price must not be negative.');
    expect(moneyOf('Price').safeParse('12').error?.issues[0].message).toBe('Price must be a number.');
    expect(moneyOf('Price').safeParse(undefined).error?.issues[0].message).toBe('Price field is required!');
    expect(quantityOf().safeParse(0).error?.issues[0].message).toBe('Quantity must be more than 0.');
    expect(quantityOf().safeParse(1.25).success).toBe(true);
    expect(quantityOf().safeParse(1e-7).success).toBe(false);
  });
});

describe('money as JSON numbers and text', () => {
  it('turns a stored decimal into the JSON number that prints back as the same decimal, and refuses one that would not', () => {
    expect(jsonNumberOf('1193.58')).toBe(1193.58);
    expect(jsonNumberOf('9999999999999.99')).toBe(9999999999999.99);
    expect(jsonNumberOf('0.00')).toBe(0);
    expect(JSON.stringify({ amount: jsonNumberOf('8.250') })).toBe('{"amount":8.25}');
    expect(() => jsonNumberOf('12345678901234567.89')).toThrow('does not fit a JSON number exactly');
  });

  it('prints an amount in a sentence as moneyText does, without the dollar sign', () => {
    expect(amountText('1500')).toBe('1,500.00');
    expect(amountText('-1234.565')).toBe('-1,234.57');
    expect(amountText('123456789012345.67')).toBe('123,456,789,012,345.67');
    expect(moneyText('123456789012345.67')).toBe('$123,456,789,012,345.67');
  });
});

describe('money per unit', () => {
  it('divides exactly and rounds half-up to the cent, and answers null for nothing to divide by', () => {
    expect(moneyPer('66.67', '2.00')).toBe('33.34');
    expect(moneyPer('333.33', '4')).toBe('83.33');
    expect(moneyPer('0.10', '3')).toBe('0.03');
    expect(moneyPer('100.00', '0.00')).toBeNull();
  });
});
