import { desc, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { ROLE } from '@sm/shared';
import { emailOutbox, users } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';

export const PUBLIC_URL = 'https://app.example.com/service';
export const INVITE_LINK = /https:\/\/app\.example\.com\/service\/users\/acceptInvitation\/([A-Za-z0-9_-]{43})/;
export const RESET_LINK = /https:\/\/app\.example\.com\/service\/users\/resetPassword\/([A-Za-z0-9_-]{43})/;

type Call = { method: InjectOptions['method']; url: string; body?: unknown; token?: string; from?: string };

/** A valid invitation, to change one field at a time. */
export const invitation = (over: Record<string, unknown> = {}) => ({
  name: 'Jordan Price', email: 'jordan.price@example.com', userName: 'jprice', phone: '(214) 555 0142', roleIds: [ROLE.Technician], ...over,
});

/** The users tests' calls on one test server: anonymous or with a token, from a chosen address. */
export function userCalls(t: () => TestApp) {
  const send = (c: Call) =>
    t().app.inject({
      method: c.method, url: c.url, remoteAddress: c.from ?? '198.51.100.1',
      headers: c.token ? { authorization: `Bearer ${c.token}` } : {},
      ...(c.body === undefined ? {} : { payload: c.body as never }),
    });
  const login = (userName: string, password: string) => send({ method: 'POST', url: '/api/v1/Account/login', body: { userName, password } });
  const tokenOf = async (userName: string, password: string) => {
    const res = await login(userName, password);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().accessToken as string;
  };
  /** The link of the newest message to an address. */
  const linkTo = async (email: string, pattern: RegExp) => {
    const [mail] = await t().db.select().from(emailOutbox).where(sql`${email} = any(${emailOutbox.to})`).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail, `no message to ${email}`).toBeDefined();
    return { mail, token: pattern.exec(mail.text ?? '')?.[1] ?? '' };
  };
  const mailsTo = async (email: string) => (await t().db.select({ id: emailOutbox.id }).from(emailOutbox).where(sql`${email} = any(${emailOutbox.to})`)).length;
  const userByName = async (userName: string) => (await t().db.select().from(users).where(eq(users.userName, userName)))[0];
  /** A user invited by the demo's admin who accepted, with the given roles: their id and a token. */
  const activeUser = async (userName: string, roleIds: number[]) => {
    const email = `${userName}@example.com`;
    const res = await t().call('POST', '/api/v1/Users/invite', 'admin', invitation({ name: `User ${userName}`, userName, email, roleIds }));
    expect(res.statusCode, res.body).toBe(200);
    const { token } = await linkTo(email, INVITE_LINK);
    expect((await send({ method: 'POST', url: `/api/v1/Account/acceptInvitation/${token}`, body: { password: 'long-enough-password' } })).statusCode).toBe(200);
    return { userId: res.json().userId as number, token: await tokenOf(userName, 'long-enough-password') };
  };
  return { send, login, tokenOf, linkTo, mailsTo, userByName, activeUser };
}
