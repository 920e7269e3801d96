import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from './tokens';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/Account/login', payload: { userName, password } });

describe('sign-in', () => {
  it('answers a token carrying the claims of spec platform 3.1', async () => {
    const res = await login('tech', 'demo1234');
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(res.json().accessToken);
    for (const k of ['name', 'email', 'subscriberId', 'userId', 'userName', 'userRoleId', 'userRoles', 'userStatusId', 'userStatus', 'jobTitleId', 'exp', 'iat', 'nbf', 'flags']) {
      expect(claims).toHaveProperty(k);
    }
    expect(claims.userName).toBe('tech');
    expect(claims.userRoles).toEqual(['Technician']);
    expect((claims.flags as Record<string, boolean>).hasRateSheetSetUp).toBe(true);
    expect(Object.keys(claims.flags as object)).toHaveLength(13);
  });

  it('sets hasRateSheetSetUp false for a technician without a rate sheet', async () => {
    const claims = decodeJwt((await login('tech2', 'demo1234')).json().accessToken);
    expect((claims.flags as Record<string, boolean>).hasRateSheetSetUp).toBe(false);
  });

  it('accepts the user name in any case', async () => {
    expect((await login('TECH', 'demo1234')).statusCode).toBe(200);
  });

  it('answers the same 401 sentence for a wrong password and an unknown user', async () => {
    const wrong = await login('tech', 'nope');
    const unknown = await login('nobody', 'demo1234');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().title).toBe('Invalid user name or password.');
    expect(unknown.json().message).toBe('Invalid user name or password.');
    expect(wrong.headers['content-type']).toContain('application/problem+json');
  });

  it('answers 400 with the field sentence when a field is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/Account/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('User Name field is required!');
  });
});

describe('session', () => {
  it('validates a token and answers the signed-in user with the company name', async () => {
    const res = await t.call('POST', '/api/v1/Account/validateUser', 'leader');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userName: 'leader', userRoles: ['Team Leader'], subscriberName: 'Polar Refrigeration' });
  });

  it('answers 401 without a token, with a forged token, and with an expired token', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/Account/validateUser' });
    expect(none.statusCode).toBe(401);
    const valid = await t.token('tech');
    const claims = decodeJwt(valid) as never as Parameters<typeof signAccessToken>[1];
    const forged = await signAccessToken('another-secret-another-secret-another', claims, new Date());
    const expired = await signAccessToken(TEST_SECRET, claims, new Date(Date.now() - 11 * 3600_000));
    const [header, payload, signature] = valid.split('.');
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const otherUser = `${header}.${b64({ ...decoded, userId: decoded.userId + 1 })}.${signature}`;
    for (const token of [forged, expired, 'not-a-jwt', `${valid}x`, algNone, otherUser]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/Account/validateUser', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refreshes a token to a later expiry', async () => {
    const old = decodeJwt(await t.token('tech'));
    await new Promise((r) => setTimeout(r, 1100));
    const res = await t.call('POST', '/api/v1/Account/refreshToken', 'tech');
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().accessToken).exp!).toBeGreaterThan(old.exp!);
  });

  it('matches paths case-insensitively', async () => {
    expect((await t.call('POST', '/api/v1/account/VALIDATEUSER', 'tech')).statusCode).toBe(200);
  });
});

describe('user roles and permissions', () => {
  it('answers the caller their own roles grouped by permission description', async () => {
    const me = (await t.call('POST', '/api/v1/Account/validateUser', 'tech')).json();
    const res = await t.call('GET', `/api/v1/Account/user-roles-permissions/${me.userId}`, 'tech');
    expect(res.statusCode).toBe(200);
    const [role] = res.json();
    expect(role).toMatchObject({ roleName: 'Technician', isAll: false });
    expect(role.permissions.find((p: { permissionDescription: string }) => p.permissionDescription === 'Work Orders').functionalities).toContain('My WorkOrders');
  });

  it('refuses a technician another user\'s roles (403) and hides another company\'s user (404)', async () => {
    const leader = (await t.call('POST', '/api/v1/Account/validateUser', 'leader')).json();
    expect((await t.call('GET', `/api/v1/Account/user-roles-permissions/${leader.userId}`, 'tech')).statusCode).toBe(403);
    expect((await t.call('GET', `/api/v1/Account/user-roles-permissions/${leader.userId}`, 'admin')).statusCode).toBe(200);
    const coastal = (await t.call('POST', '/api/v1/Account/validateUser', 'coastal.tech')).json();
    const res = await t.call('GET', `/api/v1/Account/user-roles-permissions/${coastal.userId}`, 'admin');
    expect(res.statusCode).toBe(404);
  });
});

describe('rate limiting and lockout', () => {
  it('answers 429 with a sentence after too many attempts in a minute', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/v1/Account/login', payload: { userName: 'payroll', password: 'wrong' } });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().message).toBe('Too many sign-in attempts. Please wait a minute and try again.');
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const other = await limited.app.inject({ method: 'POST', url: '/api/v1/Account/login', payload: { userName: 'tech', password: 'demo1234' } });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses an address after too many failed sign-ins under different names, and counts no successes', async () => {
    const limited = await createTestApp({ loginFailuresPerAddress: 5 });
    const attempt = (userName: string, password: string, remoteAddress = '203.0.113.7') =>
      limited.app.inject({ method: 'POST', url: '/api/v1/Account/login', payload: { userName, password }, remoteAddress });
    try {
      // Successful sign-ins from the address do not count toward its limit.
      for (let i = 0; i < 6; i++) expect((await attempt('tech', 'demo1234')).statusCode).toBe(200);
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await attempt(`nobody${i}`, 'wrong')).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
      const refused = await attempt('tech', 'demo1234');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many failed sign-in attempts from this address. Please wait a minute and try again.');
      // Another address is not held up by this one.
      expect((await attempt('tech', 'demo1234', '198.51.100.9')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('locks an account after ten failed passwords, even with the right one', async () => {
    for (let i = 0; i < 10; i++) expect((await login('sales', 'wrong')).statusCode).toBe(401);
    const res = await login('sales', 'demo1234');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many failed sign-in attempts/);
  });
});
