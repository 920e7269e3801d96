import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrderLabor } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

// What an independent schema fuzzer tried: values that break a field's declared type must be refused with a sentence,
// never turned into something else and acted on.
let t: TestApp;
let workOrderId: number;
beforeAll(async () => {
  t = await createTestApp();
  const page = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', { take: 1 })).json();
  workOrderId = page.data[0].workOrderId;
});
afterAll(() => t.close());

const laborRows = async () => (await t.db.select({ n: count() }).from(workOrderLabor))[0].n;
const clockIn = (fields: Record<string, unknown>) =>
  t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', { startTime: new Date().toISOString(), isReachedAtSite: true, ...fields });

describe('strict input', () => {
  it('refuses a body id that is not a JSON number, in every disguise, and writes nothing', async () => {
    const before = await laborRows();
    for (const disguise of [String(workOrderId), ` ${workOrderId} `, `0x${workOrderId.toString(16)}`, `${workOrderId}e0`, [workOrderId], [String(workOrderId)], true]) {
      const res = await clockIn({ workOrderId: disguise });
      expect(res.statusCode, JSON.stringify(disguise)).toBe(400);
      expect(res.json().title).toBe('Work order must be a number.');
    }
    expect(await laborRows()).toBe(before);
  });

  it('reads path and query ids as digits only', async () => {
    for (const text of ['%2021%20', '0x15', '21e0', '+21', '21.0']) {
      const res = await t.call('GET', `/api/v1/Scheduler/${text}/history`, 'dispatcher');
      expect(res.statusCode, text).toBe(400);
      expect(res.json().title).toBe('Schedule item must be a whole number, written in digits only.');
    }
    const query = await t.call('GET', '/api/v1/Scheduler/workOrders?technicianId=0x15', 'dispatcher');
    expect(query.statusCode).toBe(400);
    expect(query.json().title).toBe('Technician must be a whole number, written in digits only.');
    expect((await t.call('GET', '/api/v1/Scheduler/workOrders?take=%201', 'dispatcher')).statusCode).toBe(400);
  });

  it('refuses a clock time without its offset: the phone sends an instant, never a wall clock read in the server zone', async () => {
    const before = await laborRows();
    for (const startTime of ['2026-03-02T10:00:00', '2026-03-02', 'March 2, 2026 10:00', '2026-03-02T25:00:00Z']) {
      const res = await clockIn({ workOrderId, startTime });
      expect(res.statusCode, startTime).toBe(400);
      expect(res.json().title).toBe('Start must be a date and time with its offset, like 2026-03-02T15:30:00Z.');
    }
    expect(await laborRows()).toBe(before);
  });

  it('answers a body with a __proto__ or constructor key as valid JSON that is refused, with its own sentence', async () => {
    for (const payload of [`{"workOrderId": ${workOrderId}, "__proto__": {"isAdmin": true}}`, `{"workOrderId": ${workOrderId}, "a": {"constructor": {"prototype": {}}}}`]) {
      const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', undefined, { payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().title).toBe('The request body must not contain a __proto__, constructor or prototype key.');
    }
    const broken = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', undefined, { payload: '{"workOrderId": ', headers: { 'content-type': 'application/json' } });
    expect(broken.json().title).toBe('The request body is not valid JSON.');
  });

  it("answers 404 for the history of a role that does not exist", async () => {
    const res = await t.call('GET', '/api/v1/Account/roles/999999/history', 'admin');
    expect(res.statusCode).toBe(404);
    expect(res.json().title).toBe('Role was not found.');
  });
});
