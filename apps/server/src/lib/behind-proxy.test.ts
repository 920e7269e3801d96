import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, emailOutbox, subscribers, users, workOrderLabor, workOrders } from '../db/schema';
import { enqueueEmail } from '../features/platform/email-outbox/enqueue-email.service';
import { startOutboxWorker } from '../features/platform/email-outbox/outbox-worker';
import { startSmtpSink, waitUntil } from '../test/smtp-sink';
import { createTestApp, type TestApp } from '../test/test-app';
import { readEnv } from './env';

/** The environment of a server process, read as at start-up (a secret given, so nothing is written to disk). */
const envOf = (vars: Record<string, string>) => readEnv({ JWT_SECRET: 'behind-proxy-secret', ...vars });
const closing: TestApp[] = [];
afterAll(() => Promise.all(closing.map((t) => t.close())));
async function appWith(vars: Record<string, string>, extra: Parameters<typeof createTestApp>[0] = {}) {
  const env = envOf(vars);
  const t = await createTestApp({ trustProxy: env.trustProxy, publicUrl: env.publicUrl, ...extra });
  closing.push(t);
  return t;
}

describe('TRUST_PROXY and PUBLIC_URL as read at start-up', () => {
  it('trusts no proxy unless told, and takes true, a hop count or a list of addresses and networks', () => {
    expect(envOf({}).trustProxy).toBe(false);
    expect(envOf({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(envOf({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(envOf({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(envOf({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(envOf({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(envOf({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(envOf({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback']);
  });

  it('refuses a TRUST_PROXY it cannot read, with a sentence naming the bad part', () => {
    expect(() => envOf({ TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY must be true, a number of proxies, or a comma-separated list of addresses or networks (e.g. 10.0.0.0/8); "yes" is none of these');
    expect(() => envOf({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('"10.0.0.0/33"');
    expect(() => envOf({ TRUST_PROXY: '10.0.0.1,,10.0.0.2' })).toThrow('""');
    expect(() => envOf({ TRUST_PROXY: '-1' })).toThrow('"-1"');
  });

  it('takes PUBLIC_URL without its trailing slash, and defaults to this machine on PORT', () => {
    expect(envOf({}).publicUrl).toBe('http://localhost:3000');
    expect(envOf({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(envOf({ PUBLIC_URL: 'https://app.example.com/' }).publicUrl).toBe('https://app.example.com');
    expect(envOf({ PUBLIC_URL: 'https://example.com/service/' }).publicUrl).toBe('https://example.com/service');
    expect(envOf({ PUBLIC_URL: 'HTTPS://App.Example.com:8443' }).publicUrl).toBe('https://app.example.com:8443');
  });

  it('refuses a PUBLIC_URL that is not an absolute http(s) address without query or fragment', () => {
    for (const bad of ['app.example.com', '/relative', 'ftp://app.example.com', 'https://app.example.com/?a=1', 'https://app.example.com/#top', 'https://user:pass@app.example.com', 'https://']) {
      expect(() => envOf({ PUBLIC_URL: bad }), bad).toThrow(/^PUBLIC_URL must be/);
    }
  });
});

describe('sign-in limits behind a proxy', () => {
  const LB = '10.0.0.2';
  const signIn = (t: TestApp, userName: string, password: string, forwardedFor: string, remoteAddress = LB) =>
    t.app.inject({ method: 'POST', url: '/api/v1/Account/login', payload: { userName, password }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });

  it('with TRUST_PROXY, counts failed sign-ins per client of X-Forwarded-For: 20 failures from one do not block another', async () => {
    const t = await appWith({ TRUST_PROXY: '1' }, { loginFailuresPerAddress: 20 });
    for (let i = 0; i < 20; i++) expect((await signIn(t, `nobody${i}`, 'wrong', '203.0.113.5')).statusCode).toBe(401);
    const refused = await signIn(t, 'tech', 'demo1234', '203.0.113.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many failed sign-in attempts from this address. Please wait a minute and try again.');
    expect((await signIn(t, 'tech', 'demo1234', '203.0.113.6')).statusCode).toBe(200);
    // One proxy trusted: an address the client wrote in front of the proxy's own is not believed.
    expect((await signIn(t, 'tech', 'demo1234', '198.51.100.77, 203.0.113.5')).statusCode).toBe(429);
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For: a client cannot name itself around the limit', async () => {
    const t = await appWith({}, { loginFailuresPerAddress: 20 });
    for (let i = 0; i < 20; i++) expect((await signIn(t, `nobody${i}`, 'wrong', `203.0.113.${i + 1}`, '198.51.100.20')).statusCode).toBe(401);
    const refused = await signIn(t, 'tech', 'demo1234', '203.0.113.99', '198.51.100.20');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many failed sign-in attempts from this address. Please wait a minute and try again.');
  });
});

describe('e-mailed links are on PUBLIC_URL', () => {
  let t: TestApp;
  let workOrderId: number;
  beforeAll(async () => {
    t = await appWith({ PUBLIC_URL: 'https://app.example.com/', TRUST_PROXY: 'true' });
    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
    const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
    const [wo] = await t.db
      .insert(workOrders)
      .values({ subscriberId: site.subscriberId, workOrderNumber: 'PX-3001', customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 38, problem: 'Walk-in cooler warm' })
      .returning();
    workOrderId = wo.id;
    const start = Date.now() - 30 * 3_600_000;
    await t.db.insert(workOrderLabor).values({ subscriberId: site.subscriberId, workOrderId, userId: tech.id, startedAt: new Date(start), stoppedAt: new Date(start + 3_600_000), description: 'Replaced the door gasket.' });
  });

  it("builds the customer's labor approval link on PUBLIC_URL, never on a forged Host or X-Forwarded-Host", async () => {
    const res = await t.call('POST', '/api/v1/WorkOrder/laborApprovals', 'dispatcher', { workOrderId, email: 'store112@freshmart.example' }, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil-forwarded.example', 'x-forwarded-proto': 'http' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const guid = res.json().workOrderLaborApprovalGuid;
    const [mail] = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    const link = `https://app.example.com/workOrderLaborApprove/${guid}`;
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(`${mail.html}${mail.text}`).not.toMatch(/evil|http:\/\//);
  });

  it("sends the product's own addresses in a message (an uploaded picture, a page) on PUBLIC_URL, others as written", async () => {
    const sink = await startSmtpSink();
    const [{ id: subscriberId }] = await t.db.select({ id: subscribers.id }).from(subscribers).orderBy(subscribers.id).limit(1);
    const { emailOutboxId } = await enqueueEmail(t.db, {
      subscriberId,
      to: ['office@lonestar.example'],
      subject: 'Our new van',
      html: '<p><img src="/api/v1/Files/content?token=abc.def" alt="van"> <a href="/workOrders/PX-3001">PX-3001</a> <a href="https://maps.example/x">map</a> <a href="mailto:a@b.example">mail</a></p>',
    });
    const worker = startOutboxWorker({ db: t.db, smtpUrl: sink.url, log: { info: () => undefined, warn: () => undefined, error: () => undefined }, pollMs: 100, publicUrl: envOf({ PUBLIC_URL: 'https://app.example.com/' }).publicUrl });
    try {
      await waitUntil(async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, emailOutboxId)))[0].status === 'sent', 'the message to be sent');
      const html = sink.received.find((m) => m.subject === 'Our new van')!.html as string;
      expect(html).toContain('src="https://app.example.com/api/v1/Files/content?token=abc.def"');
      expect(html).toContain('href="https://app.example.com/workOrders/PX-3001"');
      expect(html).toContain('href="https://maps.example/x"');
      expect(html).toContain('href="mailto:a@b.example"');
    } finally {
      await worker.stop();
      await sink.close();
    }
  });
});
