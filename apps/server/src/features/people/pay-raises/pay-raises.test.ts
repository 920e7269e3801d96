import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payRaises, payRaiseTypes, payRates, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { dbFingerprint } from '../../../test/fingerprint';
import { openHub } from '../../../test/hub-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accessOf } from '../../platform/permissions/access-cache';
import { dataUrlOf, pngOf } from '../../office/work-order-items/item-fixtures';
import { requestPayRaise } from './pay-raises.service';

const SIGNATURE_PNG = dataUrlOf(pngOf(300, 200));

let t: TestApp;
let base: string;
let merit: number;
let coastalMerit: number;
const ids: Record<string, number> = {};

const RAISE = { newPosition: 'Senior Service Technician', newPay: 31.25, reasonForChange: 'EPA 608 universal certification.', effectiveDate: '2026-12-06', raiseApprovalPriorityId: 2 };

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  for (const u of await t.db.select({ id: users.id, userName: users.userName }).from(users)) ids[u.userName] = u.id;
  const typeOf = async (userName: string) => {
    const [u] = await t.db.select({ s: users.subscriberId }).from(users).where(eq(users.userName, userName));
    return (await t.db.select({ id: payRaiseTypes.id }).from(payRaiseTypes).where(and(eq(payRaiseTypes.subscriberId, u!.s), eq(payRaiseTypes.name, 'Merit'))))[0]!.id;
  };
  merit = await typeOf('admin');
  coastalMerit = await typeOf('coastal.admin');
});
afterAll(() => t.close());

const request = (body: Record<string, unknown> = {}, as = 'leader') => t.call('POST', '/api/v1/Payroll/payRaiseRequests', as, { employeeId: ids.tech, payRaiseTypeId: merit, ...RAISE, ...body });
const notices = async (as: string) => (await t.call('GET', '/api/v1/Payroll/getPayRaiseNotificationDetails', as)).json();
/** Every number anywhere in an answer: pay figures must not be among them for those who may not see pay. */
const hasFigure = (answer: unknown, figure: number) => JSON.stringify(answer).includes(String(figure));

describe('pay raises', () => {
  let raiseId: number;

  it('is asked for by a manager, who never gets the pay figures back; the payroll approvers hear of it live and see them', async () => {
    const payrollHub = await openHub(base, await t.token('payroll'), '/hubs/notifications');
    try {
      const res = await request();
      expect(res.statusCode, res.body).toBe(200);
      const raise = res.json();
      raiseId = raise.payRaiseRequestedId;
      expect(raise).toMatchObject({ employeeName: 'Tom Alvarez', currentPosition: 'Service Technician', currentPayRate: null, newPay: null, status: 'Requested', isApproved: null, payRaiseType: 'Merit', requestedBy: 'Marcus Reed' });
      const heard = await payrollHub.next((m) => m.event === 'notice');
      expect(heard.payload).toEqual({ kind: 'payRaise', payRaiseRequestedId: raiseId, employeeName: 'Tom Alvarez', noticeKind: 'approve' });
      expect(hasFigure(heard.payload, 31.25)).toBe(false);
    } finally {
      payrollHub.close();
    }
    const forPayroll = await notices('payroll');
    expect(forPayroll.payRaiseNotificationDetails).toEqual([expect.objectContaining({ payRaiseRequestedId: raiseId, noticeKind: 'approve', currentPayRate: 28.5, newPay: 31.25 })]);
    expect((await notices('admin')).count).toBe(1);
    for (const who of ['leader', 'dispatcher', 'tech2']) {
      expect(hasFigure(await notices(who), 31.25), who).toBe(false);
      expect(hasFigure((await t.call('GET', '/api/v1/Payroll/payRaiseRequests', who)).json(), 31.25), who).toBe(false);
    }
    expect((await t.call('GET', '/api/v1/Payroll/payRaiseRequests', 'tech2')).json()).toEqual([]);
    const types = (await t.call('GET', '/api/v1/Payroll/payRaiseTypes', 'leader')).json();
    expect(types.map((x: { name: string }) => x.name)).toEqual(['Certification', 'Cost of Living', 'Merit', 'Promotion']);
  });

  it('cannot be signed before approval; a payroll approver approves it once; the employee is asked to sign and sees his new pay', async () => {
    expect((await t.call('POST', `/api/v1/Payroll/uploadPayRaiseApprovalDetails?PayRaiseRequestedId=${raiseId}`, 'tech', { employeeSignature: SIGNATURE_PNG })).statusCode).toBe(409);
    expect((await t.call('POST', '/api/v1/Payroll/updatePayRaiseRequest', 'leader', { payRaiseRequestedId: raiseId, isApproved: true })).statusCode).toBe(403);
    const approved = await t.call('POST', '/api/v1/Payroll/updatePayRaiseRequest', 'payroll', { payRaiseRequestedId: raiseId, isApproved: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved', isApproved: true, decidedBy: 'Grace Kim', newPay: 31.25 });
    const again = await t.call('POST', '/api/v1/Payroll/updatePayRaiseRequest', 'admin', { payRaiseRequestedId: raiseId, isApproved: false, comment: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This raise was already approved.');
    expect((await notices('admin')).count).toBe(0);
    expect((await notices('payroll')).count).toBe(0);
    expect((await notices('tech')).payRaiseNotificationDetails).toEqual([expect.objectContaining({ noticeKind: 'sign', newPay: 31.25, currentPayRate: 28.5 })]);
    const leader = await notices('leader');
    expect(leader.payRaiseNotificationDetails).toEqual([expect.objectContaining({ noticeKind: 'decided', status: 'Approved', newPay: null })]);
    expect((await t.call('PUT', '/api/v1/Payroll/acknowledgePayRaiseNotification', 'tech', { payRaiseRequestedId: raiseId })).statusCode).toBe(409);
    expect((await t.call('PUT', '/api/v1/Payroll/acknowledgePayRaiseNotification', 'leader', { payRaiseRequestedId: raiseId })).json()).toEqual({ payRaiseNotificationDetails: [], count: 0 });
  });

  it('is signed by its employee only, with a 300x200 PNG; the new rate takes effect on its date', async () => {
    const url = `/api/v1/Payroll/uploadPayRaiseApprovalDetails?PayRaiseRequestedId=${raiseId}`;
    expect((await t.call('POST', url, 'tech2', { employeeSignature: SIGNATURE_PNG })).statusCode).toBe(404);
    const before = await dbFingerprint(t.db);
    const bad = await t.call('POST', url, 'tech', { employeeSignature: 'data:image/png;base64,AAAA' });
    expect(bad.statusCode).toBe(400);
    expect(await dbFingerprint(t.db)).toBe(before);
    const signed = await t.call('POST', url, 'tech', { employeeSignature: SIGNATURE_PNG });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'Signed', isPayRaiseApproved: true, signatureDate: expect.any(String), employeeSignature: SIGNATURE_PNG });
    expect((await t.call('POST', url, 'tech', { employeeSignature: SIGNATURE_PNG })).statusCode).toBe(409);
    const rates = await t.db.select().from(payRates).where(eq(payRates.userId, ids.tech));
    expect(rates.map((r) => [r.effectiveFrom, r.position, r.hourlyRate]).sort()).toEqual([
      ['2026-01-01', 'Service Technician', '28.50'],
      ['2026-12-06', 'Senior Service Technician', '31.25'],
    ]);
    expect((await notices('leader')).payRaiseNotificationDetails).toEqual([expect.objectContaining({ noticeKind: 'signed', employeeSignature: null })]);
    expect((await notices('payroll')).payRaiseNotificationDetails).toEqual([expect.objectContaining({ noticeKind: 'signed', employeeSignature: SIGNATURE_PNG })]);
    expect((await notices('tech')).count).toBe(0);
  });

  it('refuses with a reason, and refuses bad requests with a sentence and no change', async () => {
    const refused = (await request({ employeeId: ids.tech2 })).json();
    const noReason = await t.call('POST', '/api/v1/Payroll/updatePayRaiseRequest', 'payroll', { payRaiseRequestedId: refused.payRaiseRequestedId, isApproved: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Say why the raise is refused.');
    const done = await t.call('POST', '/api/v1/Payroll/updatePayRaiseRequest', 'payroll', { payRaiseRequestedId: refused.payRaiseRequestedId, isApproved: false, comment: 'Review again in March.' });
    expect(done.json()).toMatchObject({ status: 'Refused', decisionComment: 'Review again in March.' });
    expect((await notices('tech2')).count).toBe(0);
    const before = await dbFingerprint(t.db);
    const cases: [Record<string, unknown>, string, number, string][] = [
      [{ employeeId: ids.leader }, 'leader', 400, 'You cannot ask for a raise for yourself.'],
      [{ employeeId: ids['coastal.tech'] }, 'leader', 404, 'Employee was not found.'],
      [{ employeeId: ids.customer }, 'leader', 404, 'Employee was not found.'],
      [{ payRaiseTypeId: coastalMerit }, 'leader', 404, 'Pay Raise Type was not found.'],
      [{ newPay: 0 }, 'leader', 400, 'New Pay must be more than 0.'],
      [{ newPay: 31.255 }, 'leader', 400, 'New Pay must have at most two decimals.'],
      [{ effectiveDate: '2026-02-30' }, 'leader', 400, 'Effective Date is not a real date.'],
      [{ raiseApprovalPriorityId: 7 }, 'leader', 400, 'Approval Priority must be Normal, High or Urgent.'],
    ];
    for (const [body, as, status, message] of cases) {
      const res = await request(body, as);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect((await t.call('POST', '/api/v1/Payroll/updatePayRaiseRequest', 'coastal.admin', { payRaiseRequestedId: raiseId, isApproved: true })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/v1/Payroll/payRaiseRequests', 'coastal.admin')).json()).toEqual([]);
    expect(await dbFingerprint(t.db)).toBe(before);
  });
});

describe("a raise's current pay", () => {
  it("is the pay of the company's today (America/Chicago), not of UTC's date", async () => {
    const [tech2] = await t.db.select().from(users).where(eq(users.id, ids.tech2));
    const [current] = await t.db.select().from(payRates).where(eq(payRates.userId, tech2.id));
    // A raise that starts on 2 January 2027: at 03:00 UTC on the 2nd it is still 21:00 on the 1st in Chicago.
    await t.db.insert(payRates).values({ subscriberId: tech2.subscriberId, userId: tech2.id, effectiveFrom: '2027-01-02', position: 'Lead Technician', hourlyRate: '33.00' });
    const [leader] = await t.db.select().from(users).where(eq(users.id, ids.leader));
    const access = (await accessOf(t.db, leader.subscriberId, leader.id))!;
    const ctxAt = (iso: string): Ctx => ({ db: t.db, actor: { userId: leader.id, subscriberId: leader.subscriberId, userName: leader.userName }, now: new Date(iso) });
    const body = { employeeId: tech2.id, payRaiseTypeId: merit, ...RAISE, effectiveDate: '2027-02-01' };

    const evening = await requestPayRaise(ctxAt('2027-01-02T03:00:00Z'), access, body);
    expect(evening.currentPosition).toBe(current.position);
    const [eveningRow] = await t.db.select().from(payRaises).where(eq(payRaises.id, evening.payRaiseRequestedId));
    expect(eveningRow.currentPayRate).toBe(current.hourlyRate);

    // 07:00 UTC on the 2nd is 01:00 on the 2nd in Chicago: the new pay has started.
    const morning = await requestPayRaise(ctxAt('2027-01-02T07:00:00Z'), access, body);
    expect(morning.currentPosition).toBe('Lead Technician');
    const [morningRow] = await t.db.select().from(payRaises).where(eq(payRaises.id, morning.payRaiseRequestedId));
    expect(morningRow.currentPayRate).toBe('33.00');
  });
});
