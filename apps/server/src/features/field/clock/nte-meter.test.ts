import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody, type Access } from '@sm/shared';
import {
  customerRateSheets, customers, quotes, rateSheetLaborItems, standardItems, users, workOrderLabor, workOrderMaterials, workOrderStandardItems, workOrderTechnicians, workOrders,
} from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { openHub, type HubListener } from '../../../test/hub-client';
import { createTestApp, seededAt, type TestApp } from '../../../test/test-app';
import { loadAccess } from '../../platform/permissions/access-load';
import { invoiceWorkOrder, workOrderTotals } from '../../money/invoices/invoice-source';
import { getQuoteVersion } from '../../money/quotes/quotes.service';
import { nteMeterOf } from './nte-meter.service';
import { requestNteRaise } from './nte-raise.service';

let t: TestApp;
let wo: { id: number; number: string };
let tech2: typeof users.$inferSelect;
let access: Access;
/** The instant the meter is read at in these tests: the demo's, never today's clock. */
const now = () => new Date(seededAt().getTime() + 7 * 86_400_000);
const ctxAt = (at: Date): Ctx => ({ db: t.db, actor: { userId: tech2.id, subscriberId: tech2.subscriberId, userName: tech2.userName }, now: at });
const setNte = (nte: number | null) => t.db.update(workOrders).set({ nte }).where(eq(workOrders.id, wo.id));

beforeAll(async () => {
  t = await createTestApp();
  [tech2] = await t.db.select().from(users).where(eq(users.userName, 'tech2'));
  access = (await loadAccess(t.db, tech2.subscriberId, tech2.id))!;
  const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
  const [sheet] = await t.db.select().from(customerRateSheets).where(eq(customerRateSheets.billingCustomerId, site.billingCustomerId!));
  const [item] = await t.db
    .insert(rateSheetLaborItems)
    .values({ subscriberId: site.subscriberId, customerRateSheetId: sheet.id, technicianUserId: tech2.id, dailyRate: 0, hourlyRate: 56.03, otHourlyRate: 0, standByRate: 0 })
    .returning();
  [wo] = await t.db
    .insert(workOrders)
    .values({ subscriberId: site.subscriberId, workOrderNumber: 'NTE-METER', customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 7, problem: 'Walk-in cooler warm', nte: 180 })
    .returning({ id: workOrders.id, number: workOrders.workOrderNumber });
  await t.db.insert(workOrderTechnicians).values({ subscriberId: site.subscriberId, workOrderId: wo.id, userId: tech2.id });
  // 1.5 hours done (84.045 → 84.05) and one entry running for 1,000 s (0.28 h → 15.69) at the time of the test.
  const start = now().getTime();
  await t.db.insert(workOrderLabor).values([
    { subscriberId: site.subscriberId, workOrderId: wo.id, userId: tech2.id, rateSheetLaborItemId: item.id, startedAt: new Date(start - 5 * 3_600_000), stoppedAt: new Date(start - 3.5 * 3_600_000) },
    { subscriberId: site.subscriberId, workOrderId: wo.id, userId: tech2.id, rateSheetLaborItemId: item.id, startedAt: new Date(start - 1_000_000), stoppedAt: null },
  ]);
  // Billable: 3 × 12.35 = 37.05 (sold from inventory); a canceled part is not billed.
  await t.db.insert(workOrderMaterials).values([
    { subscriberId: site.subscriberId, workOrderId: wo.id, materialStatusId: 2, description: 'Door gasket', quantity: '3', unitCost: '9.50', markupPercent: '30', unitPrice: '12.35' },
    { subscriberId: site.subscriberId, workOrderId: wo.id, materialStatusId: 5, description: 'Wrong gasket', quantity: '1', unitCost: '40', markupPercent: '0', unitPrice: '40' },
  ]);
  const [standard] = await t.db.select().from(standardItems).where(eq(standardItems.subscriberId, site.subscriberId)).limit(1);
  await t.db.insert(workOrderStandardItems).values({ subscriberId: site.subscriberId, workOrderId: wo.id, standardItemId: standard.id, name: standard.name, quantity: '2', unitPrice: '7.50' });
});
afterAll(() => t.close());

describe('NTE meter', () => {
  it('counts labor at its rate with running labor up to now, billable materials and items, to the cent, as the invoice does', async () => {
    const meter = await nteMeterOf(ctxAt(now()), access, wo.id);
    expect(meter).toMatchObject({
      nte: '180.00', labor: '99.74', materials: '37.05', items: '15.00', tripCharges: '0.00', total: '151.79', percent: '84.3', level: 'amber',
      runningLaborCount: 1, perMinute: '0.93', asOf: now().toISOString(), nteRaiseQuote: null,
    });
    // The running entry is at 0.28 h until 1,026 s (0.285 h), when it bills 0.29 h: 16.25 instead of 15.69.
    const step = new Date(now().getTime() + 26_000);
    expect(meter.nextChangeAt).toBe(step.toISOString());
    expect((await nteMeterOf(ctxAt(new Date(step.getTime() - 1000)), access, wo.id)).total).toBe('151.79');
    expect((await nteMeterOf(ctxAt(step), access, wo.id)).total).toBe('152.35');

    const invoiced = await workOrderTotals(t.db, ctxAt(now()), await invoiceWorkOrder(t.db, ctxAt(now()), wo.id), invoiceBody.parse({ workOrderId: wo.id }), { isFinal: false });
    expect(invoiced.totals.subtotal).toBe(meter.total);
  });

  it('is green below 80 %, red from 100 % to the cent, and has no level without an NTE', async () => {
    await setNte(190);
    expect(await nteMeterOf(ctxAt(now()), access, wo.id)).toMatchObject({ level: 'ok', percent: '79.8' });
    await setNte(151.79);
    expect(await nteMeterOf(ctxAt(now()), access, wo.id)).toMatchObject({ level: 'red', percent: '100.0' });
    await setNte(151.8);
    expect(await nteMeterOf(ctxAt(now()), access, wo.id)).toMatchObject({ level: 'amber', percent: '99.9' });
    await setNte(null);
    expect(await nteMeterOf(ctxAt(now()), access, wo.id)).toMatchObject({ nte: null, level: 'none', percent: null, total: '151.79' });
    await setNte(180);
  });

  it('answers whoever may see the work order, and nobody else', async () => {
    await setNte(180);
    const url = `/api/v1/WorkOrder/${wo.id}/nte`;
    const mine = await t.call('GET', url, 'tech2');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ workOrderId: wo.id, nte: '180.00', materials: '37.05', runningLaborCount: 1 });
    expect((await t.call('GET', url, 'dispatcher')).statusCode).toBe(200);
    expect((await t.call('GET', url, 'tech')).statusCode).toBe(404);
    expect((await t.call('GET', url, 'coastal.admin')).statusCode).toBe(404);
    expect((await t.call('GET', url, null)).statusCode).toBe(401);
    expect((await t.call('POST', `/api/v1/WorkOrder/${wo.id}/nteRaise`, 'coastal.admin')).statusCode).toBe(404);
    expect((await t.call('POST', `/api/v1/WorkOrder/${wo.id}/nteRaise`, 'tech')).statusCode).toBe(404);
  });
});

describe('Request NTE raise', () => {
  it('is refused below 80 % of the NTE and without an NTE', async () => {
    await setNte(1000);
    const low = await requestNteRaise(ctxAt(now()), access, wo.id).catch((e: { status: number; message: string }) => e);
    expect(low).toMatchObject({ status: 409, message: 'The work so far is below 80 % of the NTE: no raise is needed yet.' });
    await setNte(null);
    const none = await t.call('POST', `/api/v1/WorkOrder/${wo.id}/nteRaise`, 'tech2');
    expect(none.statusCode).toBe(409);
    expect(none.json().title).toBe('This work order has no NTE to raise.');
    await setNte(180);
    expect((await t.db.select().from(quotes).where(eq(quotes.workOrderId, wo.id))).length).toBe(0);
  });

  it('moves the work order to 46 and drafts an Open quote whose lines are the meter to the cent; a second press answers that draft', async () => {
    await setNte(180);
    const at = now();
    const meter = await nteMeterOf(ctxAt(at), access, wo.id);
    const raised = await requestNteRaise(ctxAt(at), access, wo.id);
    expect(raised).toMatchObject({ workOrderId: wo.id, workOrderStatusId: 46, quoteVersion: 1, isNew: true });
    const [row] = await t.db.select({ status: workOrders.workOrderStatusId }).from(workOrders).where(eq(workOrders.id, wo.id));
    expect(row.status).toBe(46);

    const admin = (await loadAccess(t.db, tech2.subscriberId, (await t.db.select().from(users).where(eq(users.userName, 'admin')))[0].id))!;
    const quote = await getQuoteVersion(ctxAt(at), admin, raised.quoteNumber, 1);
    expect(quote).toMatchObject({ status: 'Open', title: 'NTE raise: work so far', workOrderId: wo.id, workOrderStatus: 'NTE Raise Requested' });
    expect(quote.totals.total.toFixed(2)).toBe(meter.total);
    expect(quote.lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.lineTotal])).toEqual([
      ['labor', 1.5, 56.03, 84.05],
      ['labor', 0.28, 56.03, 15.69],
      ['material', 3, 12.35, 37.05],
      ['standardItem', 2, 7.5, 15],
    ]);
    expect(quote.lines[2]).toMatchObject({ unitCost: 9.5, markupPercent: 30 });

    const again = await t.call('POST', `/api/v1/WorkOrder/${wo.id}/nteRaise`, 'tech2');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ quoteId: raised.quoteId, quoteNumber: raised.quoteNumber, isNew: false, workOrderStatusId: 46 });
    expect((await t.db.select().from(quotes).where(and(eq(quotes.workOrderId, wo.id)))).length).toBe(1);
    expect((await t.call('GET', `/api/v1/WorkOrder/${wo.id}/nte`, 'tech2')).json().nteRaiseQuote).toEqual({ quoteId: raised.quoteId, quoteNumber: raised.quoteNumber, quoteVersion: 1 });
  });
});

describe('work order hub', () => {
  let base: string;
  const open: HubListener[] = [];
  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => {
    for (const h of open) h.close();
  });

  it("tells the work order's page when its items or NTE change, and refuses whoever may not see it", async () => {
    const path = `/hubs/workOrder/${wo.id}`;
    const hub = await openHub(base, await t.token('tech2'), path);
    open.push(hub);
    await expect(openHub(base, await t.token('tech'), path)).rejects.toThrow('HTTP 404');
    await expect(openHub(base, await t.token('coastal.admin'), path)).rejects.toThrow('HTTP 404');
    await expect(openHub(base, null, path)).rejects.toThrow('HTTP 401');

    const header = await t.call('PUT', `/api/v1/WorkOrder/${wo.id}/header`, 'admin', { nte: 250 });
    expect(header.statusCode, header.body).toBe(200);
    expect((await hub.next((m) => m.payload.action === 'workOrderHeader')).payload).toMatchObject({ workOrderId: wo.id });

    const [standard] = await t.db.select().from(standardItems).where(and(eq(standardItems.subscriberId, tech2.subscriberId), eq(standardItems.isActive, true))).limit(1);
    const added = await t.call('POST', '/api/v1/WorkOrder/standardItems/add', 'admin', { workOrderId: wo.id, standardItemId: standard.id, quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    expect((await hub.next((m) => m.payload.action === 'workOrderItems')).payload).toMatchObject({ workOrderId: wo.id });
    expect(hub.messages.every((m) => m.payload.workOrderId === wo.id)).toBe(true);
  });
});
