import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, userStatusEntries } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowCounts = async () => ({
  permissions: (await t.db.select({ n: count() }).from(rolePermissions))[0].n,
  statusEntries: (await t.db.select({ n: count() }).from(userStatusEntries))[0].n,
});

describe('bad input', () => {
  it('answers every malformed request with a 4xx problem and a sentence, and changes nothing', async () => {
    const before = await rowCounts();
    const auth = { authorization: `Bearer ${await t.token('admin')}` };
    const cases: { method: 'POST' | 'PUT' | 'GET'; url: string; payload?: string; type?: string; expect: number; sentence?: string }[] = [
      { method: 'POST', url: '/api/v1/Account/login', payload: '{"userName": "tech", ', type: 'application/json', expect: 400, sentence: 'The request body is not valid JSON.' },
      { method: 'POST', url: '/api/v1/Account/login', payload: '', type: 'application/json', expect: 400 },
      { method: 'POST', url: '/api/v1/Account/login', payload: 'userName=tech', type: 'application/x-www-form-urlencoded', expect: 415, sentence: 'This content type is not supported here.' },
      { method: 'POST', url: '/api/v1/Account/login', payload: JSON.stringify({ userName: 42, password: [] }), type: 'application/json', expect: 400, sentence: 'User Name field is required!' },
      { method: 'POST', url: '/api/v1/Account/login', payload: JSON.stringify({ userName: 'x'.repeat(100_000), password: 'a' }), type: 'application/json', expect: 400, sentence: 'User Name must be at most 100 characters.' },
      { method: 'POST', url: '/api/v1/Account/login', payload: JSON.stringify({ userName: 'x'.repeat(2_000_000), password: 'a' }), type: 'application/json', expect: 413, sentence: 'The request is too large.' },
      { method: 'POST', url: '/api/v1/Account/login', payload: JSON.stringify({ userName: "' OR 1=1 --", password: '<script>' }), type: 'application/json', expect: 401 },
      { method: 'POST', url: '/api/v1/workOrder/technicianWorkOrders', payload: JSON.stringify({ take: -1 }), type: 'application/json', expect: 400, sentence: 'Take must be at least 1.' },
      { method: 'POST', url: '/api/v1/workOrder/technicianWorkOrders', payload: JSON.stringify({ take: 1e20 }), type: 'application/json', expect: 400 },
      { method: 'POST', url: '/api/v1/workOrder/technicianWorkOrders', payload: JSON.stringify({ sort: 'desc' }), type: 'application/json', expect: 400 },
      { method: 'POST', url: '/api/v1/workOrder/technicianWorkOrders', payload: JSON.stringify({ filter: { filters: [{ field: 'problem', operator: 'drop', value: 1 }] } }), type: 'application/json', expect: 400, sentence: 'Filter operator is not supported.' },
      { method: 'PUT', url: '/api/v1/Account/roles/7/permissions', payload: JSON.stringify({ permissions: 'all' }), type: 'application/json', expect: 400 },
      { method: 'PUT', url: '/api/v1/Account/roles/abc/permissions', payload: JSON.stringify({ permissions: [] }), type: 'application/json', expect: 400, sentence: 'Role must be a whole number, written in digits only.' },
      { method: 'PUT', url: '/api/v1/Account/roles/-4/permissions', payload: JSON.stringify({ permissions: [] }), type: 'application/json', expect: 400, sentence: 'Role must be a whole number, written in digits only.' },
      { method: 'PUT', url: '/api/v1/Account/roles/0/permissions', payload: JSON.stringify({ permissions: [] }), type: 'application/json', expect: 400, sentence: 'Role must be a positive number.' },
      { method: 'PUT', url: '/api/v1/Account/roles/99999999999/permissions', payload: JSON.stringify({ permissions: [] }), type: 'application/json', expect: 400, sentence: 'Role is out of range.' },
      { method: 'GET', url: '/api/v1/User/updatestatus/1?description=' + 'd'.repeat(600), expect: 400, sentence: 'Description must be at most 500 characters.' },
      { method: 'GET', url: '/api/v1/User/updatestatus/1.5', expect: 400, sentence: 'Status must be a whole number, written in digits only.' },
      { method: 'GET', url: '/api/v1/WorkOrder/' + 'x'.repeat(100), expect: 400 },
      { method: 'GET', url: '/api/v1/WorkOrder/%00%27%3B', expect: 400, sentence: 'Work order number contains characters that are not allowed.' },
      { method: 'GET', url: '/api/v1/WorkOrder/%27%3B%20drop%20table%20users', expect: 404, sentence: 'Work order was not found.' },
      { method: 'POST', url: '/api/v1/workOrder/technicianWorkOrders', payload: JSON.stringify({ filter: { filters: [{ field: 'problem', operator: 'contains', value: 'a\u0000b' }] } }), type: 'application/json', expect: 400 },
      { method: 'GET', url: '/api/v1/NoSuchThing', expect: 404, sentence: 'This address does not exist.' },
    ];
    for (const c of cases) {
      const headers: Record<string, string> = { ...auth };
      if (c.type) headers['content-type'] = c.type;
      const res = await t.app.inject({ method: c.method, url: c.url, payload: c.payload, headers });
      expect(res.statusCode, `${c.method} ${c.url} ${c.payload?.slice(0, 60)}`).toBe(c.expect);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const body = res.json();
      expect(body.title.length).toBeGreaterThan(5);
      expect(body.message).toBe(body.title);
      if (c.sentence) expect(body.title).toBe(c.sentence);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('serves the OpenAPI document and health without a token', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toContain('/api/v1/Account/login');
  });
});
