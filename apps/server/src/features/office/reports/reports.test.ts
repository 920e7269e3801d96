import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, quotes, quoteVersions, subscribers, users, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { billingCustomer, invoiceOf, polarOf, workOrderOf } from '../../money/collections/collection-fixtures';

let t: TestApp;
let polar: Awaited<ReturnType<typeof polarOf>>;

/** Invoices dated in early 2020, a range nothing else in the demo touches: a hand count of what the report must say. */
beforeAll(async () => {
  t = await createTestApp();
  polar = await polarOf(t);
  const apex = await billingCustomer(t, polar.subscriberId, 'Apex Diner', polar.net30Id);
  const zed = await billingCustomer(t, polar.subscriberId, 'Zed Grocery', polar.net30Id);
  await invoiceOf(t, polar.subscriberId, apex.id, '2020-01-10', 0, '100.10'); // Friday: week of Sunday 2020-01-05
  const paid = await invoiceOf(t, polar.subscriberId, zed.id, '2020-01-31', 0, '200.20'); // Friday: week of 2020-01-26
  await invoiceOf(t, polar.subscriberId, apex.id, '2020-02-01', 0, '0.30'); // Saturday: week of 2020-01-26
  await invoiceOf(t, polar.subscriberId, apex.id, '2020-03-01', 0, '999.99'); // outside the range asked
  const payment = await t.call('POST', `/api/v1/Invoice/${paid.id}/payments`, 'admin', { amount: 50.05, paymentMethod: 'Check', paidOn: '2020-02-02' });
  expect(payment.statusCode, payment.body).toBe(200);
});
afterAll(() => t.close());

const RANGE = 'from=2020-01-01&to=2020-02-29';
const report = async (path: string, as = 'admin') => {
  const res = await t.call('GET', `/api/v1/Reports/${path}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('reports', () => {
  it('lists the catalogue to those with All Reports, and refuses the others', async () => {
    const catalog = await report('');
    expect(catalog.map((r: { reportKey: string }) => r.reportKey)).toEqual([
      'revenue', 'technicianProductivity', 'laborUtilisation', 'firstTimeFix', 'workOrderAging', 'receivablesAging', 'quoteConversion', 'providerScorecard',
    ]);
    for (const who of ['tech', 'sales', 'dispatcher']) {
      expect((await t.call('GET', '/api/v1/Reports', who)).statusCode).toBe(403);
      expect((await t.call('GET', `/api/v1/Reports/revenue?${RANGE}`, who)).statusCode).toBe(403);
    }
  });

  it('sums revenue by month, week and customer to the cent, with what was collected', async () => {
    const byMonth = await report(`revenue?${RANGE}`);
    expect(byMonth).toMatchObject({ from: '2020-01-01', to: '2020-02-29', groupBy: 'month' });
    expect(byMonth.rows).toEqual([
      { label: '2020-01', invoices: 2, subtotal: 300.3, tax: 0, total: 300.3, collected: 50.05, due: 250.25 },
      { label: '2020-02', invoices: 1, subtotal: 0.3, tax: 0, total: 0.3, collected: 0, due: 0.3 },
    ]);
    expect(byMonth.totals).toEqual({ label: 'Total', invoices: 3, subtotal: 300.6, tax: 0, total: 300.6, collected: 50.05, due: 250.55 });
    const byWeek = await report(`revenue?${RANGE}&groupBy=week`);
    expect(byWeek.rows.map((r: { label: string; total: number }) => [r.label, r.total])).toEqual([['Week of 2020-01-05', 100.1], ['Week of 2020-01-26', 200.5]]);
    const byCustomer = await report(`revenue?${RANGE}&groupBy=customer`);
    expect(byCustomer.rows.map((r: { label: string; total: number; invoices: number }) => [r.label, r.invoices, r.total])).toEqual([['Zed Grocery', 1, 200.2], ['Apex Diner', 2, 100.4]]);
    expect(byCustomer.chart).toEqual({ kind: 'bar', labelKey: 'label', series: ['total', 'collected'], target: null, stacked: false });
  });

  it('lists the 25 largest customers by revenue, then every other customer in one row, the totals unchanged', async () => {
    for (let n = 1; n <= 27; n++) {
      const c = await billingCustomer(t, polar.subscriberId, `Many Customers ${String(n).padStart(2, '0')}`, polar.net30Id);
      await invoiceOf(t, polar.subscriberId, c.id, '2018-06-15', 0, `${n}.00`);
    }
    const answer = await report('revenue?from=2018-06-01&to=2018-06-30&groupBy=customer');
    expect(answer.rows).toHaveLength(26);
    expect(answer.rows[0]).toMatchObject({ label: 'Many Customers 27', invoices: 1, total: 27 });
    expect(answer.rows[24]).toMatchObject({ label: 'Many Customers 03', total: 3 });
    expect(answer.rows[25]).toMatchObject({ label: 'All other 2 customers', invoices: 2, total: 3 });
    expect(answer.totals).toMatchObject({ invoices: 27, total: 378 });
  });

  it('exports the same figures as CSV and XLSX, with a totals row', async () => {
    const csv = await t.call('GET', `/api/v1/Reports/revenue/export?${RANGE}&format=csv`, 'admin');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('revenue-2020-01-01-to-2020-02-29.csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toEqual([
      'Month,Invoices,Subtotal,Tax,Total,Collected,Due',
      '2020-01,2,300.30,0.00,300.30,50.05,250.25',
      '2020-02,1,0.30,0.00,0.30,0.00,0.30',
      'Total,3,300.60,0.00,300.60,50.05,250.55',
    ]);
    const xlsx = await t.call('GET', `/api/v1/Reports/revenue/export?${RANGE}&format=xlsx&groupBy=customer`, 'admin');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = sheet.getSheetValues().slice(1).map((row) => (row as ExcelJS.CellValue[]).slice(1));
    expect(values).toEqual([
      ['Billing Customer', 'Invoices', 'Subtotal', 'Tax', 'Total', 'Collected', 'Due'],
      ['Zed Grocery', 1, 200.2, 0, 200.2, 50.05, 150.15],
      ['Apex Diner', 2, 100.4, 0, 100.4, 0, 100.4],
      ['Total', 3, 300.6, 0, 300.6, 50.05, 250.55],
    ]);
    expect(sheet.getCell('E2').numFmt).toBe('#,##0.00');
  });

  it('ages open work orders by days since created, leaving finished ones and other companies out', async () => {
    const [coastal] = await t.db.select().from(subscribers).where(eq(subscribers.name, 'Coastal Air'));
    const before = await report('workOrderAging', 'coastal.admin');
    const leakRowOf = (r: { rows: { label: string }[] }) => r.rows.find((x) => x.label === 'Leak Test');
    expect(leakRowOf(before)).toBeUndefined();
    const [customer] = await t.db.insert(customers).values({ subscriberId: coastal.id, name: 'Aging Cafe', address: '1 Bay St', city: 'Miami', state: 'FL', zip: '33101', isBillingCustomer: true }).returning();
    const day = 86_400_000;
    for (const [daysAgo, status] of [[1, 5], [10, 5], [45, 5], [75, 5], [200, 5], [3, 38]] as const) {
      const wo = await workOrderOf(t, coastal.id, customer.id, status);
      await t.db.update(workOrders).set({ createdAt: new Date(Date.now() - daysAgo * day) }).where(eq(workOrders.id, wo.id));
    }
    const after = await report('workOrderAging', 'coastal.admin');
    expect(leakRowOf(after)).toEqual({ label: 'Leak Test', days0to7: 1, days8to30: 1, days31to60: 1, days61to90: 1, over90: 1, open: 5 });
    expect(after.totals.open).toBe(before.totals.open + 5);
    expect(leakRowOf(await report('workOrderAging'))).toBeUndefined();
  });

  it('counts quotes approved, rejected and waiting by month, and the share approved of those decided', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
    const customer = await billingCustomer(t, polar.subscriberId, 'Quote Count Bistro', polar.net30Id);
    const statuses = [['2019-05-03', 'Approved'], ['2019-05-20', 'Approved'], ['2019-05-21', 'Rejected'], ['2019-05-28', 'Submitted'], ['2019-06-02', 'Open']] as const;
    let number = 880_000;
    for (const [day, status] of statuses) {
      const wo = await workOrderOf(t, polar.subscriberId, customer.id, 34);
      const [q] = await t.db.insert(quotes).values({ subscriberId: polar.subscriberId, quoteNumber: ++number, workOrderId: wo.id, customerId: customer.id, createdBy: admin.id, createdAt: new Date(`${day}T17:00:00Z`) }).returning();
      await t.db.insert(quoteVersions).values({ subscriberId: polar.subscriberId, quoteId: q.id, version: 1, status });
    }
    const answer = await report('quoteConversion?from=2019-05-01&to=2019-06-30');
    expect(answer.rows).toEqual([
      { label: '2019-05', quotes: 4, approved: 2, rejected: 1, waiting: 1, approvalShare: 66.7 },
      { label: '2019-06', quotes: 1, approved: 0, rejected: 0, waiting: 1, approvalShare: null },
    ]);
    expect(answer.totals).toEqual({ label: 'Total', quotes: 5, approved: 2, rejected: 1, waiting: 2, approvalShare: 66.7 });
  });

  it('answers a bad range or report with a sentence', async () => {
    const cases: [string, string][] = [
      ['revenue?from=2020-02-01&to=2020-01-01', 'To must be on or after From.'],
      ['revenue?from=2018-01-01&to=2020-12-31', 'A report covers at most 800 days.'],
      ['revenue?from=2020-02-30', 'From is not a real date.'],
      ['revenue?groupBy=technician', 'Group by must be one of: month, week, customer.'],
      ['nope', 'Report must be one of: revenue, technicianProductivity, laborUtilisation, firstTimeFix, workOrderAging, receivablesAging, quoteConversion, providerScorecard.'],
      ['revenue/export?format=pdf', 'Format must be csv or xlsx.'],
    ];
    for (const [path, message] of cases) {
      const res = await t.call('GET', `/api/v1/Reports/${path}`, 'admin');
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message, path).toBe(message);
    }
  });
});
