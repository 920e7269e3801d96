import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, idempotencyKeys, payPeriodLocks, requestConflicts, users, workOrderLabor } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
type Row = { workOrderId: number; workOrderNumber: string; customerName: string; billingCompanyId: number };
let tech2Rows: Row[];
const ids: Record<string, number> = {};

const mine = async (as: string) => (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', as, { take: 100 })).json().data as Row[];
const startBody = (workOrderId: number, at = new Date(), extra: object = {}) => ({ workOrderId, startTime: at.toISOString(), isReachedAtSite: true, ...extra });
const stopBody = (workOrderId: number, workOrderLaborId: number) => ({ workOrderId, workOrderLaborId, description: 'Cleaned the coils.', userStatusId: 3, workOrderStatusId: 38 });
const kept = (key: string, deviceTime?: Date) => ({ headers: { 'idempotency-key': key, ...(deviceTime && { 'x-device-time': deviceTime.toISOString() }) } });
const send = (path: string, as: string, body: object, key: string, deviceTime?: Date) => t.call('POST', `/api/v1/WOStartStop/${path}`, as, body, kept(key, deviceTime));
const laborOf = (userName: string) => t.db.select().from(workOrderLabor).where(eq(workOrderLabor.userId, ids[userName]));
const openLaborOf = async (userName: string) => (await laborOf(userName)).filter((l) => l.stoppedAt === null);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** Three sends of one request: all answers the same, status and body. */
async function thrice(path: string, as: string, body: object, key: string, deviceTime?: Date) {
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await send(path, as, body, key, deviceTime));
  expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
  expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  return answers[0].json();
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.select({ id: users.id, userName: users.userName }).from(users)) ids[u.userName] = u.id;
  tech2Rows = await mine('tech2');
});
afterAll(() => t.close());

describe('a clock action sent three times with one Idempotency-Key has one effect', () => {
  let laborId: number;

  it('clocks in once, and answers the same three times', async () => {
    const before = (await laborOf('tech2')).length;
    const answer = await thrice('clockInWorkOrder', 'tech2', startBody(tech2Rows[0].workOrderId), 'in-0001');
    laborId = answer.workOrderLaborId;
    expect(await laborOf('tech2')).toHaveLength(before + 1);
    expect(await openLaborOf('tech2')).toEqual([expect.objectContaining({ id: laborId, workOrderId: tech2Rows[0].workOrderId })]);
    const [{ n }] = await t.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.entity, 'workOrderLabor'), eq(auditLog.entityId, laborId)));
    expect(n).toBe(1);
  });

  it('refuses the same key with other content, and changes nothing', async () => {
    const res = await send('clockInWorkOrder', 'tech2', startBody(tech2Rows[1].workOrderId), 'in-0001');
    expect(res.statusCode).toBe(422);
    expect(res.json().title).toBe('This request was already sent with other content. Send new content with a new Idempotency-Key.');
    expect(await openLaborOf('tech2')).toEqual([expect.objectContaining({ id: laborId })]);
  });

  it('finishes and starts the next once', async () => {
    const before = (await laborOf('tech2')).length;
    const answer = await thrice('clockOutAndStartWorkOrder', 'tech2', { ...stopBody(tech2Rows[0].workOrderId, laborId), newWorkOrderId: tech2Rows[1].workOrderId }, 'next-0001');
    expect(await laborOf('tech2')).toHaveLength(before + 1);
    expect(await openLaborOf('tech2')).toEqual([expect.objectContaining({ id: answer.workOrderLaborId, workOrderId: tech2Rows[1].workOrderId })]);
    laborId = answer.workOrderLaborId;
  });

  it('clocks out once: a second clock-out with the same key is the first answer, not "already clocked out"', async () => {
    await thrice('clockOutWorkOrder', 'tech2', stopBody(tech2Rows[1].workOrderId, laborId), 'out-0001');
    expect(await openLaborOf('tech2')).toEqual([]);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'workOrderLabor'), eq(auditLog.entityId, laborId), eq(auditLog.action, 'clock-out')));
    expect(audits).toHaveLength(1);
  });

  it('lets one of two identical sends at once through, and both read one answer', async () => {
    const before = (await laborOf('tech2')).length;
    const body = startBody(tech2Rows[2].workOrderId);
    const answers = await Promise.all([0, 1, 2].map(() => send('clockInWorkOrder', 'tech2', body, 'in-0002')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().workOrderLaborId)).size).toBe(1);
    expect(await laborOf('tech2')).toHaveLength(before + 1);
    const [{ n }] = await t.db.select({ n: count() }).from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, ids.tech2), eq(idempotencyKeys.key, 'in-0002')));
    expect(n).toBe(1);
  });

  it('answers a second clock-in elsewhere with the conflict, once, and keeps it for the office', async () => {
    const body = startBody(tech2Rows[3].workOrderId);
    const answers = [await send('clockInWorkOrder', 'tech2', body, 'in-0003'), await send('clockInWorkOrder', 'tech2', body, 'in-0003')];
    expect(answers.map((a) => a.statusCode)).toEqual([409, 409]);
    expect(answers[0].body).toBe(answers[1].body);
    expect(answers[0].json().title).toBe(`You are still clocked in on work order ${tech2Rows[2].workOrderNumber}. Finish it before starting another.`);
    const conflicts = await t.db.select().from(requestConflicts).where(eq(requestConflicts.idempotencyKey, 'in-0003'));
    expect(conflicts).toEqual([expect.objectContaining({ kind: 'laborOpen', userId: ids.tech2, state: 'open' })]);
  });
});

describe('the device time', () => {
  it('starts labor when the phone was clocked in, and records when the server heard of it', async () => {
    const row = (await mine('coastal.tech'))[0];
    const at = minutesAgo(20);
    const res = await send('clockInWorkOrder', 'coastal.tech', startBody(row.workOrderId, at), 'late-0001', at);
    expect(res.statusCode, res.body).toBe(200);
    const [labor] = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.id, res.json().workOrderLaborId));
    expect(labor.startedAt.getTime()).toBe(at.getTime());
    expect(labor.startDeviceTime!.getTime()).toBe(at.getTime());
    expect(Math.abs(labor.startReceivedAt!.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a clock-out the device says came before the labor started', async () => {
    const [open] = await openLaborOf('coastal.tech');
    const res = await send('clockOutWorkOrder', 'coastal.tech', stopBody(open.workOrderId, open.id), 'early-0001', minutesAgo(30));
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toMatch(/^The clock-out time .+ is before this labor entry's start at .+\.$/);
    expect(await openLaborOf('coastal.tech')).toHaveLength(1);
  });

  it('stops labor at the device time', async () => {
    const [open] = await openLaborOf('coastal.tech');
    const at = minutesAgo(5);
    const res = await send('clockOutWorkOrder', 'coastal.tech', stopBody(open.workOrderId, open.id), 'stop-0001', at);
    expect(res.statusCode, res.body).toBe(200);
    const [labor] = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.id, open.id));
    expect([labor.stoppedAt!.getTime(), labor.stopDeviceTime!.getTime()]).toEqual([at.getTime(), at.getTime()]);
    expect(labor.stopReceivedAt!.getTime()).toBeGreaterThan(at.getTime());
  });

  it('refuses a device time in the future, or older than 7 days, with a sentence', async () => {
    const row = (await mine('coastal.tech'))[0];
    const ahead = new Date(Date.now() + 10 * 60_000);
    const future = await send('clockInWorkOrder', 'coastal.tech', startBody(row.workOrderId, ahead), 'future-0001', ahead);
    expect([future.statusCode, future.json().title]).toEqual([400, "Device time cannot be in the future: check the phone's clock."]);
    const old = minutesAgo(8 * 24 * 60);
    const stale = await send('clockInWorkOrder', 'coastal.tech', startBody(row.workOrderId, old), 'old-0001', old);
    expect([stale.statusCode, stale.json().title]).toEqual([400, 'Device time is more than 7 days old: this action can no longer be sent. Ask the office to enter it.']);
    const bad = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'coastal.tech', startBody(row.workOrderId), { headers: { 'idempotency-key': 'has spaces' } });
    expect([bad.statusCode, bad.json().title]).toEqual([400, 'Idempotency-Key must be 1 to 100 letters, digits, - or _.']);
    expect(await openLaborOf('coastal.tech')).toEqual([]);
  });
});

describe('conflicts the office resolves', () => {
  let conflictId: number;
  const at = minutesAgo(2);

  it('answers a clock-in inside a locked pay period with 409 and keeps a conflict', async () => {
    const [coastal] = await t.db.select({ subscriberId: users.subscriberId }).from(users).where(eq(users.id, ids['coastal.admin']));
    // The technician's current work status starts after the lock, as it would the week after a locked period.
    expect((await t.call('GET', '/api/v1/User/updatestatus/3', 'coastal.tech')).statusCode).toBe(200);
    await t.db.insert(payPeriodLocks).values({
      subscriberId: coastal.subscriberId, startsOn: '2001-01-01', endsOn: '2001-01-02', startsAt: minutesAgo(60), endsAt: minutesAgo(1), lockedBy: ids['coastal.admin'],
    });
    const row = (await mine('coastal.tech'))[0];
    const first = await send('clockInWorkOrder', 'coastal.tech', startBody(row.workOrderId, at), 'locked-0001', at);
    expect(first.statusCode).toBe(409);
    expect(first.json().title).toBe(`Your action of ${at.toISOString()} falls in a locked pay period, so it was not recorded. The office has been told and will correct your time.`);
    const again = await send('clockInWorkOrder', 'coastal.tech', startBody(row.workOrderId, at), 'locked-0001', at);
    expect([again.statusCode, again.body]).toEqual([409, first.body]);
    expect(await openLaborOf('coastal.tech')).toEqual([]);
    const list = await t.call('GET', '/api/v1/WOStartStop/conflicts?state=open', 'coastal.admin');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ kind: 'lockedPayPeriod', userId: ids['coastal.tech'], userName: 'Kevin Osei', message: first.json().title, deviceTime: at.toISOString(), method: 'POST', body: expect.objectContaining({ workOrderId: row.workOrderId }), workOrderNumber: row.workOrderNumber }),
    ]);
    conflictId = list.json()[0].conflictId;
  });

  it('keeps conflicts within their company', async () => {
    expect((await t.call('GET', '/api/v1/WOStartStop/conflicts', 'admin')).json().map((c: { conflictId: number }) => c.conflictId)).not.toContain(conflictId);
    const res = await t.call('POST', `/api/v1/WOStartStop/conflicts/${conflictId}/resolve`, 'admin', { action: 'dismiss' });
    expect([res.statusCode, res.json().title]).toEqual([404, 'Conflict was not found.']);
    expect((await t.call('GET', '/api/v1/WOStartStop/conflicts', 'coastal.tech')).statusCode).toBe(403);
  });

  it('applies the request as the technician at a corrected time, once the office chose one outside the lock', async () => {
    const refused = await t.call('POST', `/api/v1/WOStartStop/conflicts/${conflictId}/resolve`, 'coastal.admin', { action: 'apply' });
    expect(refused.statusCode).toBe(409);
    const corrected = new Date();
    const res = await t.call('POST', `/api/v1/WOStartStop/conflicts/${conflictId}/resolve`, 'coastal.admin', { action: 'apply', deviceTime: corrected.toISOString(), note: 'Started after the lock' });
    expect(res.statusCode, res.body).toBe(200);
    const [open] = await openLaborOf('coastal.tech');
    expect(open.startedAt.getTime()).toBe(corrected.getTime());
    expect(open.startDeviceTime!.getTime()).toBe(at.getTime());
    const [c] = await t.db.select().from(requestConflicts).where(eq(requestConflicts.id, conflictId));
    expect(c).toMatchObject({ state: 'applied', resolvedBy: ids['coastal.admin'], resolution: 'Started after the lock' });
    const twice = await t.call('POST', `/api/v1/WOStartStop/conflicts/${conflictId}/resolve`, 'coastal.admin', { action: 'dismiss' });
    expect([twice.statusCode, twice.json().title]).toEqual([409, 'This conflict is already resolved.']);
  });

  it('answers a kept clock-in on a work order reassigned meanwhile as a conflict, not as not found', async () => {
    const [open] = await openLaborOf('tech2');
    expect((await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech2', stopBody(open.workOrderId, open.id))).statusCode).toBe(200);
    const theirs = new Set(tech2Rows.map((r) => r.workOrderId));
    const target = (await mine('tech')).find((r) => !theirs.has(r.workOrderId))!;
    const kept409 = await send('clockInWorkOrder', 'tech2', startBody(target.workOrderId), 'moved-0001', new Date());
    expect(kept409.statusCode).toBe(409);
    expect(kept409.json().title).toBe(`Work order ${target.workOrderNumber} was assigned to someone else while your phone was offline, so this was not recorded. The office has been told and will sort it out.`);
    expect(await t.db.select().from(requestConflicts).where(eq(requestConflicts.idempotencyKey, 'moved-0001'))).toEqual([expect.objectContaining({ kind: 'workOrderChanged' })]);
    const direct = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech2', startBody(target.workOrderId));
    expect(direct.statusCode).toBe(404);
  });
});
