import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD_RULE, ROLE } from '@sm/shared';
import { buildApp } from '../../../app';
import { openDatabase, type Database } from '../../../db/client';
import { seedReference } from '../../../db/seed/reference';
import { emailOutbox, equipmentCategories, refrigerants, voltages, userLinks, perDiemTypes, rolePermissions, subscribers, userRoles, users, workOrderFlags } from '../../../db/schema';
import { createTestApp, ownPgDatabase, TEST_SECRET, type TestApp } from '../../../test/test-app';
import { customerForm } from '../../office/customers/customer-fixtures';
import { defaultMatrixRows } from '../permissions/default-matrix';
import { SETUP_DONE, SETUP_NOT_OFFERED, SIGNUP_CLOSED } from './signup.service';

const PUBLIC_URL = 'https://app.example.com/service';
const LINK = /https:\/\/app\.example\.com\/service\/register\/confirm\/([A-Za-z0-9_-]{43})/;

let t: TestApp;
/** A second server on the same database with public sign-up closed, as an operator leaves it by default. */
let closed: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL, publicSignup: true });
  closed = await buildApp({ db: t.db, jwtSecret: TEST_SECRET, publicUrl: PUBLIC_URL });
  await closed.ready();
});
afterAll(async () => {
  await closed.close();
  await t.close();
});

/** A valid sign-up, to change one field at a time. */
const signup = (over: Record<string, unknown> = {}) => ({
  companyName: 'Lone Star Cooling',
  timeZone: 'America/Chicago',
  address: { street: '1500 Marilla St', city: 'Dallas', state: 'tx', zip: '75201' },
  name: 'Avery Brooks',
  userName: 'avery',
  email: 'avery@lonestarcooling.example',
  password: 'cold-rooms-at-dawn',
  ...over,
});

type Call = { method: InjectOptions['method']; url: string; body?: unknown; token?: string; from?: string };
const send = (app: FastifyInstance, c: Call) =>
  app.inject({
    method: c.method, url: c.url, remoteAddress: c.from ?? '203.0.113.1',
    headers: c.token ? { authorization: `Bearer ${c.token}` } : {},
    ...(c.body === undefined ? {} : { payload: c.body as never }),
  });
const register = (body: unknown, from?: string, app: FastifyInstance = t.app) => send(app, { method: 'POST', url: '/api/v1/Account/register', body, from });
const confirm = (token: string) => send(t.app, { method: 'POST', url: `/api/v1/Account/confirmEmail/${token}` });
const login = (userName: string, password: string, app: FastifyInstance = t.app) => send(app, { method: 'POST', url: '/api/v1/Account/login', body: { userName, password } });
const companies = async () => (await t.db.select({ n: count() }).from(subscribers))[0].n;
/** The confirmation link of the newest message to an address. */
async function linkTo(email: string) {
  const [mail] = await t.db.select().from(emailOutbox).where(sql`${email} = any(${emailOutbox.to})`).orderBy(desc(emailOutbox.id)).limit(1);
  expect(mail, `no message to ${email}`).toBeDefined();
  return { mail, token: LINK.exec(mail.text ?? '')?.[1] ?? '' };
}

describe('registering a company (PUBLIC_SIGNUP=1)', () => {
  it('creates the company and its Super Admin, who cannot sign in until the e-mailed link confirms the address, once', async () => {
    const res = await register(signup());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'We sent a link to a…@lonestarcooling.example. Open it to confirm the address, then sign in.' });

    const [company] = await t.db.select().from(subscribers).where(eq(subscribers.name, 'Lone Star Cooling'));
    expect(company).toMatchObject({ timeZone: 'America/Chicago', street: '1500 Marilla St', city: 'Dallas', state: 'TX', zip: '75201', isActive: true });
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'avery'));
    expect(admin).toMatchObject({ subscriberId: company.id, name: 'Avery Brooks', email: 'avery@lonestarcooling.example', isEmailConfirmed: false });
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await t.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, admin.id))).toEqual([{ roleId: ROLE['Super Admin'] }]);
    expect((await t.db.select({ n: count() }).from(rolePermissions).where(eq(rolePermissions.subscriberId, company.id)))[0].n).toBe(defaultMatrixRows(company.id).length);
    expect((await t.db.select({ n: count() }).from(workOrderFlags).where(eq(workOrderFlags.subscriberId, company.id)))[0].n).toBeGreaterThan(0);
    expect((await t.db.select({ n: count() }).from(perDiemTypes).where(eq(perDiemTypes.subscriberId, company.id)))[0].n).toBeGreaterThan(0);
    // Its equipment information starts with the categories, refrigerants and voltages of a refrigeration company.
    const categories = await t.db.select().from(equipmentCategories).where(eq(equipmentCategories.subscriberId, company.id)).orderBy(equipmentCategories.id);
    expect(categories.map((c) => [c.name, c.applianceType, c.leakRatePercent])).toEqual([
      ['Refrigeration', 'commercialRefrigeration', '20.00'], ['Air Conditioning', 'comfortCooling', '10.00'], ['Cooking Equipment', 'none', null],
    ]);
    const gases = await t.db.select().from(refrigerants).where(eq(refrigerants.subscriberId, company.id)).orderBy(refrigerants.id);
    expect(gases.map((r) => `${r.name} ${r.kind} ${r.chargeThresholdPounds}`)).toEqual([
      'R-404A hfc 15', 'R-410A hfc 15', 'R-134a hfc 15', 'R-448A hfc 15', 'R-449A hfc 15', 'R-22 ozoneDepleting 50', 'R-290 natural null', 'R-744 natural null',
    ]);
    expect((await t.db.select({ name: voltages.name }).from(voltages).where(eq(voltages.subscriberId, company.id)).orderBy(voltages.id)).map((v) => v.name)).toEqual(['115V', '208-230V/1ph', '208-230V/3ph', '460V/3ph']);

    // The message waits in the outbox, from the new company, with a link under PUBLIC_URL; only the token's hash is kept.
    const { mail, token } = await linkTo('avery@lonestarcooling.example');
    expect(mail).toMatchObject({ subscriberId: company.id, status: 'queued', subject: 'Confirm your e-mail address for Lone Star Cooling', fromName: 'Lone Star Cooling' });
    expect(token).toHaveLength(43);
    expect(mail.html).toContain(`${PUBLIC_URL}/register/confirm/${token}`);
    expect(JSON.stringify(await t.db.select().from(userLinks))).not.toContain(token);

    const early = await login('avery', 'cold-rooms-at-dawn');
    expect(early.statusCode, early.body).toBe(403);
    expect(early.json().title).toBe('Your e-mail address is not confirmed yet. Open the link we sent to a…@lonestarcooling.example, then sign in.');
    // A wrong password still answers as any wrong password does: the refusal above says nothing to a guesser.
    expect((await login('avery', 'not-the-password-at-all')).statusCode).toBe(401);

    const ok = await confirm(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ userName: 'avery', companyName: 'Lone Star Cooling' });
    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toMatch(/^This address was already confirmed on \d{4}-\d{2}-\d{2}\. Sign in/);

    const signedIn = await login('AVERY', 'cold-rooms-at-dawn');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await send(t.app, { method: 'POST', url: '/api/v1/Account/validateUser', token: signedIn.json().accessToken });
    expect(me.json()).toMatchObject({ userName: 'avery', subscriberId: company.id, subscriberName: 'Lone Star Cooling', userRoles: ['Super Admin'] });
  });

  it('answers 410 for an expired link, and signing in then e-mails a new one that works', async () => {
    expect((await register(signup({ companyName: 'Gulf Freeze', userName: 'morgan', email: 'morgan@gulffreeze.example' }))).statusCode).toBe(200);
    const { token: first } = await linkTo('morgan@gulffreeze.example');
    const [morgan] = await t.db.select().from(users).where(eq(users.userName, 'morgan'));
    await t.db.update(userLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(userLinks.userId, morgan.id), eq(userLinks.purpose, 'emailConfirmation')));

    const expired = await confirm(first);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().title).toBe('This confirmation link has expired. Sign in with your user name and password, and we will send a new one.');
    expect((await t.db.select().from(users).where(eq(users.id, morgan.id)))[0].isEmailConfirmed).toBe(false);

    const refused = await login('morgan', 'cold-rooms-at-dawn');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().title).toContain('We sent a new one to m…@gulffreeze.example');
    const { token: second } = await linkTo('morgan@gulffreeze.example');
    expect(second).not.toBe(first);
    // A second refusal while the new link is open sends nothing more.
    await login('morgan', 'cold-rooms-at-dawn');
    expect((await t.db.select({ n: count() }).from(userLinks).where(and(eq(userLinks.userId, morgan.id), eq(userLinks.purpose, 'emailConfirmation'))))[0].n).toBe(2);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await login('morgan', 'cold-rooms-at-dawn')).statusCode).toBe(200);
  });

  it('answers 404 for a link it never sent and 400 for one that is not a link', async () => {
    const unknown = await confirm(randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().title).toBe('This confirmation link is not valid. Open the link from the e-mail as it was sent.');
    expect((await confirm('short')).statusCode).toBe(400);
  });

  it("gives the new company none of the demo companies' records, and lets it add a customer and a work order", async () => {
    const token = (await login('avery', 'cold-rooms-at-dawn')).json().accessToken as string;
    const grid = async () => {
      const res = await send(t.app, { method: 'POST', url: '/api/v1/WorkOrder/allWorkOrders', token, body: { take: 25 } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { workOrderNumber: string; customerName: string }[]; total: number };
    };
    expect(await grid()).toMatchObject({ data: [], total: 0 });
    const customers = await send(t.app, { method: 'POST', url: '/api/v1/Customer/customers', token, body: { take: 25 } });
    expect(customers.statusCode, customers.body).toBe(200);
    expect(customers.json().total).toBe(0);

    const customer = await send(t.app, { method: 'POST', url: '/api/v1/Customer/create', token, body: customerForm({ name: 'Deep Ellum Ice House' }) });
    expect(customer.statusCode, customer.body).toBe(200);
    const wo = await send(t.app, { method: 'POST', url: '/api/v1/WorkOrder/create', token, body: { customerId: customer.json().customerId, problem: 'Ice machine not harvesting' } });
    expect(wo.statusCode, wo.body).toBe(200);
    const page = await grid();
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ workOrderNumber: wo.json().workOrderNumber, customerName: 'Deep Ellum Ice House' });

    // And the demo company sees nothing of it.
    const polar = await t.call('GET', `/api/v1/Customer/${customer.json().customerId}`, 'dispatcher');
    expect(polar.statusCode).toBe(404);
  });

  it("lets its Super Admin open every page: whatever the demo company's Super Admin reads, it reads too", async () => {
    const token = (await login('avery', 'cold-rooms-at-dawn')).json().accessToken as string;
    const gets = t.app.routeTable.filter((r) => r.method === 'GET' && /^\/api\/v1\//.test(r.url) && !r.url.includes(':'));
    expect(gets.length).toBeGreaterThan(20);
    const differ: string[] = [];
    for (const r of gets) {
      const demo = await t.call('GET', r.url, 'admin');
      const mine = await send(t.app, { method: 'GET', url: r.url, token });
      if (mine.statusCode >= 500 || (demo.statusCode < 300 && mine.statusCode >= 300)) differ.push(`${r.url}: ${demo.statusCode} for the demo, ${mine.statusCode} ${mine.body.slice(0, 120)}`);
    }
    expect(differ).toEqual([]);
  });

  it('refuses a user name (in any case) or an address already taken with 409, and writes nothing', async () => {
    const before = await companies();
    const name = await register(signup({ companyName: 'Copycat Air', userName: 'ADMIN', email: 'someone@copycat.example' }), '203.0.113.2');
    expect(name.statusCode).toBe(409);
    expect(name.json().title).toBe('The user name ADMIN is taken. Choose another one.');
    const email = await register(signup({ companyName: 'Copycat Air', userName: 'copycat', email: 'Avery@LoneStarCooling.example' }), '203.0.113.2');
    expect(email.statusCode).toBe(409);
    expect(email.json().title).toBe('An account with this e-mail address already exists. Sign in, or use another address.');
    expect(await companies()).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.userName, 'copycat'))).toEqual([]);
  });

  it('refuses bad input with 400 and the sentence that says what is wrong', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'short1234' }, PASSWORD_RULE],
      [{ password: 'Password123' }, PASSWORD_RULE],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'Time Zone must be a time zone name like America/Chicago.'],
      [{ address: { street: '1 Main St', city: 'Dallas', state: 'Texas', zip: '75201' } }, 'State must be two letters, like TX.'],
      [{ address: undefined }, 'Address field is required!'],
      [{ email: 'not-an-address' }, 'Email is not a valid e-mail address, like office@example.com.'],
      [{ companyName: '   ' }, 'Company Name field is required!'],
    ];
    const before = await companies();
    for (const [over, sentence] of cases) {
      const res = await register(signup({ companyName: 'Bad Input Co', userName: 'badinput', email: 'x@badinput.example', ...over }), '203.0.113.3');
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().title, JSON.stringify(over)).toBe(sentence);
    }
    expect(await companies()).toBe(before);
  });

  it('counts sign-ups per address: the eleventh in a minute is refused with 429', async () => {
    for (let i = 0; i < 10; i++) expect((await register({}, '203.0.113.4')).statusCode).toBe(400);
    const res = await register(signup({ userName: 'burst', email: 'burst@burst.example' }), '203.0.113.4');
    expect(res.statusCode).toBe(429);
    expect(res.json().title).toBe('Too many sign-up attempts from this address. Please wait a minute and try again.');
  });

  it('is refused with 403 while public sign-up is closed', async () => {
    const before = await companies();
    const res = await register(signup({ companyName: 'Closed Door HVAC', userName: 'closed', email: 'closed@closeddoor.example' }), undefined, closed);
    expect(res.statusCode).toBe(403);
    expect(res.json().title).toBe(SIGNUP_CLOSED);
    expect(await companies()).toBe(before);
    const state = await send(closed, { method: 'GET', url: '/api/v1/Account/signupState' });
    expect(state.json()).toMatchObject({ publicSignup: false, needsSetup: false });
    expect((await send(t.app, { method: 'GET', url: '/api/v1/Account/signupState' })).json()).toMatchObject({ publicSignup: true, needsSetup: false });
  });

  it('offers no setup on a database that has companies', async () => {
    const done = await send(closed, { method: 'POST', url: '/api/v1/Account/setup', body: signup({ userName: 'late', email: 'late@late.example' }) });
    expect(done.statusCode).toBe(409);
    expect(done.json().title).toBe(SETUP_DONE);
    const open = await send(t.app, { method: 'POST', url: '/api/v1/Account/setup', body: signup({ userName: 'late', email: 'late@late.example' }) });
    expect(open.statusCode).toBe(403);
    expect(open.json().title).toBe(SETUP_NOT_OFFERED);
  });
});

/**
 * An empty database as a first start leaves it: migrated, with the shared reference rows and no company. On PGlite in
 * memory; with TEST_DRIVER=pg a database of its own on the test server, dropped at the end.
 */
async function openEmptyDatabase(): Promise<Database> {
  const database = inject('pgTemplate') ? await ownPgDatabase() : await openDatabase({ dataDir: null });
  await database.migrate();
  await seedReference(database.db);
  return database;
}

describe('the first run on an empty database, sign-up closed', () => {
  let empty: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    empty = await openEmptyDatabase();
    app = await buildApp({ db: empty.db, jwtSecret: TEST_SECRET, publicUrl: PUBLIC_URL });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await empty?.close();
  });

  it('says setup is needed, and nothing else answers without a sign-in', async () => {
    expect((await send(app, { method: 'GET', url: '/api/v1/Account/signupState' })).json()).toMatchObject({ publicSignup: false, needsSetup: true });
    expect((await send(app, { method: 'POST', url: '/api/v1/WorkOrder/allWorkOrders', body: { take: 25 } })).statusCode).toBe(401);
    expect((await register(signup(), undefined, app)).statusCode).toBe(403);
  });

  it('creates one company when two setups arrive at once, signs its Super Admin in, and answers 409 after', async () => {
    const [a, b] = await Promise.all([
      send(app, { method: 'POST', url: '/api/v1/Account/setup', body: signup({ companyName: 'First Cold', userName: 'first', email: 'first@firstcold.example' }) }),
      send(app, { method: 'POST', url: '/api/v1/Account/setup', body: signup({ companyName: 'Second Cold', userName: 'second', email: 'second@secondcold.example' }) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(lost.json().title).toBe(SETUP_DONE);
    expect(await empty.db.select({ name: subscribers.name }).from(subscribers)).toHaveLength(1);
    expect(await empty.db.select({ userName: users.userName, isEmailConfirmed: users.isEmailConfirmed }).from(users)).toEqual([
      { userName: a.statusCode === 200 ? 'first' : 'second', isEmailConfirmed: true },
    ]);

    const me = await send(app, { method: 'POST', url: '/api/v1/Account/validateUser', token: won.json().accessToken });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().userRoles).toEqual(['Super Admin']);
    // Confirmed at once: no message is sent, and the password signs in.
    expect(await empty.db.select().from(emailOutbox)).toEqual([]);
    expect((await login(me.json().userName, 'cold-rooms-at-dawn', app)).statusCode).toBe(200);

    expect((await send(app, { method: 'GET', url: '/api/v1/Account/signupState' })).json()).toMatchObject({ publicSignup: false, needsSetup: false });
    const later = await send(app, { method: 'POST', url: '/api/v1/Account/setup', body: signup({ companyName: 'Third Cold', userName: 'third', email: 'third@thirdcold.example' }) });
    expect(later.statusCode).toBe(409);
    expect(await empty.db.select({ n: count() }).from(subscribers).where(eq(subscribers.name, 'Third Cold'))).toEqual([{ n: 0 }]);
  });
});
