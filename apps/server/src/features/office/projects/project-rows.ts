import { sql, type SQL } from 'drizzle-orm';
import type { Project, ReferenceListKey } from '@sm/shared';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { CLOSED_STATUS_IDS } from '../../field/scheduling/scheduler-lookups.service';
import { rowsOf, statusList } from '../role-boards/work-order-board';

/** A work order "done" for a project's progress: it needs no more visits (completed, billed, invoiced, canceled, duplicate). */
export const DONE_STATUSES = statusList(CLOSED_STATUS_IDS);

interface Row {
  projectId: number;
  projectNumber: number;
  name: string;
  customerId: number;
  customerName: string;
  projectTypeId: number | null;
  projectType: string | null;
  jobStatusId: number;
  jobStatus: string;
  projectManagerId: number | null;
  projectManagerName: string | null;
  startDate: string | null;
  targetDate: string | null;
  budget: string | null;
  description: string | null;
  jobs: number;
  jobsDone: number;
  workOrders: number;
  workOrdersDone: number;
}

/** A whole percent, half up, of two counts; null with nothing to count. */
const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.floor((part * 100) / whole + 0.5));

const projectOf = (r: Row): Project => ({
  projectId: r.projectId, projectNumber: r.projectNumber, name: r.name, customerId: r.customerId, customerName: r.customerName,
  projectTypeId: r.projectTypeId, projectType: r.projectType, jobStatusId: r.jobStatusId, jobStatus: r.jobStatus,
  projectManagerId: r.projectManagerId, projectManagerName: r.projectManagerName, startDate: r.startDate, targetDate: r.targetDate,
  budget: r.budget, description: r.description,
  progress: { jobs: r.jobs, jobsDone: r.jobsDone, workOrders: r.workOrders, workOrdersDone: r.workOrdersDone, percent: percentOf(r.jobsDone, r.jobs) },
});

/**
 * The company's projects that `where` keeps (alias `p`), by number, each with its names resolved and its progress
 * counted from its work orders (alias `w`) and their jobs.
 */
export async function projectRows(db: DbOrTx, ctx: Ctx, where: SQL = sql`true`): Promise<Project[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select p.id as "projectId", p.project_number as "projectNumber", p.name, p.customer_id as "customerId", c.name as "customerName",
             p.project_type_id as "projectTypeId", pt.name as "projectType", p.job_status_id as "jobStatusId", js.name as "jobStatus",
             p.project_manager_id as "projectManagerId", u.name as "projectManagerName", p.start_date::text as "startDate", p.target_date::text as "targetDate",
             p.budget::text as budget, p.description,
             (select count(*)::int from work_order_jobs j join project_work_orders l on l.work_order_id = j.work_order_id where l.project_id = p.id) as jobs,
             (select count(*)::int from work_order_jobs j join project_work_orders l on l.work_order_id = j.work_order_id where l.project_id = p.id and j.is_completed) as "jobsDone",
             (select count(*)::int from project_work_orders l where l.project_id = p.id) as "workOrders",
             (select count(*)::int from project_work_orders l join work_orders w on w.id = l.work_order_id
               where l.project_id = p.id and w.work_order_status_id in (${DONE_STATUSES})) as "workOrdersDone"
        from projects p
        join customers c on c.id = p.customer_id
        join company_list_rows js on js.id = p.job_status_id
        left join company_list_rows pt on pt.id = p.project_type_id
        left join users u on u.id = p.project_manager_id
       where p.subscriber_id = ${ctx.actor.subscriberId} and ${where}
       order by p.project_number`),
  );
  return rows.map(projectOf);
}

/** One project of the caller's company, or the 404 another company's gets. */
export async function projectRow(db: DbOrTx, ctx: Ctx, projectId: number): Promise<Project> {
  const [found] = await projectRows(db, ctx, sql`p.id = ${projectId}`);
  if (!found) throw notFound('Project');
  return found;
}

/**
 * The row of a job settings list a project names: the company's row of that list (another company's is a 404), and an
 * active one unless the record named it already (`kept`).
 */
export async function ensureListRow(db: DbOrTx, ctx: Ctx, listKey: ReferenceListKey, label: string, id: number | null | undefined, kept?: number | null) {
  if (id == null) return;
  const [row] = rowsOf<{ name: string; isActive: boolean }>(
    await db.execute(sql`select name, is_active as "isActive" from company_list_rows where subscriber_id = ${ctx.actor.subscriberId} and list_key = ${listKey} and id = ${id}`),
  );
  if (!row) throw notFound(label);
  if (!row.isActive && id !== kept) throw new AppError(400, `${row.name} is retired: choose another ${label.toLowerCase()}.`);
}

/** A user of the caller's company, active unless the record named them already. */
export async function ensureUser(db: DbOrTx, ctx: Ctx, label: string, id: number | null | undefined, kept?: number | null) {
  if (id == null) return;
  const [row] = rowsOf<{ name: string; isActive: boolean }>(
    await db.execute(sql`select name, is_active as "isActive" from users where subscriber_id = ${ctx.actor.subscriberId} and id = ${id}`),
  );
  if (!row) throw notFound(label);
  if (!row.isActive && id !== kept) throw new AppError(400, `${row.name} is not an active user: choose an active ${label.toLowerCase()}.`);
}
