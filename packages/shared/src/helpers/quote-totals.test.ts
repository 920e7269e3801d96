import { describe, expect, it } from 'vitest';
import { profitFactorProblem, quoteLineAmounts, quoteTotals } from './quote-totals';

describe('quote totals', () => {
  it('prices a line from cost and markup, less its discount, exactly', () => {
    expect(quoteLineAmounts({ quantity: 3, unitCost: 0.1, markupPercent: 50, discount: 0 })).toEqual({ unitPrice: '0.15', grossTotal: '0.45', lineTotal: '0.45', costTotal: '0.30' });
    expect(quoteLineAmounts({ quantity: '2.5000', unitCost: '45.00', markupPercent: '100.00', discount: '25.00' })).toMatchObject({ lineTotal: '200.00' });
  });

  it('sums ten thousand cent lines without a binary-float cent lost', () => {
    const lines = Array.from({ length: 10_000 }, () => ({ quantity: 1, unitCost: 0.07, markupPercent: 0, discount: 0 }));
    expect(quoteTotals(lines)).toMatchObject({ total: '700.00', totalCost: '700.00', profit: '0.00', profitFactor: '0.00' });
  });

  it('applies the minimum profit factor of spec platform 5.6 to the total', () => {
    const at = (unitCost: number, markupPercent: number) => quoteTotals([{ quantity: 1, unitCost, markupPercent, discount: 0 }]);
    expect(at(1000, 0)).toMatchObject({ minimumProfitFactor: null, isProfitFactorMet: true });
    expect(at(800, 50)).toMatchObject({ total: '1200.00', profitFactor: '33.33', minimumProfitFactor: 33.33, isProfitFactorMet: true });
    expect(at(800, 49)).toMatchObject({ profitFactor: '32.89', isProfitFactorMet: false });
    expect(profitFactorProblem(at(800, 49))).toBe('A quote of 1,192.00 needs a profit factor of at least 33.33%; this one has 32.89%.');
    expect(at(9000, 33.34)).toMatchObject({ minimumProfitFactor: 25, profitFactor: '25.00', isProfitFactorMet: true });
    expect(at(9000, 33.3)).toMatchObject({ profitFactor: '24.98', isProfitFactorMet: false });
    expect(quoteTotals([])).toMatchObject({ total: '0.00', profitFactor: null, isProfitFactorMet: true });
  });
});
