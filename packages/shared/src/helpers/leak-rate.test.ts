import { describe, expect, it } from 'vitest';
import { addDaysTo, daysSincePrevious, isLeakRateExceeded, isLeakRuleAppliance, leakRatePercent, poundsOfOunces, poundsOuncesText } from './leak-rate';

const rate = (method: 'annualizing' | 'rollingAverage', on: string, pounds: string, earlier: { on: string; pounds: string }[], fullChargePounds = '40') =>
  leakRatePercent({ method, addition: { on, pounds }, earlier, fullChargePounds });

describe('leak rate, annualizing method', () => {
  it('rates a first addition over 365 days: 3 lb of a 40 lb charge is 3/40 × 365/365 × 100 = 7.50 %', () => {
    expect(rate('annualizing', '2026-03-01', '3', [])).toBe('7.50');
  });

  it('rates 2 lb added 30 days after the last addition: 2/40 × 365/30 × 100 = 60.8333… → 60.83 %', () => {
    expect(rate('annualizing', '2026-03-31', '2', [{ on: '2026-03-01', pounds: '3' }])).toBe('60.83');
  });

  it('counts from the latest earlier addition and ignores later ones: 12 oz of 42.5 lb after 10 days = 64.41 %', () => {
    // 0.75 / 42.5 × 365 / 10 × 100 = 27375 / 425 = 64.4117…
    const earlier = [{ on: '2026-01-01', pounds: '1' }, { on: '2026-05-01', pounds: '1' }, { on: '2026-05-20', pounds: '9' }];
    expect(rate('annualizing', '2026-05-11', poundsOfOunces(12), earlier, '42.5')).toBe('64.41');
  });

  it('caps the days at 365 and counts a same-day addition as one day', () => {
    expect(rate('annualizing', '2026-03-01', '4', [{ on: '2025-01-01', pounds: '1' }])).toBe('10.00'); // 4/40 × 365/365
    expect(rate('annualizing', '2026-03-01', '1', [{ on: '2026-03-01', pounds: '1' }])).toBe('912.50'); // 1/40 × 365/1
    expect(daysSincePrevious({ on: '2026-03-01', pounds: '1' }, [])).toBe(365);
    expect(daysSincePrevious({ on: '2024-03-01', pounds: '1' }, [{ on: '2023-03-01', pounds: '1' }])).toBe(365); // 366 days, a leap year
  });
});

describe('leak rate, rolling average', () => {
  it('sums the additions of the last 365 days, this one included: (3 + 2) / 40 × 100 = 12.50 %', () => {
    expect(rate('rollingAverage', '2026-03-31', '2', [{ on: '2026-03-01', pounds: '3' }])).toBe('12.50');
  });

  it('leaves out an addition exactly 365 days back: (3 + 2) / 40 with the 5 lb of a year ago left out', () => {
    const earlier = [{ on: '2025-01-10', pounds: '5' }, { on: '2025-06-01', pounds: '3' }];
    expect(rate('rollingAverage', '2026-01-10', '2', earlier)).toBe('12.50');
  });
});

describe('what the rules apply to and how amounts read', () => {
  it('applies at or above the charge threshold only, and exceeds only above the category rate', () => {
    expect(isLeakRuleAppliance('40.00', 15)).toBe(true);
    expect(isLeakRuleAppliance('15.00', '15')).toBe(true);
    expect(isLeakRuleAppliance('14.99', 15)).toBe(false);
    expect(isLeakRuleAppliance('40.00', null)).toBe(false);
    expect(isLeakRuleAppliance(null, 15)).toBe(false);
    expect(isLeakRateExceeded('60.83', '20.00')).toBe(true);
    expect(isLeakRateExceeded('20.00', '20')).toBe(false);
  });

  it('writes ounces as pounds and ounces, and adds days across months', () => {
    expect(poundsOuncesText(40)).toBe('2 lb 8 oz');
    expect(poundsOuncesText(48)).toBe('3 lb');
    expect(poundsOuncesText('12.5')).toBe('12.5 oz');
    expect(poundsOfOunces(40)).toBe('2.5');
    expect(addDaysTo('2026-03-31', 30)).toBe('2026-04-30');
    expect(addDaysTo('2026-11-15', 120)).toBe('2027-03-15');
  });
});
