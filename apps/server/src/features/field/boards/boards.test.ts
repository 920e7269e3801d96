import { parseZonedIso, teamLeaderBoardSchema, wallClockOf, type TeamLeaderBoard } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import { createTestApp, seededDay, type TestApp } from '../../../test/test-app';

let t: TestApp;
const id: Record<string, number> = {};
/** Today in the demo company's time zone, as the board reads it. */
const todayInDallas = () => wallClockOf(new Date(), 'America/Chicago').toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.select({ id: users.id, userName: users.userName }).from(users)) id[u.userName] = u.id;
});
afterAll(() => t.close());

const board = async (as: string, query = '') => {
  const res = await t.call('GET', `/api/v1/TeamLeader/board${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TeamLeaderBoard;
};
const technician = (b: TeamLeaderBoard, userName: string) => b.technicians.find((x) => x.userId === id[userName]);

describe('the master board', () => {
  it("answers today's technicians of the company with their status, labor, position and items in order", async () => {
    const b = await board('leader');
    expect(teamLeaderBoardSchema.safeParse(b).success).toBe(true);
    expect(b).toMatchObject({ date: todayInDallas(), timeZone: 'America/Chicago' });
    expect(b.technicians.map((x) => x.name)).toEqual(['Priya Natarajan', 'Tom Alvarez']);
    // The items of the day the demo was seeded on: its visits of "today".
    const seeded = seededDay('America/Chicago');
    const day = await board('leader', `?date=${seeded}`);
    expect(day.technicians.map((x) => x.name)).toEqual(['Priya Natarajan', 'Tom Alvarez']);
    expect(technician(b, 'tech')).toMatchObject({ phone: '214-555-0104', status: { userStatusId: 10, userStatus: 'Off Duty' }, openLabor: null, position: null });
    const tom = technician(day, 'tech')!;
    expect(tom).toMatchObject({ phone: '214-555-0104', status: { userStatusId: 10, userStatus: 'Off Duty' }, openLabor: null, position: null });
    expect(tom.items.length).toBeGreaterThanOrEqual(2);
    expect(tom.items.every((i) => i.technicianId === id.tech)).toBe(true);
    const starts = tom.items.map((i) => i.start);
    expect(starts).toEqual([...starts].sort());
    const [from, to] = [parseZonedIso(seeded, 'America/Chicago')!.toISOString(), parseZonedIso(`${seeded}T23:59:59.999`, 'America/Chicago')!.toISOString()];
    expect(tom.items.every((i) => i.end > from && i.start <= to)).toBe(true);
    expect(technician(day, 'tech2')!.items.length).toBeGreaterThanOrEqual(1);
    // Job sites: the placed customers of the day's work orders, each naming who goes there.
    const visited = new Set(day.technicians.flatMap((x) => x.items.map((i) => i.customer?.id)).filter(Boolean));
    expect(day.jobSites.length).toBe(visited.size);
    for (const site of day.jobSites) {
      expect(site.latitude).toBeGreaterThan(32);
      expect(site.longitude).toBeLessThan(-96);
      expect(site.workOrderNumbers.length).toBeGreaterThan(0);
      expect(site.technicianIds.every((x) => x === id.tech || x === id.tech2)).toBe(true);
    }
  });

  it("shows a technician's live status, job and position after a clock-in", async () => {
    const [wo] = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech2', { take: 1 })).json().data;
    const before = Date.now();
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech2', {
      workOrderId: wo.workOrderId,
      startTime: new Date().toISOString(),
      isReachedAtSite: true,
      userStatusId: 1,
      currentLatLong: { latitude: 32.7942, longitude: -96.7838 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const priya = technician(await board('leader'), 'tech2')!;
    expect(priya.status).toMatchObject({ userStatusId: 1, userStatus: 'On Site' });
    expect(Date.parse(priya.status!.since!)).toBeGreaterThanOrEqual(before - 1000);
    expect(priya.openLabor).toMatchObject({ workOrderLaborId: res.json().workOrderLaborId, workOrderId: wo.workOrderId, workOrderNumber: wo.workOrderNumber, customer: wo.customerName, isReachedAtSite: true });
    expect(priya.position).toMatchObject({ latitude: 32.7942, longitude: -96.7838 });
    expect(priya.position!.at).toBe(priya.openLabor!.since);
    // Filters narrow the technicians: by work status, by name, by id.
    expect((await board('leader', '?userStatusId=1')).technicians.map((x) => x.userId)).toEqual([id.tech2]);
    expect((await board('leader', '?search=tom')).technicians.map((x) => x.userId)).toEqual([id.tech]);
    expect((await board('leader', '?search=%25')).technicians).toEqual([]);
    expect((await board('leader', `?technicianId=${id.tech}`)).technicians.map((x) => x.userId)).toEqual([id.tech]);
  });

  it('shows a schedule item saved for today, and another day with its own items and no positions', async () => {
    const [wo] = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', { take: 1 })).json().data;
    const saved = await t.call('POST', '/api/v1/Scheduler/save', 'dispatcher', { schedulerId: 0, workOrderId: wo.workOrderId, technicianId: id.tech, task: 'Board check visit', start: `${todayInDallas()}T23:15:00`, durationHours: 0.5 });
    expect(saved.statusCode, saved.body).toBe(200);
    const tom = technician(await board('leader'), 'tech')!;
    expect(tom.items.at(-1)).toMatchObject({ schedulerId: saved.json().schedulerId, task: 'Board check visit', workOrderNumber: wo.workOrderNumber });

    const other = await board('leader', '?date=2020-01-06&timeZone=Europe/London');
    expect(other).toMatchObject({ date: '2020-01-06', timeZone: 'Europe/London', jobSites: [] });
    expect(other.technicians.every((x) => x.items.length === 0 && x.position === null)).toBe(true);
  });

  it('expands a series on the days it repeats', async () => {
    const series = await t.call('POST', '/api/v1/Scheduler/save', 'dispatcher', { schedulerId: 0, task: 'Walk-in freezer round', technicianId: id.tech2, start: '2026-01-05T07:00:00', durationHours: 1, recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(series.statusCode, series.body).toBe(200);
    const monday = technician(await board('leader', '?date=2026-03-02'), 'tech2')!;
    expect(monday.items.map((i) => [i.task, i.start])).toContainEqual(['Walk-in freezer round', '2026-03-02T13:00:00.000Z']);
    expect(technician(await board('leader', '?date=2026-03-03'), 'tech2')!.items.map((i) => i.task)).not.toContain('Walk-in freezer round');
  });

  it("never shows another company's technicians, and answers 404 for one of them", async () => {
    const coastal = await board('coastal.admin');
    expect(coastal.technicians.map((x) => x.name)).toEqual(['Kevin Osei']);
    expect(coastal.timeZone).toBe('America/New_York');
    expect(coastal.jobSites.every((s) => s.technicianIds.every((x) => x === id['coastal.tech']))).toBe(true);
    expect(technician(await board('leader'), 'coastal.tech')).toBeUndefined();
    expect(technician(await board('admin'), 'coastal.tech')).toBeUndefined();
    const res = await t.call('GET', `/api/v1/TeamLeader/board?technicianId=${id['coastal.tech']}`, 'leader');
    expect(res.statusCode).toBe(404);
    expect(res.json().title).toBe('Technician was not found.');
  });

  it('refuses technicians and dispatchers (403) and bad days with a sentence, changing nothing', async () => {
    const before = await dbFingerprint(t.db);
    for (const who of ['tech', 'dispatcher', 'coastal.tech']) expect((await t.call('GET', '/api/v1/TeamLeader/board', who)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/TeamLeader/board', null)).statusCode).toBe(401);
    const bad = await t.call('GET', '/api/v1/TeamLeader/board?date=2026-02-30', 'leader');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('Date must be a day like 2026-03-01.');
    const zone = await t.call('GET', '/api/v1/TeamLeader/board?timeZone=Nowhere/Else', 'leader');
    expect(zone.statusCode).toBe(400);
    expect(zone.json().title).toMatch(/^Time zone "Nowhere\/Else" is not known/);
    expect(await dbFingerprint(t.db)).toBe(before);
  });
});
