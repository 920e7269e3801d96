import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, scheduleItems, userStatusEntries, users, workOrderLabor, workOrderStatusHistory, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
type Row = { workOrderId: number; workOrderNumber: string; customerName: string; billingCompanyId: number };
let techRows: Row[];
let tech2Rows: Row[];
let employeeType: number;

const mine = async (as: string) => (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', as, { take: 100 })).json().data as Row[];
const noRateSheet = (r: Row) => r.customerName === 'Ice House Storage LLC' || r.customerName === 'Cedar Springs Deli';
const startBody = (workOrderId: number, extra: object = {}) => ({ workOrderId, startTime: new Date().toISOString(), isReachedAtSite: true, ...extra });
const stopBody = (workOrderId: number, workOrderLaborId: number, extra: object = {}) => ({
  workOrderId, workOrderLaborId, description: 'Replaced the condenser fan motor.', userStatusId: 3, workOrderStatusId: 38, ...extra,
});
const openLabor = (userName: string) =>
  t.db.select({ id: workOrderLabor.id, workOrderId: workOrderLabor.workOrderId }).from(workOrderLabor).innerJoin(users, eq(users.id, workOrderLabor.userId))
    .where(and(eq(users.userName, userName), isNull(workOrderLabor.stoppedAt)));

beforeAll(async () => {
  t = await createTestApp();
  techRows = await mine('tech');
  tech2Rows = await mine('tech2');
  const withSheet = techRows.find((r) => !noRateSheet(r))!;
  employeeType = (await t.call('GET', `/api/v1/WorkOrder/rateSheetLaborItems/${withSheet.billingCompanyId}`, 'tech')).json()[0].serviceTechnicianId;
});
afterAll(() => t.close());

describe('clock-in rules (spec clock 5)', () => {
  it('asks a rate-sheet technician for an Employee Type, and for a rate sheet on the customer', async () => {
    const withSheet = techRows.find((r) => !noRateSheet(r))!;
    const missing = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(withSheet.workOrderId));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().title).toBe('Employee Type field is required!');
    const none = techRows.find(noRateSheet)!;
    const noSheet = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(none.workOrderId, { serviceTechnicianId: employeeType }));
    expect(noSheet.json().title).toMatch(/^Please set up Rate Sheet for this customer first\. Ask the office to add your rates to .+'s rate sheet \(Administration › Rate Sheet\)\.$/);
    expect(await openLabor('tech')).toEqual([]);
  });

  it('refuses another company\'s work order as not found and another technician\'s as not found', async () => {
    const coastal = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'coastal.tech', { take: 1 })).json().data[0];
    expect((await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(coastal.workOrderId, { serviceTechnicianId: employeeType }))).statusCode).toBe(404);
    expect((await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(tech2Rows[0].workOrderId, { serviceTechnicianId: employeeType }))).statusCode).toBe(404);
  });

  it('refuses a start in the future', async () => {
    const wo = techRows.find((r) => !noRateSheet(r))!;
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(wo.workOrderId, { serviceTechnicianId: employeeType, startTime: new Date(Date.now() + 3600_000).toISOString() }));
    expect(res.json().title).toBe('Start cannot be in the future.');
  });
});

describe('a day on the clock', () => {
  let first: Row;
  let laborId: number;

  it('clocks in: labor opens, the user is On Site and the work order Onsite', async () => {
    first = techRows.find((r) => !noRateSheet(r))!;
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(first.workOrderId, { serviceTechnicianId: employeeType, currentLatLong: { latitude: 32.78, longitude: -96.8 } }));
    expect(res.statusCode, res.body).toBe(200);
    laborId = res.json().workOrderLaborId;
    expect(await openLabor('tech')).toEqual([{ id: laborId, workOrderId: first.workOrderId }]);
    expect((await t.call('GET', '/api/v1/User/getUserStatus', 'tech')).json().userStatus).toBe('On Site');
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, first.workOrderId));
    expect(wo.workOrderStatusId).toBe(7);
    const view = (await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', 'tech', { workOrderId: first.workOrderId })).json();
    expect(view).toMatchObject({ stopMode: true, hasOpenWorkOrderLabor: true, workOrderLaborId: laborId, serviceTechnicianId: employeeType, isWorkOrderStatusFieldRequired: true });
  });

  it('refuses a second clock-in with 409 naming the open work order, and points the dialog at it', async () => {
    const other = techRows.find((r) => !noRateSheet(r) && r.workOrderId !== first.workOrderId)!;
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech', startBody(other.workOrderId, { serviceTechnicianId: employeeType }));
    expect(res.statusCode).toBe(409);
    expect(res.json().title).toBe(`You are still clocked in on work order ${first.workOrderNumber}. Finish it before starting another.`);
    const view = (await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', 'tech', { workOrderId: other.workOrderId })).json();
    expect(view).toMatchObject({ stopMode: false, hasOpenWorkOrderLabor: true, newWorkOrderLabor: { workOrderId: first.workOrderId, workOrderNumber: first.workOrderNumber } });
  });

  it('checks every stop rule with the spec\'s sentences before writing anything', async () => {
    const cases: [object, string][] = [
      [{ description: '  ' }, 'Description field is required!'],
      [{ description: 'x'.repeat(1501) }, 'Description must be at most 1500 characters.'],
      [{ userStatusId: null }, 'User Status field is required!'],
      [{ userStatusId: 11 }, 'Company Description field is required!'],
      [{ workOrderStatusId: null }, 'Work Order Status field is required!'],
    ];
    for (const [extra, sentence] of cases) {
      const res = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(first.workOrderId, laborId, extra));
      expect(res.statusCode, sentence).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect(await openLabor('tech')).toHaveLength(1);
  });

  it('refuses to clock out someone else\'s labor', async () => {
    const res = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'leader', stopBody(first.workOrderId, laborId));
    expect(res.statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'coastal.admin', stopBody(first.workOrderId, laborId))).statusCode).toBe(404);
  });

  it('keeps the old labor open when starting the next work order fails', async () => {
    const none = techRows.find(noRateSheet)!;
    const res = await t.call('POST', '/api/v1/WOStartStop/clockOutAndStartWorkOrder', 'tech', { ...stopBody(first.workOrderId, laborId), newWorkOrderId: none.workOrderId });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toMatch(/^Please set up Rate Sheet for this customer first\. Ask the office/);
    expect(await openLabor('tech')).toEqual([{ id: laborId, workOrderId: first.workOrderId }]);
  });

  it('finishes and starts the next in one step: old closed, new open, user En Route', async () => {
    const next = techRows.find((r) => !noRateSheet(r) && r.workOrderId !== first.workOrderId)!;
    const res = await t.call('POST', '/api/v1/WOStartStop/clockOutAndStartWorkOrder', 'tech', { ...stopBody(first.workOrderId, laborId), newWorkOrderId: next.workOrderId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ newWorkOrderId: next.workOrderId, newWorkOrderNumber: next.workOrderNumber });
    const open = await openLabor('tech');
    expect(open).toEqual([{ id: res.json().workOrderLaborId, workOrderId: next.workOrderId }]);
    const [old] = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.id, laborId));
    expect(old.stoppedAt).not.toBeNull();
    expect(old.description).toBe('Replaced the condenser fan motor.');
    expect((await t.call('GET', '/api/v1/User/getUserStatus', 'tech')).json().userStatus).toBe('En Route');
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.id, first.workOrderId));
    expect(wo.workOrderStatusId).toBe(38);
    laborId = res.json().workOrderLaborId;
    first = next;
  });

  it('clocks out with the chosen user status, then refuses a second clock-out of the same labor', async () => {
    const res = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(first.workOrderId, laborId, { userStatusId: 11, cDescription: 'Parts run to the supply house' }));
    expect(res.statusCode).toBe(200);
    expect(await openLabor('tech')).toEqual([]);
    expect((await t.call('GET', '/api/v1/User/getUserStatus', 'tech')).json()).toMatchObject({ userStatusId: 11, description: 'Parts run to the supply house' });
    const again = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech', stopBody(first.workOrderId, laborId));
    expect(again.statusCode).toBe(409);
    expect(again.json().title).toBe('This labor entry is already clocked out.');
  });
});

describe('one open labor entry per user, held by the database', () => {
  it('lets exactly one of twenty concurrent clock-ins through', async () => {
    const targets = tech2Rows.slice(0, 20);
    const answers = await Promise.all(
      targets.map((r) => t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech2', startBody(r.workOrderId))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().title).toMatch(/clocked in on work order \d+/);
    expect(await openLabor('tech2')).toHaveLength(1);
  });

  it('lets a technician without a rate sheet clock in without an Employee Type', async () => {
    const [open] = await openLabor('tech2');
    expect(open).toBeDefined();
    const view = (await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', 'tech2', { workOrderId: open.workOrderId })).json();
    expect(view.hasRateSheetSetUp).toBe(false);
    expect(view.rateSheetLaborItems).toEqual([]);
  });
});

describe('each clock write is its caller\'s own', () => {
  it('records clock-ins and clock-outs of two companies with their own user, company, work order and time', async () => {
    const people = [
      { as: 'coastal.tech', row: (await mine('coastal.tech'))[0], laborId: 0 },
      { as: 'tech', row: techRows.find((r) => !noRateSheet(r))!, laborId: 0 },
    ];
    for (const p of people) {
      const view = (await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', p.as, { workOrderId: p.row.workOrderId })).json();
      const item = view.hasRateSheetSetUp ? { serviceTechnicianId: view.rateSheetLaborItems[0].serviceTechnicianId } : {};
      const started = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', p.as, startBody(p.row.workOrderId, { ...item, comment: `by ${p.as}` }));
      expect(started.statusCode).toBe(200);
      p.laborId = started.json().workOrderLaborId;
      const stopped = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', p.as, stopBody(p.row.workOrderId, p.laborId, { description: `done by ${p.as}`, userStatusId: 3 }));
      expect(stopped.statusCode).toBe(200);
    }
    for (const p of people) {
      const [u] = await t.db.select().from(users).where(eq(users.userName, p.as));
      const [labor] = await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.id, p.laborId));
      expect(labor).toMatchObject({ userId: u.id, subscriberId: u.subscriberId, workOrderId: p.row.workOrderId, comment: `by ${p.as}`, description: `done by ${p.as}` });
      const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'workOrderLabor'), eq(auditLog.entityId, p.laborId))).orderBy(asc(auditLog.id));
      expect(audits.map((a) => [a.action, a.changedBy, a.subscriberId])).toEqual([['clock-in', u.id, u.subscriberId], ['clock-out', u.id, u.subscriberId]]);
      expect(audits[1].after).toMatchObject({ description: `done by ${p.as}` });
      // The entry's time is the request's own: the same instant as the labor's stop.
      expect(audits[1].changedAt.getTime()).toBe(labor.stoppedAt!.getTime());
      const [last] = await t.db.select().from(workOrderStatusHistory).where(eq(workOrderStatusHistory.workOrderId, p.row.workOrderId)).orderBy(desc(workOrderStatusHistory.id)).limit(1);
      expect(last).toMatchObject({ subscriberId: u.subscriberId, changedBy: u.id, toStatusId: 38 });
      expect(last.changedAt.getTime()).toBe(labor.stoppedAt!.getTime());
      const [status] = await t.db.select().from(userStatusEntries).where(and(eq(userStatusEntries.userId, u.id), isNull(userStatusEntries.endedAt)));
      expect(status).toMatchObject({ subscriberId: u.subscriberId, userStatusId: 3 });
      expect(status.startedAt.getTime()).toBe(labor.stoppedAt!.getTime());
    }
  });

  it('keeps the visit a clock form names when it is the company\'s own, and refuses another company\'s visit and Employee Type', async () => {
    const visitOf = async (userName: string) => {
      const [u] = await t.db.select().from(users).where(eq(users.userName, userName));
      return (await t.db.select().from(scheduleItems).where(eq(scheduleItems.technicianUserId, u.id)).limit(1))[0].id;
    };
    const own = await visitOf('coastal.tech');
    const polars = await visitOf('tech');
    const row = (await mine('coastal.tech'))[0];
    const view = await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', 'coastal.tech', { workOrderId: row.workOrderId, schedulerId: polars });
    expect([view.statusCode, view.json().title]).toEqual([404, 'Schedule item was not found.']);
    const refused = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'coastal.tech', startBody(row.workOrderId, { schedulerId: polars }));
    expect([refused.statusCode, refused.json().title]).toEqual([404, 'Schedule item was not found.']);
    // Nor does an Employee Type of another company's rate sheet pass for a technician who has none.
    const typed = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'coastal.tech', startBody(row.workOrderId, { serviceTechnicianId: employeeType }));
    expect([typed.statusCode, typed.json().title]).toEqual([400, "Employee Type is not on this customer's rate sheet."]);
    expect(await openLabor('coastal.tech')).toEqual([]);
    const started = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'coastal.tech', startBody(row.workOrderId, { schedulerId: own }));
    expect(started.statusCode, started.body).toBe(200);
    const laborId = started.json().workOrderLaborId;
    expect((await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.id, laborId)))[0].schedulerId).toBe(own);
    const stopRefused = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'coastal.tech', stopBody(row.workOrderId, laborId, { schedulerId: polars }));
    expect(stopRefused.statusCode).toBe(404);
    expect(await openLabor('coastal.tech')).toHaveLength(1);
    expect((await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'coastal.tech', stopBody(row.workOrderId, laborId, { schedulerId: own }))).statusCode).toBe(200);
  });
});
