import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRateSheets, customers, rateSheetLaborItems, users, workOrderLabor, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { laborRate, nteWarning } from './nte';

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

describe('NTE warning in exact cents', () => {
  it('adds the labor and the next 30 minutes to the cent, half-up, as the invoice does, and compares exactly', async () => {
    const [tech2] = await t.db.select().from(users).where(eq(users.userName, 'tech2'));
    const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
    const [sheet] = await t.db.select().from(customerRateSheets).where(eq(customerRateSheets.billingCustomerId, site.billingCustomerId!));
    const items = await t.db
      .insert(rateSheetLaborItems)
      .values(['33.33', '33.33', '33.34'].map((rate) => ({ subscriberId: site.subscriberId, customerRateSheetId: sheet.id, technicianUserId: tech2.id, dailyRate: 0, hourlyRate: Number(rate), otHourlyRate: 0, standByRate: 0 })))
      .returning({ id: rateSheetLaborItems.id });
    const [wo] = await t.db
      .insert(workOrders)
      .values({ subscriberId: site.subscriberId, workOrderNumber: 'NTE-CENTS', customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 38, problem: 'Ice machine' })
      .returning({ id: workOrders.id });
    // Three hours of labor: 33.33 + 33.33 + 33.34 = 100.00 exactly.
    const start = Date.parse('2026-11-02T14:00:00Z');
    await t.db.insert(workOrderLabor).values(
      items.map((item, i) => ({ subscriberId: site.subscriberId, workOrderId: wo.id, userId: tech2.id, rateSheetLaborItemId: item.id, startedAt: new Date(start + i * 3_600_000), stoppedAt: new Date(start + (i + 1) * 3_600_000) })),
    );
    const ctx: Ctx = { db: t.db, actor: { userId: tech2.id, subscriberId: tech2.subscriberId, userName: tech2.userName }, now: new Date() };
    const rates = (hourlyRate: number) => ({ hourlyRate, otHourlyRate: 0, apprenticeRate: null });

    expect(await nteWarning(ctx, { id: wo.id, nte: 100 }, rates(0))).toBeNull();
    expect(await nteWarning(ctx, { id: wo.id, nte: 99.99 }, rates(0))).toBe('This work order is exceeding over NTE. After 30 minutes work order total will be $100.00');
    // 30 minutes at 56.03 is 28.015, which is 28.02 half-up: 128.02 in all. Binary floats make it 128.01.
    expect(await nteWarning(ctx, { id: wo.id, nte: 128.02 }, rates(56.03))).toBeNull();
    expect(await nteWarning(ctx, { id: wo.id, nte: 128.01 }, rates(56.03))).toBe('This work order is exceeding over NTE. After 30 minutes work order total will be $128.02');
  });
});
