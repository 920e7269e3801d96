import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GridFilter } from '@sm/shared';
import { auditLog, customerEstimates, customers, emailOutbox, quotes, subscribers, users, workOrderTechnicians, workOrders, writeUps } from '../db/schema';
import { knownBody, knownWorkOrder } from '../features/money/invoices/invoice-fixtures';
import { workOrdersOf } from '../features/office/work-order-items/item-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Grid date filters read a bare date as the company's day, from its midnight to the next, in its time zone. The demo
 * company is moved to Los Angeles here: in March 2026 it is on daylight time (-07:00) from the 8th, in January on -08:00.
 */
let t: TestApp;
let subscriberId: number;

/** 23:30 on 10 March in Los Angeles (daylight time): 06:30 UTC on the 11th. */
const LATE_ON_10_MARCH = '2026-03-11T06:30:00Z';
/** 00:30 on 11 March in Los Angeles: 07:30 UTC on the 11th. */
const EARLY_ON_11_MARCH = '2026-03-11T07:30:00Z';
/** 23:30 on 10 January in Los Angeles (standard time, -08:00): 07:30 UTC on the 11th. */
const LATE_ON_10_JANUARY = '2026-01-11T07:30:00Z';

beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
  subscriberId = admin.subscriberId;
  await t.db.update(subscribers).set({ timeZone: 'America/Los_Angeles' }).where(eq(subscribers.id, subscriberId));
});
afterAll(() => t.close());

const filterOf = (...filters: GridFilter[]) => ({ take: 100, filter: { logic: 'and', filters } });

/** The numbers of the rows a grid answers for these filters, asserting the answer is a 200. */
async function rowsOf<T>(url: string, as: string, pick: (row: Record<string, unknown>) => T, ...filters: GridFilter[]): Promise<T[]> {
  const res = await t.call('POST', url, as, filterOf(...filters));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Record<string, unknown>[]).map(pick);
}

describe("grid date filters in the company's time zone", () => {
  it("finds a work order of 23:30 on the 10th by the 10th and not the 11th, in every operator's day", async () => {
    const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
    const made = await t.db
      .insert(workOrders)
      .values([
        { number: 'TZ-LATE', at: LATE_ON_10_MARCH },
        { number: 'TZ-EARLY', at: EARLY_ON_11_MARCH },
        { number: 'TZ-WINTER', at: LATE_ON_10_JANUARY },
      ].map((w) => ({ subscriberId, workOrderNumber: w.number, customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 13, problem: 'Cooler warm', createdAt: new Date(w.at) })))
      .returning({ id: workOrders.id });
    await t.db.insert(workOrderTechnicians).values(made.map((w) => ({ subscriberId, workOrderId: w.id, userId: tech.id })));

    const ours: GridFilter = { field: 'workOrderNumber', operator: 'contains', value: 'tz-' };
    const numbers = async (url: string, as: string, operator: GridFilter['operator'], value: string) =>
      (await rowsOf(url, as, (r) => r.workOrderNumber as string, ours, { field: 'createdDate', operator, value })).sort();

    for (const [url, as] of [['/api/v1/WorkOrder/allWorkOrders', 'admin'], ['/api/v1/workOrder/technicianWorkOrders', 'tech']] as const) {
      expect(await numbers(url, as, 'eq', '2026-03-10'), url).toEqual(['TZ-LATE']);
      expect(await numbers(url, as, 'eq', '2026-03-11'), url).toEqual(['TZ-EARLY']);
      expect(await numbers(url, as, 'eq', '2026-01-10'), url).toEqual(['TZ-WINTER']);
      expect(await numbers(url, as, 'eq', '2026-01-11'), url).toEqual([]);
      // "Greater than" a day is the days after it; "less than", the days before it.
      expect(await numbers(url, as, 'gt', '2026-03-10'), url).toEqual(['TZ-EARLY']);
      expect(await numbers(url, as, 'gte', '2026-03-10'), url).toEqual(['TZ-EARLY', 'TZ-LATE']);
      expect(await numbers(url, as, 'lt', '2026-03-11'), url).toEqual(['TZ-LATE', 'TZ-WINTER']);
      expect(await numbers(url, as, 'lte', '2026-03-10'), url).toEqual(['TZ-LATE', 'TZ-WINTER']);
      expect(await numbers(url, as, 'neq', '2026-03-10'), url).toEqual(['TZ-EARLY', 'TZ-WINTER']);
      // A time with an offset is that instant; one without is read on the company's clock.
      expect(await numbers(url, as, 'gt', '2026-03-11T07:00:00Z'), url).toEqual(['TZ-EARLY']);
      expect(await numbers(url, as, 'lt', '2026-03-10T23:45'), url).toEqual(['TZ-LATE', 'TZ-WINTER']);
    }
    const bad = await t.call('POST', '/api/v1/WorkOrder/allWorkOrders', 'admin', filterOf({ field: 'createdDate', operator: 'eq', value: '2026-02-30' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('Filter on createdDate needs a date.');
  });

  it('reads the quotes, estimates, write-ups, outbox and work order history grids the same way', async () => {
    const [parent] = await workOrdersOf(t, 'tech');
    const made = await t.call('POST', '/api/v1/Quotes/create', 'admin', { workOrderId: parent.id, title: 'Condenser fan motor' });
    expect(made.statusCode, made.body).toBe(200);
    const [quote] = await t.db.select().from(quotes).where(eq(quotes.id, made.json().quoteId));
    await t.db.update(quotes).set({ createdAt: new Date(LATE_ON_10_MARCH) }).where(eq(quotes.id, quote.id));
    const quoteDays = async (value: string) =>
      rowsOf('/api/v1/Quotes/list', 'admin', (r) => r.quoteNumber, { field: 'quoteNumber', operator: 'eq', value: quote.quoteNumber }, { field: 'createdAt', operator: 'eq', value });
    expect(await quoteDays('2026-03-10')).toEqual([quote.quoteNumber]);
    expect(await quoteDays('2026-03-11')).toEqual([]);

    const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
    const drafted = await t.call('POST', '/api/v1/CustomerEstimates', 'admin', { customerId: site.id, title: 'Replace rooftop unit RTU-3' });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const [estimate] = await t.db.select().from(customerEstimates).where(eq(customerEstimates.id, drafted.json().customerEstimateId));
    await t.db.update(customerEstimates).set({ createdAt: new Date(LATE_ON_10_MARCH), validUntil: '2026-03-10' }).where(eq(customerEstimates.id, estimate.id));
    const estimateDays = async (field: string, value: string) =>
      rowsOf('/api/v1/CustomerEstimates/list', 'admin', (r) => r.estimateNumber, { field: 'estimateNumber', operator: 'eq', value: estimate.estimateNumber }, { field, operator: 'eq', value });
    expect(await estimateDays('createdAt', '2026-03-10')).toEqual([estimate.estimateNumber]);
    expect(await estimateDays('createdAt', '2026-03-11')).toEqual([]);
    // A date column holds the company's dates already: an instant is read as the company's date it falls on.
    expect(await estimateDays('validUntil', '2026-03-10')).toEqual([estimate.estimateNumber]);
    expect(await estimateDays('validUntil', LATE_ON_10_MARCH)).toEqual([estimate.estimateNumber]);
    expect(await estimateDays('validUntil', EARLY_ON_11_MARCH)).toEqual([]);

    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
    const writeUp = await t.call('POST', '/api/v1/FlagReminder/writeUp', 'leader', { userId: tech.id, writeUpDescription: 'Van left unlocked at the yard.' });
    expect(writeUp.statusCode, writeUp.body).toBe(200);
    const writeUpId = writeUp.json().writeUpId as number;
    await t.db.update(writeUps).set({ createdAt: new Date(LATE_ON_10_MARCH) }).where(eq(writeUps.id, writeUpId));
    const writeUpDays = async (value: string) =>
      rowsOf('/api/v1/FlagReminder/allWriteUp', 'admin', (r) => r.writeUpId, { field: 'writeUpId', operator: 'eq', value: writeUpId }, { field: 'createdDate', operator: 'eq', value });
    expect(await writeUpDays('2026-03-10')).toEqual([writeUpId]);
    expect(await writeUpDays('2026-03-11')).toEqual([]);

    const sent = await t.call('POST', '/api/v1/EmailOutbox/test', 'admin', { to: 'office@lonestar.example' });
    expect(sent.statusCode, sent.body).toBe(200);
    const outboxId = sent.json().emailOutboxId as number;
    await t.db.update(emailOutbox).set({ createdAt: new Date(LATE_ON_10_MARCH) }).where(eq(emailOutbox.id, outboxId));
    const outboxDays = async (value: string) =>
      rowsOf('/api/v1/EmailOutbox/list', 'admin', (r) => r.emailOutboxId, { field: 'emailOutboxId', operator: 'eq', value: outboxId }, { field: 'createdAt', operator: 'eq', value });
    expect(await outboxDays('2026-03-10')).toEqual([outboxId]);
    expect(await outboxDays('2026-03-11')).toEqual([]);

    const [entry] = await t.db
      .insert(auditLog)
      .values({ subscriberId, entity: 'workOrder', entityId: parent.id, action: 'update', before: { problem: 'Cooler warm' }, after: { problem: 'Cooler iced' }, changedAt: new Date(LATE_ON_10_MARCH) })
      .returning();
    const changeDays = async (value: string) =>
      rowsOf('/api/v1/WorkOrder/history', 'admin', (r) => r.auditId, { field: 'auditId', operator: 'eq', value: entry.id }, { field: 'changedAt', operator: 'eq', value });
    expect(await changeDays('2026-03-10')).toEqual([entry.id]);
    expect(await changeDays('2026-03-11')).toEqual([]);
  });

  it("filters invoices by their date, the company's date an instant falls on", async () => {
    const w = await knownWorkOrder(t, 'TZ-INVOICE');
    const submitted = await t.call('POST', '/api/v1/Invoice/submit', 'admin', { ...knownBody(w.workOrder.id, w.laborIds[0]), invoiceDate: '2026-03-10' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const invoiceDays = async (operator: GridFilter['operator'], value: string) =>
      rowsOf('/api/v1/Billing/invoices', 'admin', (r) => r.workOrderNumber, { field: 'workOrderNumber', operator: 'eq', value: 'TZ-INVOICE' }, { field: 'invoiceDate', operator, value });
    expect(await invoiceDays('eq', '2026-03-10')).toEqual(['TZ-INVOICE']);
    expect(await invoiceDays('eq', LATE_ON_10_MARCH)).toEqual(['TZ-INVOICE']);
    expect(await invoiceDays('eq', EARLY_ON_11_MARCH)).toEqual([]);
    expect(await invoiceDays('gt', '2026-03-10')).toEqual([]);
    expect(await invoiceDays('lte', '2026-03-10')).toEqual(['TZ-INVOICE']);
  });
});
