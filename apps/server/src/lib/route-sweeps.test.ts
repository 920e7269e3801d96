import { eq } from 'drizzle-orm';
import { satisfies, type Access } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users, workOrderFlags, workOrders } from '../db/schema';
import { loadAccess } from '../features/permissions/permissions.service';
import { jsonOf, plausible } from '../test/bad-input-cases';
import { apiRoutes, sendCase } from '../test/route-sweep';
import { dbFingerprint } from '../test/fingerprint';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
const DEMO = ['admin', 'leader', 'dispatcher', 'tech', 'tech2', 'payroll', 'sales', 'customer'];
const accessOf = new Map<string, Access>();

beforeAll(async () => {
  t = await createTestApp();
  for (const userName of DEMO) {
    const [u] = await t.db.select().from(users).where(eq(users.userName, userName));
    accessOf.set(userName, (await loadAccess(t.db, u.subscriberId, u.id))!);
  }
});
afterAll(() => t.close());

describe('access sweep over the route table', () => {
  it('answers 403 to a signed-in user whose roles lack the route\'s permission', async () => {
    let checked = 0;
    for (const r of apiRoutes(t).filter((x) => x.access?.kind === 'area' || x.access?.kind === 'superAdmin')) {
      const lacking = DEMO.find((u) => !satisfies(accessOf.get(u)!, r.access!));
      expect(lacking, `${r.method} ${r.url} has no demo user without its permission`).toBeDefined();
      const before = await dbFingerprint(t.db);
      const res = await sendCase(t, r, { label: 'no permission' }, lacking!);
      expect(res.statusCode, `${r.method} ${r.url} as ${lacking}`).toBe(403);
      expect(await dbFingerprint(t.db)).toBe(before);
      checked++;
    }
    expect(checked).toBeGreaterThan(8);
    // Two fingerprints of the whole database a route, for well over a hundred routes.
  }, 120_000);

  it('answers 404 for another company\'s records and changes nothing', async () => {
    const [coastalUser] = await t.db.select().from(users).where(eq(users.userName, 'coastal.tech'));
    const [coastalCustomer] = await t.db.select().from(customers).where(eq(customers.subscriberId, coastalUser.subscriberId)).limit(1);
    const [coastalWo, otherCoastalWo] = await t.db.select().from(workOrders).where(eq(workOrders.subscriberId, coastalUser.subscriberId)).limit(2);
    const laborRes = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'coastal.tech', { workOrderId: coastalWo.id, startTime: new Date().toISOString() });
    expect(laborRes.statusCode, laborRes.body).toBe(200);
    // An invoice and a credit memo of the other company, for the billing routes.
    const part = { workOrderId: otherCoastalWo.id, materialStatusId: 6, description: 'Contactor 40A', quantity: 1, unitCost: 20, unitPrice: 35 };
    expect((await t.call('POST', '/api/v1/WorkOrder/material/add', 'coastal.admin', part)).statusCode).toBe(200);
    const invoiceRes = await t.call('POST', '/api/v1/Invoice/submit', 'coastal.admin', { workOrderId: otherCoastalWo.id });
    expect(invoiceRes.statusCode, invoiceRes.body).toBe(200);
    const memoRes = await t.call('POST', '/api/v1/CreditMemo/create', 'coastal.admin', { billingCustomerId: coastalCustomer.id, amount: 5, reason: 'Goodwill' });
    expect(memoRes.statusCode, memoRes.body).toBe(200);
    const estimateRes = await t.call('POST', '/api/v1/CustomerEstimates', 'coastal.admin', { customerId: coastalCustomer.id, title: 'Replace rooftop unit' });
    expect(estimateRes.statusCode, estimateRes.body).toBe(200);
    const templateRes = await t.call('POST', '/api/v1/EmailTemplates', 'coastal.admin', { name: 'Coastal template', subject: 'Hello', bodyHtml: '<p>Hello</p>' });
    expect(templateRes.statusCode, templateRes.body).toBe(200);
    const [coastalFlag] = await t.db.select().from(workOrderFlags).where(eq(workOrderFlags.subscriberId, coastalUser.subscriberId)).limit(1);
    const reminderRes = await t.call('POST', '/api/v1/FlagReminder/create', 'coastal.admin', {
      workOrderId: coastalWo.id, flagId: coastalFlag.id, flagReminderTime: new Date(Date.now() + 3600_000).toISOString(), reminderDescription: 'Check the condenser',
    });
    expect(reminderRes.statusCode, reminderRes.body).toBe(200);
    const foreign: Record<string, string | number> = {
      flagReminderId: reminderRes.json()[0].flagReminderId, flagId: coastalFlag.id,
      emailTemplateId: templateRes.json().emailTemplateId,
      invoiceId: invoiceRes.json().invoiceId, creditMemoId: memoRes.json().creditMemoId,
      customerEstimateId: estimateRes.json().customerEstimateId,
      userId: coastalUser.id, billingCustomerId: coastalCustomer.id, workOrderNumber: coastalWo.workOrderNumber,
      workOrderId: coastalWo.id, parentWorkOrderId: coastalWo.id, newWorkOrderId: otherCoastalWo.id, workOrderLaborId: laborRes.json().workOrderLaborId,
    };
    let checked = 0;
    for (const r of apiRoutes(t)) {
      const paramNames = (r.url.match(/:([A-Za-z]+)/g) ?? []).map((p) => p.slice(1));
      const bodyFields = r.schema?.body ? Object.keys(jsonOf(r.schema.body).properties ?? {}) : [];
      const hits = [...paramNames, ...bodyFields].filter((k) => k in foreign);
      if (hits.length === 0) continue;
      const params = Object.fromEntries(paramNames.filter((p) => p in foreign).map((p) => [p, String(foreign[p])]));
      const base = r.schema?.body ? (plausible(jsonOf(r.schema.body)) as Record<string, unknown>) : undefined;
      const body = base && Object.fromEntries(Object.entries(base).map(([k, v]) => [k, k in foreign ? foreign[k] : v]));
      // A body its own schema refuses (fields that only make sense together) is a 400 before any record is read.
      if (body && r.schema?.body && !r.schema.body.safeParse(body).success) continue;
      const before = await dbFingerprint(t.db);
      const res = await sendCase(t, r, { label: 'foreign', params, body }, 'admin');
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(404);
      expect(await dbFingerprint(t.db), `${r.method} ${r.url}`).toBe(before);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});
