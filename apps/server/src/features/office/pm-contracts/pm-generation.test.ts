import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_ORDER_STATUS } from '@sm/shared';
import { pmContracts, pmVisits, scheduleItems, scheduledJobs, workOrderEquipment, workOrderEquipmentTasks, workOrders, workOrderTechnicians } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runDueJobs } from '../../platform/jobs/job-runner';
import { generatePmBatch, pmProblemOf } from './pm-generation.service';
import { ensurePmGenerationJobs, pmGenerationKey, PM_GENERATION_JOB } from './pm-generation.job';
import { insertContract, pmCompany, pmTally, type PmCompany } from './pm-test-contracts';

let t: TestApp;
let polar: PmCompany;
beforeAll(async () => {
  t = await createTestApp();
  polar = await pmCompany(t.db, 'Polar Refrigeration', 'tech', 'admin');
});
afterAll(() => t.close());

// 09:00 on 1 December 2026 in Dallas (America/Chicago, UTC-6).
const NOW = new Date('2026-12-01T15:00:00Z');
const generate = (now = NOW, contractIds?: number[]) => t.db.transaction((tx) => generatePmBatch(tx, { subscriberId: polar.subscriberId, now, contractIds }));
const visitsOf = async (contractId: number) =>
  (await t.db.select({ dueOn: pmVisits.dueOn, workOrderId: pmVisits.workOrderId }).from(pmVisits).where(eq(pmVisits.contractId, contractId)).orderBy(pmVisits.dueOn));

describe('generating preventive-maintenance visits', () => {
  it('writes each date of the window once, each with a PM work order at the location, its equipment, tasks, technician and slot', async () => {
    const id = await insertContract(t.db, polar, { name: 'Walk-in care', startsOn: '2026-11-01', endsOn: '2027-10-31', leadDays: 45 });
    const first = await generate(NOW, [id]);
    expect(first.visits).toBe(2);
    const visits = await visitsOf(id);
    expect(visits.map((v) => v.dueOn)).toEqual(['2026-12-10', '2027-01-10']);
    const again = await generate(NOW, [id]);
    expect(again.visits).toBe(0);
    expect(await visitsOf(id)).toEqual(visits);

    const woIds = visits.map((v) => v.workOrderId!);
    const orders = await t.db.select().from(workOrders).where(inArray(workOrders.id, woIds)).orderBy(workOrders.id);
    expect(orders.map((o) => o.workOrderStatusId)).toEqual([WORK_ORDER_STATUS.PM, WORK_ORDER_STATUS.PM]);
    expect(orders.every((o) => o.customerId === polar.siteId && o.subscriberId === polar.subscriberId)).toBe(true);
    expect(orders[0].problem).toBe(pmProblemOf('Walk-in care', '2026-12-10'));
    // Numbered after the company's highest number, in date order.
    expect(BigInt(orders[1].workOrderNumber)).toBe(BigInt(orders[0].workOrderNumber) + 1n);
    const pieces = await t.db.select().from(workOrderEquipment).where(eq(workOrderEquipment.workOrderId, woIds[0]));
    expect(pieces.map((p) => p.equipmentId).sort()).toEqual([...polar.equipmentIds].sort());
    const tasks = await t.db.select().from(workOrderEquipmentTasks).where(eq(workOrderEquipmentTasks.workOrderId, woIds[0]));
    expect(tasks).toHaveLength(polar.equipmentIds.length * 2);
    expect(new Set(tasks.map((x) => x.task))).toEqual(new Set(['Check refrigerant pressures', 'Clean condenser coil']));
    const techs = await t.db.select().from(workOrderTechnicians).where(inArray(workOrderTechnicians.workOrderId, woIds));
    expect(techs.map((x) => x.userId)).toEqual([polar.technicianId, polar.technicianId]);
    const slots = await t.db.select().from(scheduleItems).where(inArray(scheduleItems.workOrderId, woIds)).orderBy(scheduleItems.startAt);
    // 09:30 in Dallas for 90 minutes, a service item of the technician named after the contract.
    expect(slots.map((s) => [s.startAt.toISOString(), s.durationHours, s.kind, s.technicianUserId, s.task])).toEqual([
      ['2026-12-10T15:30:00.000Z', 1.5, 'service', polar.technicianId, 'PM: Walk-in care'],
      ['2027-01-10T15:30:00.000Z', 1.5, 'service', polar.technicianId, 'PM: Walk-in care'],
    ]);
  });

  it('leaves a work order unscheduled and unassigned when the contract names no time or technician', async () => {
    const id = await insertContract(t.db, polar, { startsOn: '2026-11-01', endsOn: '2027-10-31', leadDays: 20, visitTime: null, withTechnician: false });
    expect((await generate(NOW, [id])).visits).toBe(1);
    const [visit] = await visitsOf(id);
    expect(await t.db.select().from(scheduleItems).where(eq(scheduleItems.workOrderId, visit.workOrderId!))).toEqual([]);
    expect(await t.db.select().from(workOrderTechnicians).where(eq(workOrderTechnicians.workOrderId, visit.workOrderId!))).toEqual([]);
  });

  it('generates nothing for a contract that is not approved, before its start or after its end', async () => {
    const draft = await insertContract(t.db, polar, { startsOn: '2026-11-01', endsOn: '2027-10-31', status: 'draft' });
    const later = await insertContract(t.db, polar, { startsOn: '2027-02-01', endsOn: '2027-10-31' });
    const ended = await insertContract(t.db, polar, { startsOn: '2025-11-01', endsOn: '2026-12-05' });
    expect((await generate(NOW, [draft, later, ended])).visits).toBe(0);
  });

  it('extends an auto-renewing contract past its end by its term and generates on', async () => {
    const id = await insertContract(t.db, polar, { startsOn: '2025-12-01', endsOn: '2026-11-30', renews: true, leadDays: 15 });
    expect((await generate(NOW, [id])).visits).toBe(1);
    const [c] = await t.db.select({ endsOn: pmContracts.endsOn }).from(pmContracts).where(eq(pmContracts.id, id));
    expect(c.endsOn).toBe('2027-11-30');
  });

  it('never fills in or repeats dates when the rule is edited between runs', async () => {
    const id = await insertContract(t.db, polar, { startsOn: '2026-11-01', endsOn: '2027-10-31', leadDays: 45 });
    await generate(NOW, [id]);
    // Now every 5th and 20th, and further ahead: the 5th and 20th of December were before the latest visit (10 January).
    await t.db.update(pmContracts).set({ recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=5,20', leadDays: 80 }).where(eq(pmContracts.id, id));
    expect((await generate(NOW, [id])).visits).toBe(2);
    expect((await visitsOf(id)).map((v) => v.dueOn)).toEqual(['2026-12-10', '2027-01-10', '2027-01-20', '2027-02-05']);
    expect((await generate(NOW, [id])).visits).toBe(0);
  });

  it('does not generate a date the office skipped, nor hold back the dates before it', async () => {
    const id = await insertContract(t.db, polar, { startsOn: '2026-11-01', endsOn: '2027-10-31', leadDays: 45 });
    await t.db.insert(pmVisits).values({ subscriberId: polar.subscriberId, contractId: id, dueOn: '2027-01-10', skippedReason: 'Store closed for remodel', skippedBy: polar.adminId });
    expect((await generate(NOW, [id])).visits).toBe(1);
    expect((await visitsOf(id)).map((v) => [v.dueOn, v.workOrderId !== null])).toEqual([['2026-12-10', true], ['2027-01-10', false]]);
  });

  it('gives each visit one work order when two runs generate at the same time', async () => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await insertContract(t.db, polar, { name: `Site ${i}`, startsOn: '2026-11-01', endsOn: '2027-10-31', rule: 'FREQ=WEEKLY;BYDAY=MO,TH', leadDays: 30 }));
    const before = await pmTally(t.db, polar.subscriberId);
    const runs = await Promise.all([generate(NOW, ids), generate(NOW, ids), generate(NOW, ids)]);
    const after = await pmTally(t.db, polar.subscriberId);
    // Mondays and Thursdays from 1 to 31 December 2026: 9 dates a contract.
    expect(runs.reduce((n, r) => n + r.visits, 0)).toBe(12 * 9);
    expect(after.visits - before.visits).toBe(12 * 9);
    expect(after.withWorkOrder - before.withWorkOrder).toBe(12 * 9);
    expect(after).toMatchObject({ orphans: 0, twice: 0 });
  });
});

// A batch queues the next one at the later of the clock and its own time: the job's days must be ahead of the real
// clock, so they are those of December 2037, whose dates fall on the same weekdays as 2026's.
const JOB_NOW = new Date('2037-12-01T15:00:00Z');

describe('the generation job', () => {
  it('is queued once per company for its next daily run, runs in batches, queues the next one, and a second day generates only new dates', async () => {
    await t.db.delete(scheduledJobs).where(eq(scheduledJobs.kind, PM_GENERATION_JOB));
    const id = await insertContract(t.db, polar, { startsOn: '2037-11-01', endsOn: '2038-10-31', leadDays: 10, rule: 'FREQ=DAILY' });
    await ensurePmGenerationJobs(t.db, JOB_NOW);
    await ensurePmGenerationJobs(t.db, JOB_NOW);
    const waiting = await t.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.kind, PM_GENERATION_JOB), eq(scheduledJobs.status, 'queued')));
    const ours = waiting.filter((j) => j.subscriberId === polar.subscriberId);
    // Five past midnight in Dallas on 2 December.
    expect(ours.map((j) => j.runAt.toISOString())).toEqual(['2037-12-02T06:05:00.000Z']);
    expect(await runDueJobs(t.db, { now: JOB_NOW })).toBe(0);
    // Small batches: the company's job chains through its contracts.
    await t.db.update(scheduledJobs).set({ payload: { afterContractId: 0, limit: 3 } }).where(eq(scheduledJobs.id, ours[0].id));
    const firstDay = new Date('2037-12-02T06:05:00Z');
    expect(await runDueJobs(t.db, { now: firstDay, limit: 100 })).toBeGreaterThan(2);
    expect((await visitsOf(id)).map((v) => v.dueOn)).toEqual(Array.from({ length: 11 }, (_, i) => `2037-12-${String(2 + i).padStart(2, '0')}`));
    const [next] = await t.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.dedupeKey, pmGenerationKey(polar.subscriberId)), eq(scheduledJobs.status, 'queued')));
    expect(next.runAt.toISOString()).toBe('2037-12-03T06:05:00.000Z');
    const tally = await pmTally(t.db, polar.subscriberId);
    expect(await runDueJobs(t.db, { now: firstDay })).toBe(0);
    expect(await runDueJobs(t.db, { now: new Date('2037-12-03T06:05:00Z'), limit: 100 })).toBeGreaterThan(0);
    // The next day adds the one date that came into the window.
    expect((await visitsOf(id)).map((v) => v.dueOn).slice(-2)).toEqual(['2037-12-12', '2037-12-13']);
    expect((await visitsOf(id)).length).toBe(12);
    const after = await pmTally(t.db, polar.subscriberId);
    expect(after.visits).toBeGreaterThan(tally.visits);
    expect(after).toMatchObject({ orphans: 0, twice: 0, withWorkOrder: tally.withWorkOrder + after.visits - tally.visits });
    expect(await t.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.kind, PM_GENERATION_JOB), eq(scheduledJobs.status, 'failed')))).toEqual([]);
  });
});
