import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { laborRate } from './nte';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('labor rate', () => {
  it('uses the overtime rate for overtime and the apprentice rate when applied', () => {
    const rates = { hourlyRate: 100, otHourlyRate: 150, apprenticeRate: 60 };
    expect(laborRate(rates, { isOvertime: false, isApprenticeRateApplied: false })).toBe(100);
    expect(laborRate(rates, { isOvertime: true, isApprenticeRateApplied: false })).toBe(150);
    expect(laborRate(rates, { isOvertime: true, isApprenticeRateApplied: true })).toBe(60);
    expect(laborRate({ ...rates, apprenticeRate: null }, { isOvertime: false, isApprenticeRateApplied: true })).toBe(100);
  });
});

describe('NTE warning', () => {
  it('warns when 30 more minutes would pass the NTE, with the projected total', async () => {
    const rows = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', { take: 100 })).json().data;
    const details = await Promise.all(rows.map(async (r: { workOrderNumber: string }) => (await t.call('GET', `/api/v1/WorkOrder/${r.workOrderNumber}`, 'tech')).json()));
    const wo = details.find((d) => d.nte === 500 && !['Ice House Storage LLC', 'Cedar Springs Deli'].includes(d.customer.name));
    const [item] = (await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${wo.billingCustomerId}`, 'tech')).json();

    const before = (await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', 'tech', { workOrderId: wo.workOrderId })).json();
    expect(before.nteWarning).toBeNull();

    const hours = 4.25;
    const start = new Date(Date.now() - hours * 3600_000).toISOString();
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', { workOrderId: wo.workOrderId, startTime: start, serviceTechnicianId: item.serviceTechnicianId });
    expect(res.statusCode, res.body).toBe(200);
    const view = (await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', 'tech', { workOrderId: wo.workOrderId })).json();
    const match = /^This work order is exceeding over NTE\. After 30 minutes work order total will be \$([\d,]+\.\d{2})$/.exec(view.nteWarning);
    expect(match).not.toBeNull();
    const expected = (hours + 0.5) * item.hourlyRate;
    expect(Math.abs(Number(match![1].replace(/,/g, '')) - expected)).toBeLessThan(0.5);
  });
});
