import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const allowOf = (header: unknown) => String(header ?? '').split(', ').sort();

describe('an address asked with a method it is not served with', () => {
  it('answers 405 with Allow and "Method not supported" (platform 8), signed in or not', async () => {
    for (const as of [null, 'tech']) {
      const res = await t.call('PUT', '/api/v1/Account/login', as, { userName: 'tech', password: 'demo1234' });
      expect(res.statusCode).toBe(405);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(allowOf(res.headers.allow)).toEqual(['POST']);
      expect(res.json()).toEqual({ status: 405, title: 'Method not supported', message: 'Method not supported' });
    }
  });

  it('names every method of an address with parameters, in any case and with a trailing slash', async () => {
    const res = await t.call('PATCH', '/api/v1/scheduler/123/', 'dispatcher');
    expect(res.statusCode).toBe(405);
    expect(allowOf(res.headers.allow)).toContain('DELETE');
    const get = await t.call('POST', '/api/v1/User/getUserStatus', 'tech');
    expect(get.statusCode).toBe(405);
    expect(allowOf(get.headers.allow)).toEqual(['GET', 'HEAD']);
  });

  it('leaves an address no route serves a 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.call(method, '/api/v1/NoSuchThing', 'tech');
      expect(res.statusCode).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.json().title).toBe('This address does not exist.');
    }
  });
});
