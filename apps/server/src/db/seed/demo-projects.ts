import { and, eq, inArray } from 'drizzle-orm';
import { wallClockOf } from '@sm/shared';
import { companyListRows, workOrderMaterials, projectCrew, projectPermits, projects, projectSubcontractors, projectWorkOrders, workOrderJobs, workOrders } from '../schema';
import type { Tx } from '../../lib/context';

const DAY_MS = 86_400_000;

/** Each demo project: its name, type, status, work orders (by number), and its work orders' jobs ([title, survey, done]). */
const PROJECTS: {
  name: string; type: string; status: string; startIn: number; targetIn: number; budget: string | null; workOrders: string[]; jobs: [string, boolean, boolean][][];
}[] = [
  {
    name: 'Kitchen remodel', type: 'Remodel', status: 'In Progress', startIn: -20, targetIn: 40, budget: '48500.00', workOrders: ['240020', '240021'],
    jobs: [
      [['Survey existing drain lines', true, true], ['Set new grease trap', false, true], ['Rough-in three hand sinks', false, false]],
      [['Walk-in cooler pad and box', false, false]],
    ],
  },
  {
    name: 'Walk-in cooler replacement', type: 'Service Upgrade', status: 'Awarded', startIn: 7, targetIn: 30, budget: '18200.00', workOrders: ['240022'],
    jobs: [[['Site survey for new condensing unit', true, false], ['Remove old walk-in', false, false]]],
  },
  { name: 'Backflow upgrade', type: 'New Construction', status: 'Bidding', startIn: 30, targetIn: 75, budget: null, workOrders: [], jobs: [] },
];

/**
 * The demo's projects for the project manager's board: two with work orders and jobs (some done), crew, a permit and a
 * subcontractor, and one still being bid; the crew members and subcontractors they name join the company's lists.
 */
export async function seedProjects(tx: Tx, company: { id: number; timeZone: string; projectManagerId: number; createdBy: number }, now: Date) {
  const subscriberId = company.id;
  const added = await tx
    .insert(companyListRows)
    .values([
      { subscriberId, listKey: 'crewMembers', name: 'Luis Ortega' },
      { subscriberId, listKey: 'crewMembers', name: 'Sam Whitaker' },
      { subscriberId, listKey: 'subContractors', name: 'Metro Concrete Cutting' },
      { subscriberId, listKey: 'subContractors', name: 'DFW Backflow Testing' },
    ])
    .returning();
  const rows = await tx.select().from(companyListRows).where(eq(companyListRows.subscriberId, subscriberId));
  const row = (listKey: string, name: string) => rows.find((r) => r.listKey === listKey && r.name === name)!.id;
  const day = (offset: number) => wallClockOf(new Date(now.getTime() + offset * DAY_MS), company.timeZone).toISOString().slice(0, 10);
  const numbers = PROJECTS.flatMap((p) => p.workOrders);
  const found = await tx.select().from(workOrders).where(and(eq(workOrders.subscriberId, subscriberId), inArray(workOrders.workOrderNumber, numbers)));
  const [firstSite] = found;
  for (const [i, p] of PROJECTS.entries()) {
    const linked = p.workOrders.map((n) => found.find((w) => w.workOrderNumber === n)!);
    const [project] = await tx
      .insert(projects)
      .values({
        subscriberId, projectNumber: 1001 + i, name: p.name, customerId: (linked[0] ?? firstSite).customerId, projectTypeId: row('projectTypes', p.type), jobStatusId: row('jobStatuses', p.status),
        projectManagerId: company.projectManagerId, startDate: day(p.startIn), targetDate: day(p.targetIn), budget: p.budget, createdBy: company.createdBy, createdAt: new Date(now.getTime() - 30 * DAY_MS),
      })
      .returning();
    for (const [w, wo] of linked.entries()) {
      await tx.insert(projectWorkOrders).values({ subscriberId, projectId: project.id, workOrderId: wo.id, linkedBy: company.createdBy, linkedAt: new Date(now.getTime() - 20 * DAY_MS) });
      const jobs = p.jobs[w] ?? [];
      if (jobs.length > 0) {
        await tx.insert(workOrderJobs).values(
          jobs.map(([title, isSurvey, isCompleted], j) => ({ subscriberId, workOrderId: wo.id, title, isSurvey, isCompleted, createdBy: company.createdBy, createdAt: new Date(now.getTime() - (19 - j) * DAY_MS) })),
        );
      }
    }
    // Parts already used on the open work orders, so the projects' cost to date has something to count.
    const open = linked.filter((w) => w.workOrderNumber !== '240020');
    if (open.length > 0) {
      await tx.insert(workOrderMaterials).values(
        open.map((w, n) => ({
          subscriberId, workOrderId: w.id, materialStatusId: 2, description: n === 0 ? 'Grease trap, 50 GPM' : 'Walk-in cooler door gasket', partNumber: n === 0 ? 'GT-50' : 'DG-3678',
          quantity: n === 0 ? '1' : '3', unitCost: n === 0 ? '1180.00' : '42.50', markupPercent: '25', unitPrice: n === 0 ? '1475.00' : '53.13', createdBy: company.createdBy,
        })),
      );
    }
    if (i > 0) continue;
    await tx.insert(projectCrew).values([
      { subscriberId, projectId: project.id, crewMemberId: added[0].id, role: 'Excavator operator' },
      { subscriberId, projectId: project.id, userId: company.projectManagerId, role: 'Project manager' },
    ]);
    await tx.insert(projectPermits).values({
      subscriberId, projectId: project.id, permitTypeId: row('permitTypes', 'Plumbing'), permitStatusId: row('permitStatuses', 'Issued'), permitNumber: 'PLB-2026-11873', appliedOn: day(-28), issuedOn: day(-21), expiresOn: day(160),
    });
    await tx.insert(projectSubcontractors).values({ subscriberId, projectId: project.id, subContractorId: added[2].id, status: 'Awarded', amount: '7250.00' });
  }
}
