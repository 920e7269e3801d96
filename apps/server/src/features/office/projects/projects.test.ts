import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyListRows, customerRateSheets, customers, projects, rateSheetLaborItems, users, workOrderJobs, workOrderLabor, workOrderMaterials, workOrders,
} from '../../../db/schema';
import { createTestApp, seededAt, type TestApp } from '../../../test/test-app';

let t: TestApp;
let polar: number;
let coastal: number;
let site: typeof customers.$inferSelect;
const list: Record<string, number> = {};
const userIdOf = async (userName: string) => (await t.db.select().from(users).where(eq(users.userName, userName)))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  [polar, coastal] = await Promise.all(['admin', 'coastal.admin'].map(async (u) => (await t.db.select().from(users).where(eq(users.userName, u)))[0].subscriberId));
  for (const r of await t.db.select().from(companyListRows).where(eq(companyListRows.subscriberId, polar))) list[`${r.listKey}:${r.name}`] = r.id;
  [site] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
});
afterAll(() => t.close());

const body = (more: Record<string, unknown> = {}) => ({
  name: 'Produce aisle refit', customerId: site.id, jobStatusId: list['jobStatuses:Bidding'], projectTypeId: list['projectTypes:Remodel'], startDate: '2026-12-01', targetDate: '2027-01-31',
  budget: 1000, ...more,
});

/** A work order of the site made for a test, with no project. */
async function newWorkOrder(number: string, subscriberId = polar, customerId = site.id) {
  const [wo] = await t.db.insert(workOrders).values({ subscriberId, workOrderNumber: number, customerId, billingCustomerId: site.billingCustomerId, workOrderStatusId: 7, problem: 'Refit' }).returning();
  return wo;
}

describe('projects', () => {
  it('lands the project manager on a board with the demo projects, a column per job status', async () => {
    const res = await t.call('GET', '/api/v1/Projects/board', 'pm');
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json();
    expect(board.columns.map((c: { title: string }) => c.title)).toEqual(['Bidding', 'Awarded', 'In Progress', 'On Hold', 'Closed Out']);
    const remodel = board.columns[2].projects[0];
    expect(remodel).toMatchObject({ projectNumber: 1001, name: 'Kitchen remodel', projectManagerName: 'Paula Mendes', budget: '48500.00', progress: { jobs: 4, jobsDone: 2, workOrders: 2, percent: 50 } });
    const filtered = await t.call('GET', `/api/v1/Projects/board?jobStatusId=${list['jobStatuses:Awarded']}`, 'pm');
    expect(filtered.json().columns.map((c: { count: number }) => c.count)).toEqual([1]);
  });

  it('creates and edits a project, numbered after the last one', async () => {
    const created = await t.call('POST', '/api/v1/Projects', 'pm', body({ projectManagerId: await userIdOf('pm') }));
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json();
    expect(p).toMatchObject({ projectNumber: 1004, name: 'Produce aisle refit', jobStatus: 'Bidding', projectType: 'Remodel', customerName: 'FreshMart #112 Lakewood', budget: '1000.00', progress: { jobs: 0, percent: null } });
    const edited = await t.call('PUT', `/api/v1/Projects/${p.projectId}`, 'pm', body({ name: 'Produce aisle refit, phase 1', jobStatusId: list['jobStatuses:Awarded'], budget: 1250.5, projectTypeId: null }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Produce aisle refit, phase 1', jobStatus: 'Awarded', projectType: null, budget: '1250.50' });
  });

  it('links a work order of the company once, refuses another company\'s, and unlinks it', async () => {
    const p = (await t.call('POST', '/api/v1/Projects', 'pm', body({ name: 'Linking' }))).json();
    const wo = await newWorkOrder('PRJ-LINK');
    const linked = await t.call('POST', `/api/v1/Projects/${p.projectId}/workOrders`, 'pm', { workOrderId: wo.id });
    expect([linked.statusCode, linked.json().message]).toEqual([200, 'Work order PRJ-LINK linked.']);
    const other = (await t.call('POST', '/api/v1/Projects', 'pm', body({ name: 'Other' }))).json();
    const again = await t.call('POST', `/api/v1/Projects/${other.projectId}/workOrders`, 'pm', { workOrderId: wo.id });
    expect([again.statusCode, again.json().message]).toEqual([409, `Work order PRJ-LINK is already in project ${p.projectNumber} Linking: unlink it there first.`]);
    const [coastalSite] = await t.db.select().from(customers).where(eq(customers.subscriberId, coastal)).limit(1);
    const theirs = await newWorkOrder('PRJ-COASTAL', coastal, coastalSite.id);
    const refused = await t.call('POST', `/api/v1/Projects/${p.projectId}/workOrders`, 'pm', { workOrderId: theirs.id });
    expect([refused.statusCode, refused.json().message]).toEqual([404, 'Work order was not found.']);
    const detail = (await t.call('GET', `/api/v1/Projects/${p.projectId}`, 'pm')).json();
    expect(detail.workOrders.map((w: { workOrderNumber: string }) => w.workOrderNumber)).toEqual(['PRJ-LINK']);
    expect((await t.call('DELETE', `/api/v1/Projects/${p.projectId}/workOrders/${wo.id}`, 'pm')).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/Projects/${p.projectId}`, 'pm')).json().workOrders).toEqual([]);
  });

  it('counts progress and cost to date to the cent, as a hand count does', async () => {
    const p = (await t.call('POST', '/api/v1/Projects', 'pm', body({ name: 'Counted', budget: 500 }))).json();
    const [a, b] = [await newWorkOrder('PRJ-COST-A'), await newWorkOrder('PRJ-COST-B')];
    await t.db.update(workOrders).set({ workOrderStatusId: 38 }).where(eq(workOrders.id, b.id));
    const tech = await userIdOf('tech2');
    const [sheet] = await t.db.select().from(customerRateSheets).where(eq(customerRateSheets.billingCustomerId, site.billingCustomerId!));
    const [rate] = await t.db
      .insert(rateSheetLaborItems)
      .values({ subscriberId: polar, customerRateSheetId: sheet.id, technicianUserId: tech, dailyRate: 0, hourlyRate: 56.03, otHourlyRate: 0, standByRate: 0 })
      .returning();
    const start = seededAt().getTime() - 10 * 86_400_000;
    // 1.5 h at 56.03 = 84.045 → 84.05 on A; 0.75 h at 56.03 = 42.0225 → 42.02 on B.
    await t.db.insert(workOrderLabor).values([
      { subscriberId: polar, workOrderId: a.id, userId: tech, rateSheetLaborItemId: rate.id, startedAt: new Date(start), stoppedAt: new Date(start + 1.5 * 3_600_000) },
      { subscriberId: polar, workOrderId: b.id, userId: tech, rateSheetLaborItemId: rate.id, startedAt: new Date(start), stoppedAt: new Date(start + 0.75 * 3_600_000) },
    ]);
    // 3 × 12.35 = 37.05 billable on A, 1 × 0.10 on B; a canceled part is not counted.
    await t.db.insert(workOrderMaterials).values([
      { subscriberId: polar, workOrderId: a.id, materialStatusId: 2, description: 'Door gasket', quantity: '3', unitCost: '9.50', markupPercent: '30', unitPrice: '12.35' },
      { subscriberId: polar, workOrderId: b.id, materialStatusId: 2, description: 'Washer', quantity: '1', unitCost: '0.05', markupPercent: '100', unitPrice: '0.10' },
      { subscriberId: polar, workOrderId: b.id, materialStatusId: 5, description: 'Wrong part', quantity: '1', unitCost: '40', markupPercent: '0', unitPrice: '40' },
    ]);
    await t.db.insert(workOrderJobs).values([
      { subscriberId: polar, workOrderId: a.id, title: 'One', isCompleted: true },
      { subscriberId: polar, workOrderId: a.id, title: 'Two', isSurvey: true },
      { subscriberId: polar, workOrderId: b.id, title: 'Three', isCompleted: true },
    ]);
    for (const wo of [a, b]) expect((await t.call('POST', `/api/v1/Projects/${p.projectId}/workOrders`, 'pm', { workOrderId: wo.id })).statusCode).toBe(200);
    const detail = (await t.call('GET', `/api/v1/Projects/${p.projectId}`, 'pm')).json();
    expect(detail.progress).toEqual({ jobs: 3, jobsDone: 2, workOrders: 2, workOrdersDone: 1, percent: 67 });
    expect(detail.cost).toEqual({ labor: '126.07', materials: '37.15', total: '163.22', subcontracted: '0.00', remaining: '336.78' });
    expect(detail.workOrders.map((w: { labor: string; materials: string; isDone: boolean }) => [w.labor, w.materials, w.isDone])).toEqual([['84.05', '37.05', false], ['42.02', '0.10', true]]);
  });

  it('keeps crew, permits and subcontractors of the company\'s lists', async () => {
    const p = (await t.call('POST', '/api/v1/Projects', 'pm', body({ name: 'Parts' }))).json();
    const crew = await t.call('POST', `/api/v1/Projects/${p.projectId}/crew`, 'pm', { crewMemberId: list['crewMembers:Luis Ortega'], role: 'Operator' });
    expect(crew.json()).toMatchObject({ name: 'Luis Ortega', role: 'Operator' });
    for (const both of [{ role: 'Nobody' }, { crewMemberId: list['crewMembers:Sam Whitaker'], userId: await userIdOf('tech') }]) {
      const refused = await t.call('POST', `/api/v1/Projects/${p.projectId}/crew`, 'pm', both);
      expect([refused.statusCode, refused.json().message]).toEqual([400, 'Choose a crew member or a user, one of the two.']);
    }
    const twice = await t.call('POST', `/api/v1/Projects/${p.projectId}/crew`, 'pm', { crewMemberId: list['crewMembers:Luis Ortega'] });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'This person is already on this project.']);
    const permit = await t.call('POST', `/api/v1/Projects/${p.projectId}/permits`, 'pm', { permitTypeId: list['permitTypes:Excavation'], permitStatusId: list['permitStatuses:Applied'], appliedOn: '2026-11-02' });
    expect(permit.json()).toMatchObject({ permitType: 'Excavation', permitStatus: 'Applied', appliedOn: '2026-11-02' });
    const sub = await t.call('POST', `/api/v1/Projects/${p.projectId}/subcontractors`, 'pm', { subContractorId: list['subContractors:DFW Backflow Testing'], status: 'Bidding', amount: 1200.1 });
    expect(sub.json()).toMatchObject({ name: 'DFW Backflow Testing', status: 'Bidding', amount: '1200.10' });
    const detail = (await t.call('GET', `/api/v1/Projects/${p.projectId}`, 'pm')).json();
    expect([detail.crew.length, detail.permits.length, detail.cost.subcontracted]).toEqual([1, 1, '1200.10']);
    expect((await t.call('DELETE', `/api/v1/Projects/${p.projectId}/crew/${crew.json().crewId}`, 'pm')).json().message).toBe('Removed from the crew.');
    const wrongList = await t.call('POST', `/api/v1/Projects/${p.projectId}/permits`, 'pm', { permitTypeId: list['permitStatuses:Applied'], permitStatusId: list['permitStatuses:Applied'] });
    expect([wrongList.statusCode, wrongList.json().message]).toEqual([404, 'Permit type was not found.']);
  });

  it.each([
    [{ name: ' ' }, 'Name field is required!'],
    [{ jobStatusId: undefined }, 'Job status field is required!'],
    [{ targetDate: '2026-11-30' }, 'Target date must not be before the start date.'],
    [{ budget: 10.005 }, 'Budget must have at most two decimals.'],
    [{ budget: -1 }, 'Budget must not be negative.'],
    [{ startDate: '2026-02-30' }, 'Start date is not a real date.'],
  ])('refuses %j with a sentence and writes nothing', async (change, message) => {
    const before = (await t.db.select({ n: count() }).from(projects))[0].n;
    const res = await t.call('POST', '/api/v1/Projects', 'pm', body(change));
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
    expect((await t.db.select({ n: count() }).from(projects))[0].n).toBe(before);
  });

  it("refuses another company's customer and job status as not found", async () => {
    const [coastalStatus] = await t.db.select().from(companyListRows).where(and(eq(companyListRows.subscriberId, coastal), eq(companyListRows.listKey, 'jobStatuses')));
    const [coastalSite] = await t.db.select().from(customers).where(eq(customers.subscriberId, coastal)).limit(1);
    for (const [change, message] of [
      [{ jobStatusId: coastalStatus.id }, 'Job status was not found.'],
      [{ customerId: coastalSite.id }, 'Customer was not found.'],
      [{ projectManagerId: await userIdOf('coastal.tech') }, 'Project manager was not found.'],
    ] as const) {
      const res = await t.call('POST', '/api/v1/Projects', 'pm', body(change));
      expect([res.statusCode, res.json().message]).toEqual([404, message]);
    }
  });

  it('refuses a technician, who sees his own work orders only', async () => {
    for (const [method, url] of [['GET', '/api/v1/Projects/board'], ['GET', '/api/v1/Boards/workOrderJobs'], ['POST', '/api/v1/Projects']] as const) {
      const res = await t.call(method, url, 'tech', method === 'POST' ? body() : undefined);
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('the work-order jobs board', () => {
  it('holds the open jobs and survey jobs and the completed ones, and a job ticked done moves', async () => {
    const board = (await t.call('GET', '/api/v1/Boards/workOrderJobs', 'pm')).json();
    const job = board.columns[0].cards.find((c: { title: string }) => c.title === 'Rough-in three hand sinks');
    expect(job).toMatchObject({ workOrderNumber: '240020', projectName: 'Kitchen remodel', isCompleted: false });
    expect(board.columns.map((c: { key: string }) => c.key)).toEqual(['jobs', 'surveys', 'completed']);
    const ticked = await t.call('PUT', `/api/v1/WorkOrderJobs/${job.workOrderJobId}`, 'pm', { isCompleted: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    const after = (await t.call('GET', `/api/v1/Boards/workOrderJobs?projectId=${job.projectId}`, 'pm')).json();
    expect(after.columns[2].cards.map((c: { workOrderJobId: number }) => c.workOrderJobId)).toContain(job.workOrderJobId);
    expect(after.columns[0].cards.map((c: { workOrderJobId: number }) => c.workOrderJobId)).not.toContain(job.workOrderJobId);
  });
});
