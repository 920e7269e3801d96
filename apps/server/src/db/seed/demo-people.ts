import { and, eq } from 'drizzle-orm';
import { addDays, createPayRaiseBody, createWriteUpBody, sopDetailBody } from '@sm/shared';
import type { Db } from '../client';
import { payRaiseTypes, sopTypes } from '../schema';
import { requestPayRaise } from '../../features/people/pay-raises/pay-raises.service';
import { createWriteUp } from '../../features/people/write-ups/write-ups.service';
import { createSopDetail } from '../../features/people/sop/sop.service';
import { acknowledgeAllSops, acknowledgeSop } from '../../features/people/sop/sop-notices.service';
import { calendarOf, periodOf } from '../../features/people/timesheets/payroll-settings.service';
import { claimDueMessages, markEnded, markSent } from '../../features/platform/email-outbox/outbox-queue';
import type { DemoActor, DemoClock, DemoCompany } from './demo-actors';
import type { DemoJob } from './demo-work';

/** The company's standard procedures: type, name, what it is for, its checklist. */
const SOPS: [type: string, name: string, description: string, steps: string[]][] = [
  [
    'Safety', 'Refrigerant recovery and cylinder handling', 'How we recover, label and return refrigerant under EPA Section 608.',
    ['Check the recovery cylinder is within its test date and below 80% full', 'Wear gloves and safety glasses before connecting hoses', 'Record the pounds recovered on the work order', 'Label the cylinder with the refrigerant type and job number', 'Strap cylinders upright in the van'],
  ],
  [
    'Safety', 'Lockout / tagout before electrical work', 'Every disconnect is locked and tagged before a panel or unit is opened.',
    ['Tell the store manager which equipment will be off', 'Switch off and lock the disconnect with your own lock', 'Test for zero voltage with a meter you proved on a live source', 'Remove your lock only when your own work is done'],
  ],
  [
    'Vehicle', 'End-of-day van check', 'What each technician checks before parking the van for the night.',
    ['Restock filters, fuses and the parts used today', 'Log the mileage in the app', 'Lock the van and take the tablets inside'],
  ],
  [
    'Customer Service', 'Leaving the site', 'Before leaving, the customer knows what was done and what comes next.',
    ['Walk the manager through the repair', 'Get the ticket signed on the phone', 'Photograph the equipment nameplate and the finished work'],
  ],
];

/**
 * What the office keeps about its people, made through their services: a pay raise for Priya asked by her team
 * leader and waiting for approval, a write-up of Tom about a callback, the company's SOPs assigned to the
 * technicians (Tom acknowledged them all, Priya the first), and the outbox's messages as the mail server answered
 * them: every one sent but one, refused by the customer's server.
 */
export async function seedDemoPeople(db: Db, company: DemoCompany, clock: DemoClock, people: { admin: DemoActor; leader: DemoActor; tom: DemoActor; priya: DemoActor }, jobs: { callback: DemoJob }) {
  const { admin, leader, tom, priya } = people;
  const [merit] = await db.select({ id: payRaiseTypes.id }).from(payRaiseTypes).where(and(eq(payRaiseTypes.subscriberId, company.id), eq(payRaiseTypes.name, 'Certification')));
  const ctx = admin.at(clock.now);
  const nextPeriod = addDays((await periodOf(db, ctx, await calendarOf(db, ctx), clock.today)).endsOn, 1);
  await requestPayRaise(
    leader.at(clock.at(clock.day(-2), '16:20')),
    leader.access,
    createPayRaiseBody.parse({
      employeeId: priya.userId, payRaiseTypeId: merit.id, newPosition: 'Refrigeration Specialist', newPay: 28.5, effectiveDate: nextPeriod, raiseApprovalPriorityId: 1,
      reasonForChange: 'Passed her EPA 608 Universal certification and now leads rack maintenance at Ice House Storage on her own.',
    }),
  );
  await createWriteUp(
    leader.at(clock.at(clock.day(-5), '08:05')),
    leader.access,
    createWriteUpBody.parse({
      userId: tom.userId, workOrderId: jobs.callback.workOrderId,
      writeUpDescription: `Left ${jobs.callback.site} without checking the case down to temperature; the store called us back the next morning. Wait for the case to reach set point before leaving.`,
    }),
  );
  const types = await db.select({ id: sopTypes.id, name: sopTypes.name }).from(sopTypes).where(eq(sopTypes.subscriberId, company.id));
  const sopIds: number[] = [];
  for (const [i, [type, sopName, description, steps]] of SOPS.entries()) {
    const body = sopDetailBody.parse({
      sopName, description, sopTypeId: types.find((t) => t.name === type)!.id, sopStatusId: 4,
      steps: steps.map((checklistItem) => ({ checklistItem })), assignedUserIds: [tom.userId, priya.userId],
    });
    sopIds.push((await createSopDetail(admin.at(clock.at(clock.day(-20 + i * 4), '09:00')), body)).sopDetailId);
  }
  await acknowledgeAllSops(tom.at(clock.at(clock.day(-3), '07:05')));
  await acknowledgeSop(priya.at(clock.at(clock.day(-10), '07:20')), sopIds[0]);
}

/** The mail server's answers to the queued messages: all accepted but the ones meant to fail, refused for good. */
export async function settleDemoOutbox(db: Db, failed: number[]) {
  for (const m of await claimDueMessages(db, 100, 60_000)) {
    if (failed.includes(m.id)) await markEnded(db, m.id, m.attempts, 'failed', `550 5.1.1 <${m.to[0]}>: Recipient address rejected: User unknown in virtual mailbox table`);
    else await markSent(db, m.id, m.attempts);
  }
}
