import { describe, expect, it } from 'vitest';
import { hoursOf } from './invoice-totals';
import { costPerMinute, nextLaborStepAt, nteStanding } from './nte-meter';

describe('NTE standing', () => {
  it('is green below 80 %, amber from 80 %, red from 100 %, compared exactly', () => {
    expect(nteStanding('0.00', '500.00')).toEqual({ level: 'ok', percent: '0.0' });
    expect(nteStanding('399.99', '500.00')).toEqual({ level: 'ok', percent: '79.9' });
    expect(nteStanding('400.00', '500.00')).toEqual({ level: 'amber', percent: '80.0' });
    expect(nteStanding('499.99', '500.00')).toEqual({ level: 'amber', percent: '99.9' });
    expect(nteStanding('500.00', '500.00')).toEqual({ level: 'red', percent: '100.0' });
    expect(nteStanding('1234.56', 500)).toEqual({ level: 'red', percent: '246.9' });
  });

  it('has no level without an NTE, and no percentage of an NTE of 0', () => {
    expect(nteStanding('10.00', null)).toEqual({ level: 'none', percent: null });
    expect(nteStanding('0.00', '0.00')).toEqual({ level: 'ok', percent: null });
    expect(nteStanding('0.01', '0')).toEqual({ level: 'red', percent: null });
  });
});

describe('running labor', () => {
  it('costs its rates a minute, to the cent', () => {
    expect(costPerMinute([])).toBe('0.00');
    expect(costPerMinute([85])).toBe('1.42');
    expect(costPerMinute(['33.33', '56.03'])).toBe('1.49');
  });

  it('steps when its hours to 0.01 hour change: 18 s after the start, then every 36 s', () => {
    const start = new Date('2026-11-02T14:00:00Z');
    const at = (s: number) => new Date(start.getTime() + s * 1000);
    expect(nextLaborStepAt(start, at(0))).toEqual(at(18));
    expect(nextLaborStepAt(start, at(17))).toEqual(at(18));
    expect(nextLaborStepAt(start, at(18))).toEqual(at(54));
    expect(nextLaborStepAt(start, at(3600))).toEqual(at(3618));
    expect(nextLaborStepAt(start, at(-40))).toEqual(at(18));
    for (const s of [0, 17, 18, 53, 54, 3617, 3618]) {
      const next = (nextLaborStepAt(start, at(s)).getTime() - start.getTime()) / 1000;
      expect(hoursOf(next)).not.toBe(hoursOf(s));
      expect(hoursOf(next - 1)).toBe(hoursOf(s));
    }
  });
});
