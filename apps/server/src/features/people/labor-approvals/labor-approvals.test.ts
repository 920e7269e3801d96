import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, emailOutbox, laborApprovals, users, workOrderLabor, workOrders } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let workOrderId: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  const [tech2] = await t.db.select().from(users).where(eq(users.userName, 'tech2'));
  const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
  const [wo] = await t.db
    .insert(workOrders)
    .values({ subscriberId: site.subscriberId, workOrderNumber: 'LA-2001', customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 38, problem: 'Ice machine not making ice' })
    .returning();
  workOrderId = wo.id;
  const start = Date.now() - 30 * HOUR;
  await t.db.insert(workOrderLabor).values([
    { subscriberId: site.subscriberId, workOrderId, userId: tech.id, startedAt: new Date(start), stoppedAt: new Date(start + 2.5 * HOUR), description: 'Descaled the ice machine and replaced the water valve.' },
    { subscriberId: site.subscriberId, workOrderId, userId: tech.id, startedAt: new Date(start + 3 * HOUR), stoppedAt: new Date(start + 3.75 * HOUR), description: 'Tested the harvest cycle.' },
    // Still on site: not part of what the customer is asked to approve.
    { subscriberId: site.subscriberId, workOrderId, userId: tech2.id, startedAt: new Date(Date.now() - HOUR), stoppedAt: null },
  ]);
});
afterAll(() => t.close());

const ask = (body: Record<string, unknown> = {}, as = 'dispatcher') => t.call('POST', '/api/v1/WorkOrder/laborApprovals', as, { workOrderId, ...body });
const read = (guid: string) => t.call('GET', `/api/v1/WorkOrderLaborApproval/${guid}`, null);
const answer = (guid: string, body: Record<string, unknown>) => t.call('POST', `/api/v1/WorkOrderLaborApproval/${guid}`, null, body);

describe('labor approval by the customer', () => {
  let guid: string;

  it("e-mails the customer an unguessable link to the finished labor, and keeps only the link's fingerprint", async () => {
    const res = await ask({ email: 'store112@freshmart.example' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    guid = created.workOrderLaborApprovalGuid;
    expect(guid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ status: 'Pending', laborCount: 2, sentTo: 'store112@freshmart.example', requestedByName: 'Dana Whitfield', path: `/workOrderLaborApprove/${guid}` });
    const [mail] = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail.to).toEqual(['store112@freshmart.example']);
    expect(mail.subject).toBe('Please approve the labor of work order LA-2001');
    expect(mail.text).toContain(`/workOrderLaborApprove/${guid}`);
    const [row] = await t.db.select().from(laborApprovals).where(eq(laborApprovals.workOrderId, workOrderId));
    expect(JSON.stringify(row)).not.toContain(guid);
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain(guid);
  });

  it('replaces a link still waiting with a new one', async () => {
    const first = guid;
    const res = await ask();
    expect(res.statusCode, res.body).toBe(200);
    guid = res.json().workOrderLaborApprovalGuid;
    expect((await read(first)).json().status).toBe('Expired');
    expect((await read(guid)).json().status).toBe('Pending');
  });

  it('shows the customer the labor without a sign-in; other links are refused with one sentence', async () => {
    const res = await read(guid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ companyName: 'Polar Refrigeration', workOrderNumber: 'LA-2001', siteName: 'FreshMart #112 Lakewood', status: 'Pending', totalMinutes: 195 });
    expect(res.json().labor.map((l: { technicianName: string; minutes: number }) => [l.technicianName, l.minutes])).toEqual([['Tom Alvarez', 150], ['Tom Alvarez', 45]]);
    for (const bad of ['abc', `${guid.slice(0, -1)}${guid.endsWith('A') ? 'B' : 'A'}`, 'x'.repeat(43)]) {
      const refused = await read(bad);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('This approval link is not valid. Ask the company that sent it for a new one.');
    }
  });

  it('takes one answer: a dispute needs a comment, an approval names who approved, and a second answer is refused', async () => {
    const before = await dbFingerprint(t.db);
    const bad = await answer(guid, { decision: 'Disputed', approverName: 'Dana Lopez' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Comment field is required!');
    expect((await answer(guid, { decision: 'Maybe', approverName: 'Dana Lopez' })).json().message).toBe('Decision must be Approved or Disputed.');
    expect(await dbFingerprint(t.db)).toBe(before);

    const res = await answer(guid, { decision: 'Approved', approverName: '  Dana Lopez, store manager ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Approved', approverName: 'Dana Lopez, store manager' });
    const again = await answer(guid, { decision: 'Disputed', approverName: 'Someone else', comment: 'Too long' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^This labor was already approved by Dana Lopez, store manager on \d{4}-\d{2}-\d{2}\.$/);

    const list = (await t.call('GET', `/api/v1/WorkOrder/laborApprovals/${workOrderId}`, 'dispatcher')).json();
    expect(list).toEqual([expect.objectContaining({ status: 'Approved', approverName: 'Dana Lopez, store manager', laborCount: 2 }), expect.objectContaining({ status: 'Expired', sentTo: 'store112@freshmart.example' })]);
    const none = await ask();
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe("Work order LA-2001 has no finished labor waiting for the customer's approval.");
    expect((await t.call('GET', `/api/v1/WorkOrder/laborApprovals/${workOrderId}`, 'coastal.admin')).statusCode).toBe(404);
  });

  it('expires: the link then shows that it has, and takes no answer', async () => {
    // The technician still on site clocks out: his labor can be asked for.
    await t.db.update(workOrderLabor).set({ stoppedAt: new Date() }).where(eq(workOrderLabor.workOrderId, workOrderId));
    const res = await ask();
    expect(res.json().laborCount).toBe(1);
    const late = res.json().workOrderLaborApprovalGuid;
    await t.db.update(laborApprovals).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(laborApprovals.id, res.json().laborApprovalId));
    expect((await read(late)).json().status).toBe('Expired');
    const refused = await answer(late, { decision: 'Approved', approverName: 'Dana Lopez' });
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe('This approval link has expired. Ask the company that sent it for a new one.');
  });

  it('answers too many guesses from one address with 429', async () => {
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) status = (await read('y'.repeat(43))).statusCode;
    expect(status).toBe(429);
    expect((await read(guid)).json().message).toBe('Too many requests from this address. Please wait a minute and try again.');
  });
});
