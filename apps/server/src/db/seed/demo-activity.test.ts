import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantOf, wallClockOf } from '@sm/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { diskStore } from '../../features/platform/files/storage/disk-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoActivity } from './demo-activity';
import { seedDemoFiles } from './demo-files';

/**
 * The working company `npm start` shows (db/seed/demo-activity.ts): each screen of Polar Refrigeration read through the
 * API as its people read it, after the activity is seeded on the demo, at the seed time, whatever the day.
 */
describe('the demo company at work', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'sm-demo-files-'));
  // Seeded as of the last Wednesday evening in Dallas, so the current pay period has days worked whatever today is.
  let seedDate = wallClockOf(new Date(), 'America/Chicago').toISOString().slice(0, 10);
  const evening = (date: string) => instantOf(new Date(`${date}T18:00:00Z`), 'America/Chicago');
  while (new Date(`${seedDate}T12:00:00Z`).getUTCDay() !== 3 || evening(seedDate).getTime() > Date.now()) seedDate = addDays(seedDate, -1);
  beforeAll(async () => {
    const files = diskStore(dir);
    t = await createTestApp({ files });
    await seedDemoActivity(t.db, evening(seedDate));
    await seedDemoFiles(t.db, files, evening(seedDate));
  }, 600_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has invoices paid, part paid, past due and just submitted, with payments and credit memos', async () => {
    const grid = await t.call('POST', '/api/v1/Billing/invoices', 'admin', { sort: [{ field: 'invoiceNumber', dir: 'asc' }] });
    expect(grid.statusCode, grid.body).toBe(200);
    const rows = grid.json().data as { invoiceNumber: number; status: string; total: number; amountDue: number }[];
    expect(rows.map((r) => r.invoiceNumber)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008]);
    expect(rows.map((r) => r.status)).toEqual(['Paid', 'Paid', 'Submitted', 'Submitted', 'Paid', 'Paid', 'Submitted', 'Submitted']);
    const partPaid = rows[2];
    expect(partPaid.amountDue).toBeGreaterThan(0);
    expect(partPaid.amountDue).toBeLessThan(partPaid.total);
    expect(rows[3].amountDue).toBe(rows[3].total);
    const invoiceIds = (grid.json().data as { invoiceId: number }[]).map((r) => r.invoiceId);
    const card = await t.call('GET', `/api/v1/Invoice/${invoiceIds[1]}/payments`, 'admin');
    expect(card.json().payments).toEqual([expect.objectContaining({ paymentMethod: 'Credit Card', reference: 'Visa ending 4242' })]);
    expect(card.json().payments[0].convenienceFee).toBeGreaterThan(0);
    const memos = await t.call('GET', '/api/v1/CreditMemo/list', 'admin');
    expect(memos.statusCode, memos.body).toBe(200);
    expect(memos.json()).toHaveLength(2);
  });

  it('has quotes and estimates in each of their states', async () => {
    const quotes = await t.call('POST', '/api/v1/Quotes/list', 'admin', { isOpenOnly: false });
    expect(quotes.statusCode, quotes.body).toBe(200);
    const states = (quotes.json().data as { status: string }[]).map((q) => q.status).sort();
    expect(states).toEqual(['Approved', 'Open', 'Open', 'Pending', 'Submitted']);
    const estimates = await t.call('POST', '/api/v1/CustomerEstimates/list', 'admin', {});
    expect(estimates.statusCode, estimates.body).toBe(200);
    expect((estimates.json().data as { status: string }[]).map((e) => e.status).sort()).toEqual(['Accepted', 'Converted', 'Declined', 'Open', 'Sent']);
  });

  it("fills the current pay period with both technicians' labor", async () => {
    const res = await t.call('GET', `/api/v1/Payroll/timesheets?date=${seedDate}`, 'payroll');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as { name: string; built: { workedMinutes: number }; hasOpenLabor: boolean }[];
    const worked = (name: string) => rows.find((r) => r.name === name)?.built.workedMinutes ?? 0;
    // Monday to Wednesday at least: Tom nine and a half hours a day, Priya eight and a half.
    expect(worked('Tom Alvarez')).toBeGreaterThanOrEqual(3 * 9.5 * 60);
    expect(worked('Priya Natarajan')).toBeGreaterThanOrEqual(3 * 8.5 * 60);
    expect(rows.some((r) => r.hasOpenLabor)).toBe(false);
  });

  it('keeps e-mails sent and one refused in the outbox, none waiting', async () => {
    const res = await t.call('POST', '/api/v1/EmailOutbox/list', 'admin', {});
    expect(res.statusCode, res.body).toBe(200);
    const statuses = (res.json().data as { status: string }[]).map((m) => m.status);
    expect(statuses.filter((s) => s === 'failed')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'sent').length).toBeGreaterThanOrEqual(5);
    expect(statuses.filter((s) => s !== 'failed' && s !== 'sent')).toEqual([]);
  });

  it('has a pay raise waiting, a write-up, SOPs with acknowledgements, and files on jobs', async () => {
    const raises = await t.call('GET', '/api/v1/Payroll/payRaiseRequests', 'admin');
    expect(raises.statusCode, raises.body).toBe(200);
    expect(raises.json()).toEqual([expect.objectContaining({ employeeName: 'Priya Natarajan', newPosition: 'Refrigeration Specialist' })]);
    const writeUps = await t.call('POST', '/api/v1/FlagReminder/allWriteUp', 'admin', {});
    expect(writeUps.statusCode, writeUps.body).toBe(200);
    expect(writeUps.json().data).toEqual([expect.objectContaining({ userName: 'Tom Alvarez' })]);
    const sops = await t.call('GET', '/api/v1/SOPDetails/list', 'admin');
    expect(sops.json()).toHaveLength(4);
    const acknowledged = await t.call('GET', '/api/v1/SOPDetails/usersAcknowledged', 'admin');
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const rows = acknowledged.json() as { userName: string; acknowledgedDate: string | null }[];
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.acknowledgedDate !== null).map((r) => r.userName).sort()).toEqual(['Priya Natarajan', 'Tom Alvarez', 'Tom Alvarez', 'Tom Alvarez', 'Tom Alvarez']);
    const grid = await t.call('POST', '/api/v1/Billing/invoices', 'admin', { sort: [{ field: 'invoiceNumber', dir: 'asc' }] });
    const first = grid.json().data[0] as { workOrderId: number };
    const listed = await t.call('GET', `/api/v1/Files/list?folder=${encodeURIComponent(`workOrders/${first.workOrderId}`)}`, 'admin');
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { name: string }[]).map((f) => f.name).sort()).toEqual(['Condensing unit nameplate.png', expect.stringMatching(/^Service report WO \d+\.pdf$/)]);
  });
});
