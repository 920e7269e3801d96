import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, ROLE } from '@sm/shared';
import { userLinks } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { linkHashOf } from './user-links';
import { invitation, PUBLIC_URL, RESET_LINK, userCalls } from './users-admin-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(() => t.close());
const { send, login, linkTo, mailsTo, activeUser } = userCalls(() => t);

describe('a forgotten password', () => {
  it('answers the same whether or not the account exists, and e-mails a one-use, one-hour link when it does', async () => {
    await activeUser('forgetful', [ROLE.Technician]);
    const unknown = await send({ method: 'POST', url: '/api/v1/Account/forgotPassword', body: { userNameOrEmail: 'nobody-here@example.com' }, from: '198.51.100.20' });
    const known = await send({ method: 'POST', url: '/api/v1/Account/forgotPassword', body: { userNameOrEmail: 'Forgetful@Example.com' }, from: '198.51.100.20' });
    expect([unknown.statusCode, known.statusCode]).toEqual([200, 200]);
    expect(unknown.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(known.body).toBe(unknown.body);
    expect(await mailsTo('nobody-here@example.com')).toBe(0);
    const { mail, token } = await linkTo('forgetful@example.com', RESET_LINK);
    expect(mail.subject).toBe('Choose a new password for Polar Refrigeration');
    expect(JSON.stringify(await t.db.select().from(userLinks))).not.toContain(token);
    const [link] = await t.db.select().from(userLinks).where(eq(userLinks.tokenHash, linkHashOf(token)));
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(3_600_000);
    const reset = await send({ method: 'POST', url: `/api/v1/Account/resetPassword/${token}`, body: { password: 'brand-new-secret-9' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login('forgetful', 'long-enough-password')).statusCode).toBe(401);
    expect((await login('forgetful', 'brand-new-secret-9')).statusCode).toBe(200);
    const twice = await send({ method: 'POST', url: `/api/v1/Account/resetPassword/${token}`, body: { password: 'another-secret-99' } });
    expect(twice.statusCode).toBe(409);
    expect((await login('forgetful', 'brand-new-secret-9')).statusCode).toBe(200);
  });

  it('answers 410 for an expired reset link, and sends nothing to an inactive or invited account', async () => {
    const user = await activeUser('slowreader', [ROLE.Technician]);
    await send({ method: 'POST', url: '/api/v1/Account/forgotPassword', body: { userNameOrEmail: 'slowreader' }, from: '198.51.100.21' });
    const { token } = await linkTo('slowreader@example.com', RESET_LINK);
    await t.db.update(userLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(userLinks.userId, user.userId), eq(userLinks.purpose, 'passwordReset')));
    const expired = await send({ method: 'POST', url: `/api/v1/Account/resetPassword/${token}`, body: { password: 'brand-new-secret-9' } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().title).toBe('This link has expired. Ask for a new one from the sign-in page.');
    await t.call('POST', `/api/v1/Users/${user.userId}/deactivate`, 'admin');
    const before = await mailsTo('slowreader@example.com');
    await send({ method: 'POST', url: '/api/v1/Account/forgotPassword', body: { userNameOrEmail: 'slowreader' }, from: '198.51.100.21' });
    await t.call('POST', '/api/v1/Users/invite', 'admin', invitation({ name: 'Not Yet', userName: 'notyet', email: 'notyet@example.com' }));
    const invited = await mailsTo('notyet@example.com');
    await send({ method: 'POST', url: '/api/v1/Account/forgotPassword', body: { userNameOrEmail: 'notyet' }, from: '198.51.100.21' });
    expect([await mailsTo('slowreader@example.com'), await mailsTo('notyet@example.com')]).toEqual([before, invited]);
  });

  it('sends one account at most three links an hour, and refuses the eleventh request a minute from one address', async () => {
    await activeUser('flooded', [ROLE.Technician]);
    for (let i = 0; i < 5; i++) {
      const res = await send({ method: 'POST', url: '/api/v1/Account/forgotPassword', body: { userNameOrEmail: 'flooded' }, from: '198.51.100.22' });
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    expect(await mailsTo('flooded@example.com')).toBe(1 + 3);
    for (let i = 0; i < 5; i++) await send({ method: 'POST', url: '/api/v1/Account/forgotPassword', body: { userNameOrEmail: 'x' }, from: '198.51.100.22' });
    const burst = await send({ method: 'POST', url: '/api/v1/Account/forgotPassword', body: { userNameOrEmail: 'flooded' }, from: '198.51.100.22' });
    expect(burst.statusCode).toBe(429);
    expect(burst.json().title).toBe('Too many password reset requests from this address. Please wait a minute and try again.');
  });
});
