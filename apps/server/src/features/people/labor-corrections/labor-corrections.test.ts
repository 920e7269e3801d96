import { and, eq, isNull } from 'drizzle-orm';
import { instantOf, LOCKED_LABOR_MESSAGE } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerRateSheets, customers, payPeriodLocks, rateSheetLaborItems, users, workOrderLabor, workOrders, workOrderTechnicians } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { payrollFixture } from '../timesheets/timesheet-fixtures';

let t: TestApp;
let f: Awaited<ReturnType<typeof payrollFixture>>;
const laborIds: Record<'a' | 'b' | 'c' | 'd' | 'inv1' | 'inv2', number> = { a: 0, b: 0, c: 0, d: 0, inv1: 0, inv2: 0 };
let invoiceWorkOrders: { id: number; workOrderNumber: string }[];
const REASON = 'Clocked in from the shop by mistake; the site log says 7:00.';

beforeAll(async () => {
  t = await createTestApp();
  f = await payrollFixture(t, { number: 'FT-1001', problem: 'Walk-in cooler warm' });
  await t.db.insert(workOrderTechnicians).values({ subscriberId: f.polar.id, workOrderId: f.workOrder.id, userId: f.ids.tech });
  const insert = async (row: typeof workOrderLabor.$inferInsert) => (await t.db.insert(workOrderLabor).values(row).returning({ id: workOrderLabor.id }))[0].id;
  laborIds.a = await insert(f.labor('tech', f.at(2, '08:00'), f.at(2, '12:00')));
  laborIds.b = await insert(f.labor('tech', f.at(2, '13:00'), f.at(2, '15:00')));
  laborIds.c = await insert(f.labor('tech', f.at(3, '08:00'), f.at(3, '10:00')));
  laborIds.d = await insert(f.labor('tech', f.at(3, '11:00'), f.at(3, '12:00')));
  // Two work orders to invoice, billed to FreshMart at the technician's Service Technician rate.
  const [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
  const [sheet] = await t.db.select().from(customerRateSheets).where(eq(customerRateSheets.billingCustomerId, site.billingCustomerId!));
  const [rates] = await t.db.select().from(rateSheetLaborItems).where(and(eq(rateSheetLaborItems.customerRateSheetId, sheet.id), eq(rateSheetLaborItems.name, 'Service Technician')));
  invoiceWorkOrders = await t.db
    .insert(workOrders)
    .values(['FT-INV-1', 'FT-INV-2'].map((n) => ({ subscriberId: f.polar.id, workOrderNumber: n, customerId: site.id, billingCustomerId: site.billingCustomerId, workOrderStatusId: 38, problem: 'Ice machine' })))
    .returning({ id: workOrders.id, workOrderNumber: workOrders.workOrderNumber });
  laborIds.inv1 = await insert({ ...f.labor('tech', f.at(4, '08:00'), f.at(4, '10:00')), workOrderId: invoiceWorkOrders[0].id, rateSheetLaborItemId: rates.id });
  laborIds.inv2 = await insert({ ...f.labor('tech', f.at(5, '08:00'), f.at(5, '10:00')), workOrderId: invoiceWorkOrders[1].id, rateSheetLaborItemId: rates.id });
});
afterAll(() => t.close());

const body = (extra: Record<string, unknown> = {}) => ({ startTime: f.at(2, '07:00').toISOString(), stopTime: f.at(2, '12:30').toISOString(), workOrderId: f.workOrder.id, reason: REASON, ...extra });
const put = (id: number, b: unknown, as = 'payroll') => t.call('PUT', `/api/v1/WorkOrderLabor/${id}`, as, b);
const labor = async (id: number) => (await t.db.select().from(workOrderLabor).where(eq(workOrderLabor.id, id)))[0];
const entryOf = async (id: number, as = 'payroll') => {
  const sheet = (await t.call('GET', `/api/v1/Payroll/timesheets/${f.ids.tech}?date=${f.previous.startsOn}`, as)).json();
  return sheet.days.flatMap((d: { entries: { workOrderLaborId: number | null }[] }) => d.entries).find((e: { workOrderLaborId: number | null }) => e.workOrderLaborId === id);
};
const laborHours = async (workOrderId: number) => (await t.call('POST', '/api/v1/Invoice/preview', 'admin', { workOrderId })).json().totals.laborLines.map((l: { hours: unknown }) => String(l.hours));

describe('labor corrections (fix time)', () => {
  it('corrects a labor entry with a reason: audited before and after, and the timesheet reads the corrected hours', async () => {
    expect((await entryOf(laborIds.a)).minutes).toBe(240);
    const res = await put(laborIds.a, body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().values).toMatchObject({ startTime: f.at(2, '07:00').toISOString(), stopTime: f.at(2, '12:30').toISOString(), workOrderNumber: 'FT-1001' });

    const entry = await entryOf(laborIds.a, 'tech');
    expect(entry.minutes).toBe(330);
    expect(entry.corrections).toEqual([
      expect.objectContaining({
        changedBy: 'Grace Kim', reason: REASON,
        before: expect.objectContaining({ startTime: f.at(2, '08:00').toISOString(), stopTime: f.at(2, '12:00').toISOString() }),
        after: expect.objectContaining({ startTime: f.at(2, '07:00').toISOString(), stopTime: f.at(2, '12:30').toISOString() }),
      }),
    ]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'workOrderLabor'), eq(auditLog.entityId, laborIds.a), eq(auditLog.action, 'correct')));
    expect(audit).toMatchObject({ reason: REASON, changedBy: f.ids.payroll });
    const page = (await t.call('GET', '/api/v1/WorkOrder/FT-1001', 'admin')).json();
    expect(page.laborEntries.find((e: { workOrderLaborId: number }) => e.workOrderLaborId === laborIds.a).corrections).toHaveLength(1);
  });

  it('refuses each broken rule with its sentence and changes nothing', async () => {
    const [foreignWorkOrder] = await t.db.select({ id: workOrders.id }).from(workOrders).innerJoin(users, eq(users.subscriberId, workOrders.subscriberId)).where(eq(users.userName, 'coastal.admin')).limit(1);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const cases: [unknown, number, string][] = [
      [body({ stopTime: f.at(2, '06:00').toISOString() }), 400, 'Stop must be after Start.'],
      [body({ startTime: later, stopTime: new Date(Date.now() + 7_200_000).toISOString() }), 400, 'Start cannot be in the future.'],
      [body({ stopTime: later }), 400, 'Stop cannot be in the future.'],
      [body({ stopTime: f.at(2, '13:30').toISOString() }), 409, "The corrected time overlaps the technician's other labor on work order FT-1001."],
      [body({ reason: 'late' }), 400, 'Reason must be at least 5 characters.'],
      [body({ reason: 'x'.repeat(501) }), 400, 'Reason must be at most 500 characters.'],
      [body({ reason: undefined }), 400, 'Reason field is required!'],
      [body({ stopTime: null }), 400, 'Stop field is required!'],
      [body(), 400, 'Nothing to correct: the labor entry already has these values.'],
      [body({ startTime: f.at(2, '06:30').toISOString(), serviceTechnicianId: 999999 }), 400, "Employee Type is not on this customer's rate sheet."],
      [body({ startTime: f.at(2, '06:30').toISOString(), isApprenticeRateApplied: true }), 400, 'The apprentice rate needs an Employee Type.'],
      [body({ startTime: f.at(2, '06:30').toISOString(), itemRateTypeId: 999 }), 400, 'Item rate type was not found.'],
      [body({ workOrderId: foreignWorkOrder.id }), 404, 'Work order was not found.'],
    ];
    const before = await dbFingerprint(t.db);
    for (const [b, status, message] of cases) {
      const res = await put(laborIds.a, b);
      expect([res.statusCode, res.json().message], JSON.stringify(b)).toEqual([status, message]);
    }
    expect((await put(laborIds.a, body({ startTime: f.at(2, '06:30').toISOString() }), 'coastal.admin')).statusCode).toBe(404);
    expect((await put(laborIds.a, body({ startTime: f.at(2, '06:30').toISOString() }), 'tech')).statusCode).toBe(403);
    expect((await put(laborIds.a, body({ startTime: f.at(2, '06:30').toISOString() }), 'leader')).statusCode).toBe(403);
    expect((await t.call('GET', `/api/v1/WorkOrderLabor/${laborIds.a}/correctionForm`, 'coastal.admin')).statusCode).toBe(404);
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('corrects only the start of open labor', async () => {
    const open = await t.db.select({ userId: workOrderLabor.userId }).from(workOrderLabor).where(isNull(workOrderLabor.stoppedAt));
    const userName = ['dispatcher', 'leader', 'payroll', 'admin'].find((u) => !open.some((o) => o.userId === f.ids[u]))!;
    const startedAt = new Date(Date.now() - 20 * 60_000);
    const [row] = await t.db.insert(workOrderLabor).values({ subscriberId: f.polar.id, workOrderId: f.workOrder.id, userId: f.ids[userName], startedAt }).returning();
    const earlier = new Date(startedAt.getTime() - 5 * 60_000).toISOString();
    let res = await put(row.id, { startTime: earlier, stopTime: new Date().toISOString(), workOrderId: f.workOrder.id, reason: REASON });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Open labor can only have its start corrected; the technician clocks out first.']);
    res = await put(row.id, { startTime: earlier, workOrderId: f.workOrder.id, reason: REASON });
    expect(res.statusCode, res.body).toBe(200);
    expect((await labor(row.id)).startedAt.toISOString()).toBe(earlier);
    expect((await labor(row.id)).stoppedAt).toBeNull();
  });

  it('rebuilds an invoice not yet submitted from the corrected labor; a submitted invoice keeps its frozen totals', async () => {
    const [draft, billed] = invoiceWorkOrders;
    expect(await laborHours(draft.id)).toEqual(['2']);
    const submitted = await t.call('POST', '/api/v1/Invoice/submit', 'admin', { workOrderId: billed.id });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const frozen = submitted.json();
    const move = (id: number, day: number) => put(id, { startTime: f.at(day, '08:00').toISOString(), stopTime: f.at(day, '11:30').toISOString(), workOrderId: id === laborIds.inv1 ? draft.id : billed.id, reason: REASON });
    expect((await move(laborIds.inv1, 4)).statusCode).toBe(200);
    expect((await move(laborIds.inv2, 5)).statusCode).toBe(200);
    expect(await laborHours(draft.id)).toEqual(['3.5']);
    const again = (await t.call('GET', `/api/v1/Invoice/${frozen.invoiceId}`, 'admin')).json();
    expect(again.totals).toEqual(frozen.totals);
    expect(again.totals.laborLines.map((l: { hours: unknown }) => String(l.hours))).toEqual(['2']);
  });

  it('lets a technician ask for a correction: Fix Time, the office approves it and it is applied', async () => {
    const ask = (id: number, as = 'tech') =>
      t.call('POST', `/api/v1/WorkOrderLabor/${id}/correctionRequests`, as, { startTime: f.at(3, '07:30').toISOString(), stopTime: f.at(3, '10:00').toISOString(), reason: 'Started early for the delivery' });
    expect((await ask(laborIds.c, 'tech2')).statusCode).toBe(404);
    let res = await ask(laborIds.c);
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json();
    expect(request).toMatchObject({ status: 'Pending', requestedByName: expect.any(String), proposedStartTime: f.at(3, '07:30').toISOString() });
    expect((await ask(laborIds.c)).json().message).toBe('A correction of this labor already waits for an answer.');
    expect((await t.db.select().from(workOrders).where(eq(workOrders.id, f.workOrder.id)))[0].workOrderStatusId).toBe(12);
    expect((await put(laborIds.c, body({ startTime: f.at(3, '07:30').toISOString(), stopTime: f.at(3, '10:00').toISOString() }), 'tech')).statusCode).toBe(403);

    const pending = (await t.call('GET', '/api/v1/WorkOrderLabor/correctionRequests', 'payroll')).json();
    expect(pending).toEqual([expect.objectContaining({ laborCorrectionRequestId: request.laborCorrectionRequestId, workOrderNumber: 'FT-1001', startTime: f.at(3, '08:00').toISOString() })]);
    const decide = (id: number, b: unknown, as = 'payroll') => t.call('POST', `/api/v1/WorkOrderLabor/correctionRequests/${id}/decision`, as, b);
    expect((await decide(request.laborCorrectionRequestId, { decision: 'Approved' }, 'tech')).statusCode).toBe(403);
    res = await decide(request.laborCorrectionRequestId, { decision: 'Approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Approved', decidedByName: 'Grace Kim' });
    expect((await labor(laborIds.c)).startedAt.toISOString()).toBe(f.at(3, '07:30').toISOString());
    expect((await entryOf(laborIds.c)).corrections[0]).toMatchObject({ reason: 'Started early for the delivery' });
    expect((await t.db.select().from(workOrders).where(eq(workOrders.id, f.workOrder.id)))[0].workOrderStatusId).toBe(38);
    expect((await decide(request.laborCorrectionRequestId, { decision: 'Declined', reason: 'Too late now' })).statusCode).toBe(409);
  });

  it('lets the office decline a request with a reason, which the technician reads on his entry', async () => {
    const res = await t.call('POST', `/api/v1/WorkOrderLabor/${laborIds.d}/correctionRequests`, 'tech', { startTime: f.at(3, '11:00').toISOString(), stopTime: f.at(3, '13:00').toISOString(), reason: 'Forgot to clock out' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().laborCorrectionRequestId;
    const decide = (b: unknown) => t.call('POST', `/api/v1/WorkOrderLabor/correctionRequests/${id}/decision`, 'payroll', b);
    expect((await decide({ decision: 'Declined' })).json().message).toBe('Reason field is required!');
    expect((await decide({ decision: 'Declined', reason: 'The site log shows you left at noon.' })).json()).toMatchObject({ status: 'Declined' });
    expect((await labor(laborIds.d)).stoppedAt?.toISOString()).toBe(f.at(3, '12:00').toISOString());
    const page = (await t.call('GET', '/api/v1/WorkOrder/FT-1001', 'tech')).json();
    const entry = page.laborEntries.find((e: { workOrderLaborId: number }) => e.workOrderLaborId === laborIds.d);
    expect(entry.correctionRequest).toMatchObject({ status: 'Declined', declineReason: 'The site log shows you left at noon.', decidedByName: 'Grace Kim' });
    expect(entry.corrections).toEqual([]);
  });

  it('refuses a correction inside a locked pay period, or into one, with nothing changed', async () => {
    const currentStart = instantOf(new Date(`${f.current.startsOn}T00:00:00Z`), f.polar.timeZone).getTime();
    const start = new Date(currentStart + (Date.now() - currentStart) / 2);
    const [recent] = await t.db.insert(workOrderLabor).values(f.labor('tech2', start, new Date(start.getTime() + Math.min(10 * 60_000, (Date.now() - start.getTime()) / 2)))).returning();
    await t.db.insert(payPeriodLocks).values({ subscriberId: f.polar.id, startsOn: f.previous.startsOn, endsOn: f.previous.endsOn, startsAt: f.at(0, '00:00'), endsAt: f.at(14, '00:00'), lockedBy: f.ids.payroll });
    const before = await dbFingerprint(t.db);
    let res = await put(laborIds.b, body({ startTime: f.at(2, '13:15').toISOString(), stopTime: f.at(2, '15:00').toISOString() }));
    expect([res.statusCode, res.json().message]).toEqual([409, LOCKED_LABOR_MESSAGE]);
    res = await put(recent.id, { startTime: f.at(6, '08:00').toISOString(), stopTime: f.at(6, '09:00').toISOString(), workOrderId: f.workOrder.id, reason: REASON });
    expect([res.statusCode, res.json().message]).toEqual([409, LOCKED_LABOR_MESSAGE]);
    res = await t.call('POST', `/api/v1/WorkOrderLabor/${laborIds.b}/correctionRequests`, 'tech', { startTime: f.at(2, '13:15').toISOString(), stopTime: f.at(2, '15:00').toISOString(), reason: 'Arrived earlier' });
    expect([res.statusCode, res.json().message]).toEqual([409, LOCKED_LABOR_MESSAGE]);
    expect(await dbFingerprint(t.db)).toBe(before);
  });
});
