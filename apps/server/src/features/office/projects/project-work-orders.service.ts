import { and, eq, sql } from 'drizzle-orm';
import { sumMoney, WORK_ORDER_STATUSES, type LinkableWorkOrder, type ProjectSubcontractor, type ProjectWorkOrder, type WorkOrderJob } from '@sm/shared';
import { projects, projectWorkOrders as links, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { foundOrThrow, ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { meterOf } from '../../field/clock/nte-meter.service';
import { rowsOf } from '../role-boards/work-order-board';
import { DONE_STATUSES } from './project-rows';

const statusName = (id: number) => WORK_ORDER_STATUSES.find((s) => s.workOrderStatusId === id)?.workOrderStatus ?? `Status ${id}`;
/** `%` and `_` typed into a search are letters, not patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface WorkOrderRow {
  workOrderId: number;
  workOrderNumber: string;
  workOrderStatusId: number;
  isDone: boolean;
  problem: string;
  customerId: number;
  billingCustomerId: number | null;
  nte: number | null;
  customerName: string;
  technicians: string[] | null;
}

/**
 * The work orders of a project by number, each with its technicians, its jobs and survey jobs (oldest first), and its
 * labor and materials to date as its invoice counts them (labor at its rates, running labor up to now).
 */
export async function projectWorkOrders(ctx: Ctx, projectId: number): Promise<ProjectWorkOrder[]> {
  const s = ctx.actor.subscriberId;
  const rows = rowsOf<WorkOrderRow>(
    await ctx.db.execute(sql`
      select w.id as "workOrderId", w.work_order_number as "workOrderNumber", w.work_order_status_id as "workOrderStatusId",
             w.work_order_status_id in (${DONE_STATUSES}) as "isDone", w.problem, w.customer_id as "customerId",
             w.billing_customer_id as "billingCustomerId", w.nte, c.name as "customerName",
             (select array_agg(u.name order by u.name) from work_order_technicians t join users u on u.id = t.user_id where t.work_order_id = w.id) as technicians
        from project_work_orders l join work_orders w on w.id = l.work_order_id join customers c on c.id = w.customer_id
       where l.subscriber_id = ${s} and l.project_id = ${projectId}
       order by w.work_order_number, w.id`),
  );
  if (rows.length === 0) return [];
  const jobs = rowsOf<WorkOrderJob>(
    await ctx.db.execute(sql`
      select j.id as "workOrderJobId", j.work_order_id as "workOrderId", j.title, j.description, j.is_survey as "isSurvey", j.is_completed as "isCompleted",
             u.name as "createdBy", to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
        from work_order_jobs j join project_work_orders l on l.work_order_id = j.work_order_id left join users u on u.id = j.created_by
       where j.subscriber_id = ${s} and l.project_id = ${projectId}
       order by j.created_at, j.id`),
  );
  return Promise.all(
    rows.map(async (w) => {
      const { meter } = await meterOf(ctx.db, ctx, { id: w.workOrderId, customerId: w.customerId, billingCustomerId: w.billingCustomerId, nte: w.nte });
      return {
        workOrderId: w.workOrderId, workOrderNumber: w.workOrderNumber, workOrderStatus: statusName(w.workOrderStatusId), isDone: w.isDone, problem: w.problem,
        customerName: w.customerName, technicians: w.technicians ?? [], labor: meter.labor, materials: meter.materials,
        jobs: jobs.filter((j) => j.workOrderId === w.workOrderId),
      };
    }),
  );
}

/** The cost to date of a project's work orders (labor and materials), its subcontracted amounts, and what is left of its budget. */
export function projectCost(workOrders: ProjectWorkOrder[], subcontractors: ProjectSubcontractor[], budget: string | null) {
  const labor = sumMoney(workOrders.map((w) => w.labor));
  const materials = sumMoney(workOrders.map((w) => w.materials));
  const total = sumMoney([labor, materials]);
  return { labor, materials, total, subcontracted: sumMoney(subcontractors.map((b) => b.amount)), remaining: budget === null ? null : sumMoney([budget, `-${total}`]) };
}

/** `POST Projects/{projectId}/workOrders`: links a work order of the company that is in no project yet. */
export async function linkWorkOrder(ctx: Ctx, projectId: number, workOrderId: number) {
  return ctx.db.transaction(async (tx) => {
    const [project] = await tx.select({ id: projects.id }).from(projects).where(ofTenant(projects, ctx, eq(projects.id, projectId))).for('update');
    foundOrThrow(project, 'Project');
    const [wo] = await tx.select({ id: workOrders.id, number: workOrders.workOrderNumber }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId))).for('update');
    if (!wo) throw notFound('Work order');
    const [taken] = rowsOf<{ projectNumber: number; name: string }>(
      await tx.execute(sql`select p.project_number as "projectNumber", p.name from project_work_orders l join projects p on p.id = l.project_id
        where l.subscriber_id = ${ctx.actor.subscriberId} and l.work_order_id = ${workOrderId}`),
    );
    if (taken) throw new AppError(409, `Work order ${wo.number} is already in project ${taken.projectNumber} ${taken.name}: unlink it there first.`);
    const [row] = await tx.insert(links).values({ subscriberId: ctx.actor.subscriberId, projectId, workOrderId, linkedBy: ctx.actor.userId, linkedAt: ctx.now }).returning();
    await recordAudit(tx, ctx, { entity: 'projectWorkOrder', entityId: row.id, action: 'create', after: { projectId, workOrderId } });
    return { message: `Work order ${wo.number} linked.` };
  });
}

/** `DELETE Projects/{projectId}/workOrders/{workOrderId}`: the work order leaves the project; its jobs stay on it. */
export async function unlinkWorkOrder(ctx: Ctx, projectId: number, workOrderId: number) {
  return ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(links).where(and(ofTenant(links, ctx, eq(links.projectId, projectId)), eq(links.workOrderId, workOrderId))).returning();
    if (!gone) throw notFound('Work order of the project');
    await recordAudit(tx, ctx, { entity: 'projectWorkOrder', entityId: gone.id, action: 'delete', before: { projectId, workOrderId } });
    return { message: 'Work order unlinked.' };
  });
}

/** `GET Projects/linkableWorkOrders`: the company's work orders in no project, newest first, by number or customer. */
export async function linkableWorkOrders(ctx: Ctx, q: { search?: string; take: number; skip: number }): Promise<LinkableWorkOrder[]> {
  const search = q.search?.trim();
  const like = search ? `%${likeEscaped(search)}%` : null;
  const rows = rowsOf<Omit<LinkableWorkOrder, 'workOrderStatus'> & { workOrderStatusId: number }>(
    await ctx.db.execute(sql`
      select w.id as "workOrderId", w.work_order_number as "workOrderNumber", w.work_order_status_id as "workOrderStatusId", c.name as "customerName", w.problem
        from work_orders w join customers c on c.id = w.customer_id
       where w.subscriber_id = ${ctx.actor.subscriberId}
         and not exists (select 1 from project_work_orders l where l.work_order_id = w.id)
         and (${like}::text is null or w.work_order_number ilike ${like} or c.name ilike ${like})
       order by w.created_at desc, w.id desc limit ${q.take} offset ${q.skip}`),
  );
  return rows.map(({ workOrderStatusId, ...r }) => ({ ...r, workOrderStatus: statusName(workOrderStatusId) }));
}
