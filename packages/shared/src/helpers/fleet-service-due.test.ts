import { describe, expect, it } from 'vitest';
import { serviceDueOf } from './fleet-service-due';

const at = (serviceDueOn: string | null, serviceDueMiles: number | null, odometer: number | null) => serviceDueOf({ today: '2026-11-25', serviceDueOn, serviceDueMiles, odometer });

describe('service due', () => {
  it('is ok with nothing set, and with a mileage but no reading yet', () => {
    expect(at(null, null, null)).toBe('ok');
    expect(at(null, 40000, null)).toBe('ok');
  });
  it('is due on the due date and after it', () => {
    expect(at('2026-11-25', null, null)).toBe('due');
    expect(at('2026-10-01', null, null)).toBe('due');
  });
  it('is due soon within 14 days, ok beyond', () => {
    expect(at('2026-12-09', null, null)).toBe('dueSoon');
    expect(at('2026-12-10', null, null)).toBe('ok');
  });
  it('is due at the mileage, due soon within 500 miles', () => {
    expect(at(null, 40000, 40000)).toBe('due');
    expect(at(null, 40000, 41000)).toBe('due');
    expect(at(null, 40000, 39500)).toBe('dueSoon');
    expect(at(null, 40000, 39499)).toBe('ok');
  });
  it('takes the nearer of the date and the mileage', () => {
    expect(at('2027-06-01', 40000, 40001)).toBe('due');
    expect(at('2026-11-20', 90000, 10)).toBe('due');
    expect(at('2027-06-01', 40000, 39800)).toBe('dueSoon');
  });
});
