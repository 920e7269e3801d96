import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStatusEntries, userStatuses, users, workOrderLabor } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

// tech2 works without a rate sheet: a clock-in needs no Employee Type.
let t: TestApp;
let workOrderIds: number[];

const startBody = (workOrderId: number, extra: object = {}) => ({ workOrderId, startTime: new Date().toISOString(), isReachedAtSite: true, ...extra });
const clockIn = (body: object) => t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech2', body);
const openLabor = () =>
  t.db.select({ id: workOrderLabor.id }).from(workOrderLabor).innerJoin(users, eq(users.id, workOrderLabor.userId))
    .where(and(eq(users.userName, 'tech2'), isNull(workOrderLabor.stoppedAt)));

beforeAll(async () => {
  t = await createTestApp();
  const rows = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech2', { take: 5 })).json().data as { workOrderId: number }[];
  workOrderIds = rows.map((r) => r.workOrderId);
});
afterAll(() => t.close());

describe('the user status chosen in the Start dialog (spec clock 2.1, clock 3 userStatusId)', () => {
  it('refuses a status that does not exist, is disabled or needs a company description, and opens no labor', async () => {
    await t.db.update(userStatuses).set({ isDisabled: true }).where(eq(userStatuses.id, 7));
    for (const [userStatusId, sentence] of [
      [999, 'This work status is not available.'],
      [7, 'This work status is not available.'],
      [11, 'Company Business needs a company description: start the work order with another status.'],
    ] as const) {
      const res = await clockIn(startBody(workOrderIds[0], { userStatusId }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect(await openLabor()).toEqual([]);
    await t.db.update(userStatuses).set({ isDisabled: false }).where(eq(userStatuses.id, 7));
  });

  it('records the chosen status as the user status and in the time sheet of statuses', async () => {
    const res = await clockIn(startBody(workOrderIds[0], { userStatusId: 3 }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', '/api/v1/User/getUserStatus', 'tech2')).json()).toMatchObject({ userStatusId: 3, userStatus: 'At Shop' });
    const [tech2] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'tech2'));
    const open = await t.db.select({ userStatusId: userStatusEntries.userStatusId }).from(userStatusEntries)
      .where(and(eq(userStatusEntries.userId, tech2.id), isNull(userStatusEntries.endedAt)));
    expect(open).toEqual([{ userStatusId: 3 }]);
  });

  it('stopping and starting the next one still leaves the user En Route', async () => {
    const [labor] = await openLabor();
    const res = await t.call('POST', '/api/v1/WOStartStop/clockOutAndStartWorkOrder', 'tech2', {
      workOrderId: workOrderIds[0], workOrderLaborId: labor.id, newWorkOrderId: workOrderIds[1], description: 'Cleaned the drain line.', workOrderStatusId: 38,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', '/api/v1/User/getUserStatus', 'tech2')).json()).toMatchObject({ userStatusId: 2, userStatus: 'En Route' });
    const stop = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech2', {
      workOrderId: workOrderIds[1], workOrderLaborId: res.json().workOrderLaborId, description: 'Checked the charge.', userStatusId: 10, workOrderStatusId: 38,
    });
    expect(stop.statusCode, stop.body).toBe(200);
  });

  it('without a choice, a clock-in on site still sets On Site', async () => {
    const res = await clockIn(startBody(workOrderIds[2]));
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', '/api/v1/User/getUserStatus', 'tech2')).json()).toMatchObject({ userStatusId: 1, userStatus: 'On Site' });
  });
});

describe('stop view data (spec platform 3.13)', () => {
  it('answers what decides the provider check-out, the same as the start view data says', async () => {
    const stop = (await t.call('POST', '/api/v1/WOStartStop/getStopWOViewData', 'tech2', { workOrderId: workOrderIds[2] })).json();
    const start = (await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', 'tech2', { workOrderId: workOrderIds[2] })).json();
    expect(Object.keys(stop).sort()).toEqual(
      ['corrigoCustomerId', 'corrigoWorkOrderId', 'customerEstimateId', 'isCorrigoWorkOrderCheckedIn', 'parentWorkOrderId', 'parentWorkOrderNumber', 'workOrderId', 'workOrderNumber'],
    );
    const keys = ['workOrderId', 'workOrderNumber', 'parentWorkOrderId', 'parentWorkOrderNumber', 'customerEstimateId', 'corrigoWorkOrderId', 'corrigoCustomerId', 'isCorrigoWorkOrderCheckedIn'];
    expect(stop).toEqual(Object.fromEntries(keys.map((k) => [k, start[k]])));
  });
});
