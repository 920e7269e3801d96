import { eq } from 'drizzle-orm';
import { satisfies, type Access } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users, workOrderFlags, workOrders } from '../db/schema';
import { loadAccess } from '../features/permissions/permissions.service';
import { bodyCases, paramCases, plausible, jsonOf, queryCases, type BadCase } from '../test/bad-input-cases';
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

const routes = () => t.app.routeTable.filter((r) => /^\/api\/v1\//i.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS');
const fill = (url: string, params: Record<string, string> = {}) => url.replace(/:([A-Za-z]+)/g, (_, p: string) => params[p] ?? '1');

async function send(route: ReturnType<typeof routes>[number], c: BadCase, as = 'admin') {
  const query = c.query ? '?' + new URLSearchParams(c.query).toString() : '';
  const headers: Record<string, string> = { authorization: `Bearer ${await t.token(as)}` };
  if (c.contentType) headers['content-type'] = c.contentType;
  const payload = c.rawBody ?? (c.body === undefined ? (route.hasBody ? plausible(jsonOf(route.schema!.body!)) : undefined) : c.body);
  return t.app.inject({ method: route.method as never, url: fill(route.url, c.params) + query, headers, payload: payload as never });
}

function isValid(route: ReturnType<typeof routes>[number], c: BadCase): boolean {
  const s = route.schema ?? {};
  if (c.rawBody !== undefined) return false;
  const decode = (v: string) => {
    try {
      return decodeURIComponent(v);
    } catch {
      return null;
    }
  };
  const params = Object.fromEntries((route.url.match(/:([A-Za-z]+)/g) ?? []).map((p) => [p.slice(1), decode(c.params?.[p.slice(1)] ?? '1')]));
  if (Object.values(params).includes(null)) return false;
  const body = c.body === undefined ? (s.body ? plausible(jsonOf(s.body)) : undefined) : c.body;
  return (!s.params || s.params.safeParse(params).success) && (!s.body || s.body.safeParse(body).success) && (!s.querystring || s.querystring.safeParse(c.query ?? {}).success);
}

describe('access sweep over the route table', () => {
  it('answers 403 to a signed-in user whose roles lack the route\'s permission', async () => {
    let checked = 0;
    for (const r of routes().filter((x) => x.access?.kind === 'area' || x.access?.kind === 'superAdmin')) {
      const lacking = DEMO.find((u) => !satisfies(accessOf.get(u)!, r.access!));
      expect(lacking, `${r.method} ${r.url} has no demo user without its permission`).toBeDefined();
      const before = await dbFingerprint(t.db);
      const res = await send(r, { label: 'no permission' }, lacking!);
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
    for (const r of routes()) {
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
      const res = await send(r, { label: 'foreign', params, body }, 'admin');
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(404);
      expect(await dbFingerprint(t.db), `${r.method} ${r.url}`).toBe(before);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});

describe('bad-input sweep over the route table', () => {
  it('answers every generated bad input with a 4xx sentence, never a 5xx, and writes nothing', async () => {
    const perRoute: Record<string, number> = {};
    const minimum: Record<string, number> = {};
    for (const r of routes().filter((x) => x.schema?.body || x.schema?.params || x.schema?.querystring)) {
      const s = r.schema!;
      const cases = [...(s.body ? bodyCases(s.body) : []), ...(s.params ? paramCases(s.params) : []), ...(s.querystring ? queryCases(s.querystring) : [])];
      const key = `${r.method} ${r.url}`;
      perRoute[key] = cases.length;
      // A route with few fields has fewer ways to be wrong: at least 15 cases a field, and 50 from four fields on.
      const fields = [s.body, s.params, s.querystring].reduce((n, z) => n + (z ? Object.keys(jsonOf(z).properties ?? {}).length : 0), 0);
      minimum[key] = Math.min(50, 15 * Math.max(1, fields));
      // The database is compared around each run of refused cases (a valid case may write, and starts a new run):
      // one fingerprint per run instead of one per case keeps the sweep fast as routes are added.
      let before = await dbFingerprint(t.db);
      let refused: string[] = [];
      const checkNothingWritten = async () => {
        if (refused.length > 0) expect(await dbFingerprint(t.db), `${key} wrote to the database on one of [${refused.join('; ')}]`).toBe(before);
        refused = [];
      };
      for (const c of cases) {
        const valid = isValid(r, c);
        if (valid) await checkNothingWritten();
        const res = await send(r, c);
        expect(res.statusCode, `${key} [${c.label}] ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (valid) {
          before = await dbFingerprint(t.db);
          continue;
        }
        refused.push(c.label);
        expect(res.statusCode, `${key} [${c.label}] was accepted`).toBeGreaterThanOrEqual(400);
        expect(res.headers['content-type'], `${key} [${c.label}] ${res.statusCode} ${res.body.slice(0, 100)}`).toContain('application/problem+json');
        expect(res.json().title.length, `${key} [${c.label}]`).toBeGreaterThan(5);
      }
      await checkNothingWritten();
    }
    const thin = Object.entries(perRoute).filter(([k, n]) => n < minimum[k]!);
    expect(thin).toEqual([]);
    console.info(`bad-input sweep: ${Object.values(perRoute).reduce((a, b) => a + b, 0)} cases over ${Object.keys(perRoute).length} routes`);
    expect(Object.keys(perRoute).length).toBeGreaterThan(10);
  }, 600_000);
});
