import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@sm/shared';
import { auditLog, collectionTasks, scheduledJobs, users } from '../../../db/schema';
import { runDueJobs, scheduleJob } from '../../platform/jobs/job-runner';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { billingCustomer, invoiceOf, polarOf } from './collection-fixtures';
import { makeCollectionTasks } from './collection-tasks.service';
import { CREDIT_HOLD_JOB, creditHoldKey } from './credit-hold-rule.job';

let t: TestApp;
let polar: Awaited<ReturnType<typeof polarOf>>;
let late: Awaited<ReturnType<typeof billingCustomer>>;
let adminId: number;
const inv: Record<string, Awaited<ReturnType<typeof invoiceOf>>> = {};

const add = async (list: string, body: Record<string, unknown>) => {
  const res = await t.call('POST', `/api/v1/ReferenceList/${list}`, 'admin', { isActive: true, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const tasksOf = async (query: string, as = 'admin') => {
  const res = await t.call('GET', `/api/v1/Collection/tasks?${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  polar = await polarOf(t);
  [{ id: adminId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
  late = await billingCustomer(t, polar.subscriberId, 'Task Test Diner', polar.net30Id);
  // Net 30: 45 days ago is 15 days past due (1-30); 10 days ago is not yet due.
  inv.oldest = await invoiceOf(t, polar.subscriberId, late.id, polar.today, 45, '120.10');
  inv.recent = await invoiceOf(t, polar.subscriberId, late.id, polar.today, 10, '30.05');
  // The company starts with a template a bucket ('Friendly reminder call' for 1-30, due in 3 days) and the demo gives
  // its 1-30 tasks to the admin.
  await add('collectionTaskTemplates', { name: 'Reminder e-mail', bucket: 'days1to30', action: 'email', dueInDays: 0 });
  await add('collectionTaskTemplates', { name: 'Retired call', bucket: 'days1to30', action: 'call', dueInDays: 1, isActive: false });
});
afterAll(() => t.close());

describe('collection tasks', () => {
  it("makes the active templates of the customer's oldest bucket, assigned, owed to the cent, and nothing twice", async () => {
    const run = await t.call('POST', '/api/v1/Collection/tasks/run', 'admin');
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().tasksCreated).toBeGreaterThanOrEqual(2);
    const page = await tasksOf(`customerId=${late.id}`);
    expect(page.total).toBe(2);
    expect(page.asOf).toBe(polar.today);
    const call = page.data.find((x: { name: string }) => x.name === 'Friendly reminder call');
    expect(call).toMatchObject({
      customerName: 'Task Test Diner', action: 'call', bucket: 'days1to30', instructions: 'Confirm the invoice was received and ask when it will be paid.',
      invoiceNumber: inv.oldest.invoiceNumber, balance: 150.15, dueDate: addDays(polar.today, 3), assignedUserId: adminId, assignedUserName: 'Alicia Moreno', isDone: false, outcome: null,
    });
    expect(page.data.map((x: { name: string }) => x.name).sort()).toEqual(['Friendly reminder call', 'Reminder e-mail']);
    // Open tasks come by due day: today's e-mail before the call due in three days.
    expect(page.data[0].name).toBe('Reminder e-mail');
    // A second run, by the route or by the nightly job, makes nothing again.
    expect((await t.call('POST', '/api/v1/Collection/tasks/run', 'admin')).json().tasksCreated).toBe(0);
    await scheduleJob(t.db, { kind: CREDIT_HOLD_JOB, runAt: new Date(), subscriberId: polar.subscriberId, dedupeKey: creditHoldKey(polar.subscriberId) });
    await runDueJobs(t.db, { now: new Date() });
    expect((await tasksOf(`customerId=${late.id}&state=all`)).total).toBe(2);
    const next = await t.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.dedupeKey, creditHoldKey(polar.subscriberId)), eq(scheduledJobs.status, 'queued')));
    expect(next).toHaveLength(1);
    // Two runs at once make each task once (the unique key).
    await t.db.delete(collectionTasks).where(eq(collectionTasks.customerId, late.id));
    const both = await Promise.all([0, 1].map(() => t.db.transaction((tx) => makeCollectionTasks(tx, polar.subscriberId, new Date()))));
    expect(both.reduce((n, r) => n + r.tasksCreated, 0)).toBeGreaterThanOrEqual(2);
    expect((await tasksOf(`customerId=${late.id}&state=all`)).total).toBe(2);
  });

  it("shows a person the tasks given to them with 'mine', and refuses those without Collection", async () => {
    const mine = await tasksOf(`mine=true&customerId=${late.id}`);
    expect(mine.total).toBe(2);
    expect((await t.call('GET', '/api/v1/Collection/tasks', 'tech')).statusCode).toBe(403);
    const [task] = (await tasksOf(`customerId=${late.id}`)).data;
    const refused = await t.call('PUT', `/api/v1/Collection/tasks/${task.taskId}/result`, 'tech', { outcome: 'noAnswer' });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/Collection/tasks?state=later', 'admin')).json().message).toBe('State must be one of open, done, all.');
  });

  it('records a result once: a promise needs its day and amount, and a second result is refused', async () => {
    const call = (await tasksOf(`customerId=${late.id}`)).data.find((x: { name: string }) => x.name === 'Friendly reminder call');
    const url = `/api/v1/Collection/tasks/${call.taskId}/result`;
    const missing = await t.call('PUT', url, 'admin', { outcome: 'promiseToPay', note: 'Friday' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { message: string }) => e.message)).toEqual(['Promise date field is required!', 'Promised amount field is required!']);
    expect((await tasksOf(`customerId=${late.id}`)).data.find((x: { taskId: number }) => x.taskId === call.taskId).isDone).toBe(false);
    const promiseDate = addDays(polar.today, 7);
    const done = await t.call('PUT', url, 'admin', { outcome: 'promiseToPay', note: 'Pays Friday', promiseDate, promiseAmount: 120.1 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ isDone: true, outcome: 'promiseToPay', promiseDate, promiseAmount: 120.1, note: 'Pays Friday', doneByName: 'Alicia Moreno' });
    const again = await t.call('PUT', url, 'admin', { outcome: 'noAnswer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This task was already done by Alicia Moreno: reload to see its result.');
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'collectionTask'), eq(auditLog.entityId, call.taskId)));
    expect(audits).toHaveLength(1);
    expect((await tasksOf(`customerId=${late.id}&state=done`)).data.map((x: { taskId: number }) => x.taskId)).toEqual([call.taskId]);
    expect((await tasksOf(`customerId=${late.id}`)).total).toBe(1);
  });

  it('starts over when the oldest invoice is paid and another falls past due', async () => {
    const paid = await t.call('POST', `/api/v1/Invoice/${inv.oldest.id}/payments`, 'admin', { amount: 120.1, paymentMethod: 'Check', paidOn: polar.today });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await t.call('POST', '/api/v1/Collection/tasks/run', 'admin')).json().tasksCreated).toBe(0);
    const next = await invoiceOf(t, polar.subscriberId, late.id, polar.today, 40, '9.99');
    await t.call('POST', '/api/v1/Collection/tasks/run', 'admin');
    const fresh = (await tasksOf(`customerId=${late.id}&state=all`)).data.filter((x: { invoiceNumber: number }) => x.invoiceNumber === next.invoiceNumber);
    expect(fresh.map((x: { name: string }) => x.name).sort()).toEqual(['Friendly reminder call', 'Reminder e-mail']);
    expect(fresh[0].balance).toBe(40.04);
  });

  it('names an aging bucket in the sentence when a second assignment takes it', async () => {
    const res = await t.call('POST', '/api/v1/ReferenceList/collectionTaskAssignments', 'admin', { name: 'Second early', bucket: 'days1to30', userId: adminId, isActive: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('1-30 days past due already has an assignment, Early reminders: an aging bucket has at most one assignment.');
  });
});
