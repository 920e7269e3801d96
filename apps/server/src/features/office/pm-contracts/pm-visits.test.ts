import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, WORK_ORDER_STATUS, type PmBoardAnswer, type PmVisitsAnswer } from '@sm/shared';
import { workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dateIn } from '../../platform/subscribers/company-time';
import { generatePmBatch } from './pm-generation.service';
import { insertContract, pmCompany, type PmCompany } from './pm-test-contracts';

let t: TestApp;
let polar: PmCompany;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  polar = await pmCompany(t.db, 'Polar Refrigeration', 'tech', 'admin');
  today = dateIn(new Date(), polar.timeZone);
});
afterAll(() => t.close());

const visits = async (id: number, as = 'admin') => {
  const res = await t.call('GET', `/api/v1/PmContract/${id}/visits`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PmVisitsAnswer>();
};

describe('a contract\'s visits', () => {
  it('generates once through "Generate now", lists the visits past and upcoming, and skips an upcoming date for good', async () => {
    // Weekly on today's weekday since two weeks ago; ten days ahead: today and a week from now.
    const id = await insertContract(t.db, polar, { name: 'Weekly case cleaning', startsOn: addDays(today, -14), endsOn: addDays(today, 300), rule: 'FREQ=WEEKLY', leadDays: 10 });
    const first = await t.call('POST', '/api/v1/PmContract/generate', 'admin');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().visits).toBeGreaterThanOrEqual(2);
    expect((await t.call('POST', '/api/v1/PmContract/generate', 'admin')).json()).toMatchObject({ visits: 0 });

    const list = await visits(id);
    expect(list).toMatchObject({ contractName: 'Weekly case cleaning', today });
    expect(list.data.slice(0, 3).map((v) => [v.dueOn, v.status, v.technicianName])).toEqual([
      [today, 'scheduled', 'Tom Alvarez'],
      [addDays(today, 7), 'scheduled', 'Tom Alvarez'],
      [addDays(today, 14), 'upcoming', 'Tom Alvarez'],
    ]);
    expect(list.data[0].workOrderNumber).toMatch(/^\d+$/);
    expect(list.data.filter((v) => v.status === 'upcoming').length).toBeGreaterThan(10);

    const skip = await t.call('POST', `/api/v1/PmContract/${id}/visits/skip`, 'admin', { dueOn: addDays(today, 14), reason: 'Store closed for inventory' });
    expect(skip.statusCode, skip.body).toBe(200);
    expect(skip.json<PmVisitsAnswer>().data.find((v) => v.dueOn === addDays(today, 14))).toMatchObject({ status: 'skipped', skippedReason: 'Store closed for inventory', workOrderId: null });
    expect((await t.call('POST', `/api/v1/PmContract/${id}/visits/skip`, 'admin', { dueOn: addDays(today, 14), reason: 'Again' })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/v1/PmContract/${id}/visits/skip`, 'admin', { dueOn: today, reason: 'Too late' })).statusCode).toBe(409);
    const offRule = await t.call('POST', `/api/v1/PmContract/${id}/visits/skip`, 'admin', { dueOn: addDays(today, 15), reason: 'Not a visit day' });
    expect(offRule.statusCode).toBe(400);
    expect(offRule.json().message).toContain('has no visit on');

    // Further ahead, the skipped date stays skipped and the one after it is generated.
    await t.db.transaction((tx) => generatePmBatch(tx, { subscriberId: polar.subscriberId, now: new Date(), contractIds: [id] }));
    const { visits: more } = await t.db.transaction((tx) => generatePmBatch(tx, { subscriberId: polar.subscriberId, now: new Date(Date.now() + 11 * 86_400_000), contractIds: [id] }));
    expect(more).toBe(1);
    const after = await visits(id);
    expect(after.data.slice(2, 4).map((v) => [v.dueOn, v.status])).toEqual([[addDays(today, 14), 'skipped'], [addDays(today, 21), 'scheduled']]);
  });

  it('shows a visit whose work order is finished as done, and one whose date passed as late, on the contract and the PM board', async () => {
    const id = await insertContract(t.db, polar, { name: 'Ice machine sanitizing', startsOn: addDays(today, -21), endsOn: addDays(today, 300), rule: 'FREQ=WEEKLY', leadDays: 0 });
    // The runs of three weeks ago and of last week.
    for (const daysAgo of [21, 7]) await t.db.transaction((tx) => generatePmBatch(tx, { subscriberId: polar.subscriberId, now: new Date(Date.now() - daysAgo * 86_400_000), contractIds: [id] }));
    const before = await visits(id);
    expect(before.data.slice(0, 2).map((v) => [v.dueOn, v.status])).toEqual([[addDays(today, -21), 'late'], [addDays(today, -7), 'late']]);
    await t.db.update(workOrders).set({ workOrderStatusId: WORK_ORDER_STATUS.Completed }).where(eq(workOrders.id, before.data[0].workOrderId!));
    const after = await visits(id);
    expect(after.data.slice(0, 3).map((v) => v.status)).toEqual(['done', 'late', 'upcoming']);

    const board = await t.call('GET', '/api/v1/PmBoard', 'admin');
    expect(board.statusCode, board.body).toBe(200);
    const answer = board.json<PmBoardAnswer>();
    expect(answer.months.map((m) => m.month)).toEqual([today.slice(0, 7), addDays(`${today.slice(0, 7)}-28`, 7).slice(0, 7)]);
    expect(answer.overdue.some((v) => v.contractName === 'Ice machine sanitizing' && v.dueOn === addDays(today, -7) && v.status === 'late')).toBe(true);
    expect(answer.overdue.some((v) => v.contractName === 'Ice machine sanitizing' && v.status === 'done')).toBe(false);
    expect(answer.upcoming.some((v) => v.contractName === 'Ice machine sanitizing' && v.dueOn === today)).toBe(true);
    const tom = answer.months[0].rows.find((r) => r.technicianName === 'Tom Alvarez')!;
    expect(tom.due).toBeGreaterThanOrEqual(tom.generated);
    expect(tom.generated).toBeGreaterThanOrEqual(tom.scheduled + tom.done);
    const total = answer.months[0].total;
    expect(total.due).toBe(answer.months[0].rows.reduce((n, r) => n + r.due, 0));
  });

  it('answers 404 for a contract of another company and refuses a technician', async () => {
    const coastal = await pmCompany(t.db, 'Coastal Air', 'coastal.tech', 'coastal.admin');
    const theirs = await insertContract(t.db, coastal, { startsOn: '2026-11-01', endsOn: '2027-10-31' });
    expect((await t.call('GET', `/api/v1/PmContract/${theirs}/visits`, 'admin')).statusCode).toBe(404);
    expect((await t.call('POST', `/api/v1/PmContract/${theirs}/visits/skip`, 'admin', { dueOn: '2027-01-10', reason: 'x' })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/v1/PmBoard', 'tech')).statusCode).toBe(403);
  });
});
