import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_SUPER_ADMIN, PASSWORD_RULE, ROLE } from '@sm/shared';
import { auditLog, jobTitles, userLinks, userRoles, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { INVITE_LINK, invitation, PUBLIC_URL, userCalls } from './users-admin-fixtures';
import { SUPER_ADMIN_ONLY } from './users-admin.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(() => t.close());
const { send, login, tokenOf, linkTo, userByName, activeUser } = userCalls(() => t);

describe('inviting a user', () => {
  it('creates the user without a password and e-mails a one-use link under PUBLIC_URL that sets one', async () => {
    const res = await t.call('POST', '/api/v1/Users/invite', 'admin', invitation());
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({ userName: 'jprice', name: 'Jordan Price', phone: '214-555-0142', roleIds: [ROLE.Technician], roles: ['Technician'], state: 'Invited' });
    const days = (Date.parse(user.invitationExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const { mail, token } = await linkTo('jordan.price@example.com', INVITE_LINK);
    expect(mail).toMatchObject({ subject: 'You are invited to Polar Refrigeration', status: 'queued' });
    expect(token).toHaveLength(43);
    expect(JSON.stringify(await t.db.select().from(userLinks))).not.toContain(token);
    // No password yet: nothing signs in.
    expect((await login('jprice', '!invited')).statusCode).toBe(401);
    const info = await send({ method: 'GET', url: `/api/v1/Account/invitation/${token}` });
    expect(info.json()).toMatchObject({ name: 'Jordan Price', userName: 'jprice', companyName: 'Polar Refrigeration' });
    const weak = await send({ method: 'POST', url: `/api/v1/Account/acceptInvitation/${token}`, body: { password: 'password123' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().title).toBe(PASSWORD_RULE);
    const ok = await send({ method: 'POST', url: `/api/v1/Account/acceptInvitation/${token}`, body: { password: 'frosty-coils-2026' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ userName: 'jprice', companyName: 'Polar Refrigeration' });
    const again = await send({ method: 'POST', url: `/api/v1/Account/acceptInvitation/${token}`, body: { password: 'another-password-1' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toMatch(/^This invitation was already accepted on \d{4}-\d{2}-\d{2}\./);
    // The first password stands, and signs in.
    expect((await login('jprice', 'another-password-1')).statusCode).toBe(401);
    const me = await send({ method: 'POST', url: '/api/v1/Account/validateUser', token: await tokenOf('jprice', 'frosty-coils-2026') });
    expect(me.json()).toMatchObject({ userName: 'jprice', userRoles: ['Technician'] });
    expect((await t.call('GET', `/api/v1/Users/${user.userId}`, 'admin')).json()).toMatchObject({ state: 'Active', invitationExpiresAt: null });
    const history = (await t.call('GET', `/api/v1/Users/${user.userId}/history`, 'admin')).json();
    expect(history.map((h: { action: string; changedBy: string }) => [h.action, h.changedBy])).toEqual([['invite', 'Alicia Moreno'], ['acceptInvitation', 'Jordan Price']]);
  });

  it('answers 410 for an expired invitation; a resent one works and the earlier link stops', async () => {
    const res = await t.call('POST', '/api/v1/Users/invite', 'admin', invitation({ name: 'Sam Ortiz', userName: 'sortiz', email: 'sam.ortiz@example.com' }));
    const userId = res.json().userId as number;
    const { token: first } = await linkTo('sam.ortiz@example.com', INVITE_LINK);
    await t.db.update(userLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userLinks.userId, userId));
    const expired = await send({ method: 'POST', url: `/api/v1/Account/acceptInvitation/${first}`, body: { password: 'frosty-coils-2026' } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().title).toBe('This invitation has expired or was withdrawn. Ask your administrator to send a new one.');
    const resent = await t.call('POST', `/api/v1/Users/${userId}/resendInvitation`, 'admin');
    expect(resent.statusCode, resent.body).toBe(200);
    const { token: second } = await linkTo('sam.ortiz@example.com', INVITE_LINK);
    expect(second).not.toBe(first);
    expect((await send({ method: 'POST', url: `/api/v1/Account/acceptInvitation/${first}`, body: { password: 'frosty-coils-2026' } })).statusCode).toBe(410);
    expect((await send({ method: 'POST', url: `/api/v1/Account/acceptInvitation/${second}`, body: { password: 'frosty-coils-2026' } })).statusCode).toBe(200);
    const late = await t.call('POST', `/api/v1/Users/${userId}/resendInvitation`, 'admin');
    expect(late.statusCode).toBe(409);
    expect(late.json().title).toBe('Sam Ortiz has already accepted the invitation and has a password.');
  });

  it('answers 404 for a link it never sent', async () => {
    const res = await send({ method: 'POST', url: `/api/v1/Account/acceptInvitation/${'A'.repeat(43)}`, body: { password: 'frosty-coils-2026' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().title).toBe('This link is not valid. Open the link from the e-mail as it was sent.');
  });

  it('refuses a user name taken in any company, an address taken in the company, and a foreign job title, writing nothing', async () => {
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    const name = await t.call('POST', '/api/v1/Users/invite', 'admin', invitation({ userName: 'COASTAL.TECH', email: 'new.person@example.com' }));
    expect(name.statusCode).toBe(409);
    expect(name.json().title).toBe('The user name COASTAL.TECH is taken. Choose another one.');
    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
    const email = await t.call('POST', '/api/v1/Users/invite', 'admin', invitation({ userName: 'newperson', email: tech.email.toUpperCase() }));
    expect(email.statusCode).toBe(409);
    expect(email.json().title).toBe('Another user of this company has this e-mail address.');
    const [coastal] = await t.db.select().from(users).where(eq(users.userName, 'coastal.admin'));
    const [foreignTitle] = await t.db.select().from(jobTitles).where(eq(jobTitles.subscriberId, coastal.subscriberId)).limit(1);
    const title = await t.call('POST', '/api/v1/Users/invite', 'admin', invitation({ userName: 'newperson', email: 'new.person@example.com', jobTitleId: foreignTitle.id }));
    expect(title.statusCode).toBe(404);
    const bad = await t.call('POST', '/api/v1/Users/invite', 'admin', invitation({ userName: 'newperson', email: 'new.person@example.com', roleIds: [] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('Choose at least one role.');
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('lets only a Super Admin give the Super Admin role, and keeps the users pages to the Users permission', async () => {
    // Payroll reads every user (All Users) but writes none; a dispatcher reads the Users area without All Users.
    expect((await t.call('GET', '/api/v1/Users', 'payroll')).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/Users/invite', 'payroll', invitation({ userName: 'p1', email: 'p1@example.com' }))).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Users', 'dispatcher')).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Users', 'customer')).statusCode).toBe(403);
    const office = await activeUser('officeadmin', [ROLE.Administrator]);
    const sa = await send({ method: 'POST', url: '/api/v1/Users/invite', token: office.token, body: invitation({ userName: 'sneaky', email: 'sneaky@example.com', roleIds: [ROLE['Super Admin']] }) });
    expect(sa.statusCode).toBe(403);
    expect(sa.json().title).toBe(SUPER_ADMIN_ONLY);
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
    // Nor may an administrator change a Super Admin's address (and then reset the password through it).
    const edit = await send({ method: 'PUT', url: `/api/v1/Users/${admin.id}`, token: office.token, body: { name: admin.name, email: 'mine@example.com', roleIds: [ROLE['Super Admin']] } });
    expect(edit.statusCode).toBe(403);
    expect((await send({ method: 'POST', url: `/api/v1/Users/${admin.id}/deactivate`, token: office.token })).statusCode).toBe(403);
    expect((await userByName('admin')).email).toBe(admin.email);
    const tech = await send({ method: 'POST', url: '/api/v1/Users/invite', token: office.token, body: invitation({ userName: 'byoffice', email: 'byoffice@example.com' }) });
    expect(tech.statusCode, tech.body).toBe(200);
  });
});

describe('the users list and one user', () => {
  it("searches the company's users by name, user name or address, filters by state and shows roles", async () => {
    const names = async (query: string) => {
      const res = await t.call('GET', `/api/v1/Users?${query}`, 'admin');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { userName: string }[]).map((u) => u.userName);
    };
    expect(await names('search=alvarez')).toEqual(['tech']);
    expect(await names('search=TECH2')).toEqual(['tech2']);
    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
    expect(await names(`search=${encodeURIComponent(tech.email)}`)).toEqual(['tech']);
    expect(await names('search=kevin')).toEqual([]);
    expect(await names('search=%25')).toEqual([]);
    const page = (await t.call('GET', '/api/v1/Users?take=3', 'admin')).json();
    expect(page.data).toHaveLength(3);
    expect(page.total).toBeGreaterThan(3);
    const row = (await t.call('GET', '/api/v1/Users?search=Alicia', 'admin')).json().data[0];
    expect(row).toMatchObject({ userName: 'admin', roles: ['Super Admin'], state: 'Active' });
    await t.call('POST', '/api/v1/Users/invite', 'admin', invitation({ name: 'Pending Person', userName: 'pending', email: 'pending@example.com' }));
    expect(await names('state=invited&search=pending')).toEqual(['pending']);
    expect(await names('search=pending')).toEqual([]);
    expect(await names('state=all&search=pending')).toEqual(['pending']);
    const bad = await t.call('GET', '/api/v1/Users?state=gone', 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('State must be active, inactive, invited or all.');
  });

  it("answers 404 for another company's user, as for one that does not exist", async () => {
    const [coastal] = await t.db.select().from(users).where(eq(users.userName, 'coastal.tech'));
    for (const url of [`/api/v1/Users/${coastal.id}`, `/api/v1/Users/${coastal.id}/history`, '/api/v1/Users/2147480001']) {
      const res = await t.call('GET', url, 'admin');
      expect(res.statusCode, url).toBe(404);
      expect(res.json().title).toBe('User was not found.');
    }
    expect((await t.call('POST', `/api/v1/Users/${coastal.id}/deactivate`, 'admin')).statusCode).toBe(404);
    expect((await userByName('coastal.tech')).isActive).toBe(true);
  });

  it("edits a user's name, address, phone, job title and roles, audited with before and after", async () => {
    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech2'));
    const [title] = await t.db.select().from(jobTitles).where(and(eq(jobTitles.subscriberId, tech.subscriberId), eq(jobTitles.name, 'Team Leader')));
    const board = () => t.call('POST', '/api/v1/FlagReminder/allWriteUp', 'tech2', { take: 5 });
    expect((await board()).statusCode).toBe(403);
    const res = await t.call('PUT', `/api/v1/Users/${tech.id}`, 'admin', { name: 'Priya N. Natarajan', email: 'priya@polar.example', phone: '214 555 0199', jobTitleId: title.id, roleIds: [ROLE['Team Leader'], ROLE.Technician] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Priya N. Natarajan', email: 'priya@polar.example', phone: '214-555-0199', jobTitle: 'Team Leader', roleIds: [6, 7], roles: ['Team Leader', 'Technician'] });
    // The new role counts at the next request of the token tech2 already holds: the team leaders' write-ups open.
    expect((await board()).statusCode).toBe(200);
    const roles = await t.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, tech.id));
    expect(roles.map((r) => r.roleId).sort()).toEqual([6, 7]);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, tech.id), eq(auditLog.action, 'update')));
    expect(entry.before).toMatchObject({ name: 'Priya Natarajan', roleIds: [7] });
    expect(entry.after).toMatchObject({ name: 'Priya N. Natarajan', roleIds: [6, 7], jobTitleId: title.id });
  });
});

/**
 * On PostgreSQL, two requests that have both passed access control before either writes: the test holds the company's
 * user lock (super-admins.ts) until both wait for it, then lets them go. PGlite runs one statement at a time anyway.
 */
async function bothPastAccess<T>(subscriberId: number, start: () => Promise<T>): Promise<T> {
  let pending: Promise<T> | undefined;
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${0x5553}::int, ${subscriberId}::int)`);
    pending = start();
    for (let i = 0; ; i++) {
      const res = await t.db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
      if ((res as unknown as { rows: { n: number }[] }).rows[0].n === 2) break;
      if (i > 200) throw new Error('the two requests never waited for the company user lock');
      await new Promise((r) => setTimeout(r, 25));
    }
  });
  return pending!;
}

describe('the last Super Admin', () => {
  it('cannot lose the role or be deactivated, and two changes at once leave one Super Admin standing', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
    const only = await t.call('PUT', `/api/v1/Users/${admin.id}`, 'admin', { name: admin.name, email: admin.email, roleIds: [ROLE.Administrator] });
    expect(only.statusCode).toBe(409);
    expect(only.json().title).toBe(LAST_SUPER_ADMIN);
    expect((await t.db.select().from(userRoles).where(and(eq(userRoles.userId, admin.id), eq(userRoles.roleId, ROLE['Super Admin'])))).length).toBe(1);
    expect((await t.call('POST', `/api/v1/Users/${admin.id}/deactivate`, 'admin')).statusCode).toBe(409);
    // Two Super Admins, each deactivating the other at the same moment: one wins, the other is refused.
    const second = await activeUser('secondsa', [ROLE['Super Admin']]);
    const both = () =>
      Promise.all([
        t.call('POST', `/api/v1/Users/${second.userId}/deactivate`, 'admin'),
        send({ method: 'POST', url: `/api/v1/Users/${admin.id}/deactivate`, token: second.token }),
      ]);
    const [a, b] = t.driver === 'pg' ? await bothPastAccess(admin.subscriberId, both) : await both();
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().title).toBe(LAST_SUPER_ADMIN);
    const standing = await t.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, ROLE['Super Admin'])))
      .where(and(eq(users.subscriberId, admin.subscriberId), eq(users.isActive, true)));
    expect(standing).toHaveLength(1);
    // Whoever was deactivated is reactivated by the one left, so the file's other tests keep the demo's admin.
    const left = standing[0].id === admin.id ? 'admin' : null;
    if (left) expect((await t.call('POST', `/api/v1/Users/${second.userId}/reactivate`, 'admin')).statusCode).toBe(200);
    else expect((await send({ method: 'POST', url: `/api/v1/Users/${admin.id}/reactivate`, token: second.token })).statusCode).toBe(200);
  });
});

describe('deactivating and reactivating', () => {
  it("stops the user's token at its next request, keeps the row and its history, and reactivation lets them in again", async () => {
    const worker = await activeUser('worker', [ROLE.Technician]);
    expect((await send({ method: 'GET', url: '/api/v1/User/getUserStatus', token: worker.token })).statusCode).toBe(200);
    const off = await t.call('POST', `/api/v1/Users/${worker.userId}/deactivate`, 'admin');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().state).toBe('Inactive');
    // The same token, still within its lifetime, is refused at once.
    const after = await send({ method: 'GET', url: '/api/v1/User/getUserStatus', token: worker.token });
    expect(after.statusCode).toBe(401);
    const signIn = await login('worker', 'long-enough-password');
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().title).toBe('This account is disabled. Ask your administrator.');
    expect((await t.call('POST', `/api/v1/Users/${worker.userId}/deactivate`, 'admin')).statusCode).toBe(409);
    const inactive = (await t.call('GET', '/api/v1/Users?state=inactive&search=worker', 'admin')).json().data;
    expect(inactive.map((u: { userName: string }) => u.userName)).toEqual(['worker']);
    const on = await t.call('POST', `/api/v1/Users/${worker.userId}/reactivate`, 'admin');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().state).toBe('Active');
    expect((await login('worker', 'long-enough-password')).statusCode).toBe(200);
    const history = (await t.call('GET', `/api/v1/Users/${worker.userId}/history`, 'admin')).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['invite', 'acceptInvitation', 'deactivate', 'reactivate']);
  });

  it('closes an open invitation when the invited user is deactivated', async () => {
    const res = await t.call('POST', '/api/v1/Users/invite', 'admin', invitation({ name: 'Withdrawn Person', userName: 'withdrawn', email: 'withdrawn@example.com' }));
    const { token } = await linkTo('withdrawn@example.com', INVITE_LINK);
    expect((await t.call('POST', `/api/v1/Users/${res.json().userId}/deactivate`, 'admin')).statusCode).toBe(200);
    expect((await send({ method: 'POST', url: `/api/v1/Account/acceptInvitation/${token}`, body: { password: 'frosty-coils-2026' } })).statusCode).toBe(410);
  });

  it('refuses to deactivate oneself', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
    const res = await t.call('POST', `/api/v1/Users/${admin.id}/deactivate`, 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json().title).toBe('You cannot deactivate yourself. Ask another administrator.');
  });
});
