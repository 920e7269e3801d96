import { eq, sql } from 'drizzle-orm';
import type { ProjectBoardAnswer, ProjectBoardQuery, ProjectDetail, ProjectOptions, ProjectParsed } from '@sm/shared';
import { customers, projects } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { foundOrThrow, ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { rowsOf } from '../role-boards/work-order-board';
import { projectParts } from './project-parts.service';
import { ensureListRow, ensureUser, projectRow, projectRows } from './project-rows';
import { projectCost, projectWorkOrders } from './project-work-orders.service';

type Choice = { id: number; name: string };

/**
 * `GET Projects/board` (spec platform 2.1 /management/projects): the company's projects a column per job status (the
 * active rows of the list in their order, and a retired one while a project still stands in it), narrowed by project
 * manager, status and customer; the filters offer the managers and customers of every project.
 */
export async function projectBoard(ctx: Ctx, q: ProjectBoardQuery): Promise<ProjectBoardAnswer> {
  const filters = sql.join(
    [
      q.projectManagerId === undefined ? sql`true` : sql`p.project_manager_id = ${q.projectManagerId}`,
      q.jobStatusId === undefined ? sql`true` : sql`p.job_status_id = ${q.jobStatusId}`,
      q.customerId === undefined ? sql`true` : sql`p.customer_id = ${q.customerId}`,
    ],
    sql` and `,
  );
  const s = ctx.actor.subscriberId;
  const [list, statuses, managers, sites] = await Promise.all([
    projectRows(ctx.db, ctx, filters),
    ctx.db.execute(sql`select id, name from company_list_rows r where subscriber_id = ${s} and list_key = 'jobStatuses'
      and (is_active or exists (select 1 from projects p where p.job_status_id = r.id)) order by id`),
    ctx.db.execute(sql`select distinct u.id, u.name from projects p join users u on u.id = p.project_manager_id where p.subscriber_id = ${s} order by u.name, u.id`),
    ctx.db.execute(sql`select distinct c.id, c.name from projects p join customers c on c.id = p.customer_id where p.subscriber_id = ${s} order by c.name, c.id`),
  ]);
  const columns = rowsOf<Choice>(statuses)
    .filter((st) => q.jobStatusId === undefined || st.id === q.jobStatusId)
    .map((st) => {
      const inColumn = list.filter((p) => p.jobStatusId === st.id);
      return { jobStatusId: st.id, title: st.name, count: inColumn.length, projects: inColumn };
    });
  return { columns, projectManagers: rowsOf<Choice>(managers), customers: rowsOf<Choice>(sites) };
}

/** `GET Projects/{projectId}`: the project, its crew, permits, subcontractors, work orders with their jobs, and its cost to date. */
export async function projectDetail(ctx: Ctx, projectId: number): Promise<ProjectDetail> {
  const project = await projectRow(ctx.db, ctx, projectId);
  const [parts, workOrders] = await Promise.all([projectParts(ctx, projectId), projectWorkOrders(ctx, projectId)]);
  return { ...project, ...parts, workOrders, cost: projectCost(workOrders, parts.subcontractors, project.budget) };
}

/** `GET Projects/options`: the active rows of the job settings the forms offer, and the company's active users. */
export async function projectOptions(ctx: Ctx): Promise<ProjectOptions> {
  const rows = rowsOf<Choice & { listKey: string }>(
    await ctx.db.execute(sql`select id, name, list_key as "listKey" from company_list_rows
      where subscriber_id = ${ctx.actor.subscriberId} and is_active
        and list_key in ('projectTypes', 'jobStatuses', 'crewMembers', 'permitTypes', 'permitStatuses', 'subContractors') order by id`),
  );
  const of = (key: string) => rows.filter((r) => r.listKey === key).map(({ id, name }) => ({ id, name }));
  const users = rowsOf<Choice>(await ctx.db.execute(sql`select id, name from users where subscriber_id = ${ctx.actor.subscriberId} and is_active order by name, id`));
  return {
    projectTypes: of('projectTypes').sort((a, b) => a.name.localeCompare(b.name)),
    jobStatuses: of('jobStatuses'),
    crewMembers: of('crewMembers').sort((a, b) => a.name.localeCompare(b.name)),
    permitTypes: of('permitTypes').sort((a, b) => a.name.localeCompare(b.name)),
    permitStatuses: of('permitStatuses'),
    subContractors: of('subContractors').sort((a, b) => a.name.localeCompare(b.name)),
    users,
  };
}

/** Every row the body names is the caller's company's: the customer, the list rows and the project manager. */
async function ensureNames(tx: Tx, ctx: Ctx, body: ProjectParsed, before?: typeof projects.$inferSelect) {
  const [site] = await tx.select({ id: customers.id }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, body.customerId)));
  if (!site) throw notFound('Customer');
  await ensureListRow(tx, ctx, 'jobStatuses', 'Job status', body.jobStatusId, before?.jobStatusId);
  await ensureListRow(tx, ctx, 'projectTypes', 'Project type', body.projectTypeId, before?.projectTypeId);
  await ensureUser(tx, ctx, 'Project manager', body.projectManagerId, before?.projectManagerId);
}

const valuesOf = (body: ProjectParsed) => ({
  name: body.name,
  customerId: body.customerId,
  projectTypeId: body.projectTypeId ?? null,
  jobStatusId: body.jobStatusId,
  projectManagerId: body.projectManagerId ?? null,
  startDate: body.startDate ?? null,
  targetDate: body.targetDate ?? null,
  budget: body.budget == null ? null : String(body.budget),
  description: body.description || null,
});

/** `POST Projects`: a new project, numbered after the company's last one. */
export async function addProject(ctx: Ctx, body: ProjectParsed) {
  return ctx.db.transaction(async (tx) => {
    await ensureNames(tx, ctx, body);
    // The company's projects are numbered one after another; the lock keeps two new ones from taking the same number.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('projects'), ${ctx.actor.subscriberId})`);
    const [last] = rowsOf<{ n: number }>(await tx.execute(sql`select coalesce(max(project_number), 1000)::int as n from projects where subscriber_id = ${ctx.actor.subscriberId}`));
    const [row] = await tx
      .insert(projects)
      .values({ subscriberId: ctx.actor.subscriberId, projectNumber: last.n + 1, ...valuesOf(body), createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning();
    await recordAudit(tx, ctx, { entity: 'project', entityId: row.id, action: 'create', after: valuesOf(body) });
    return projectRow(tx, ctx, row.id);
  });
}

/** `PUT Projects/{projectId}`: the whole project again; a retired status, type or manager it already had may stay. */
export async function updateProject(ctx: Ctx, projectId: number, body: ProjectParsed) {
  return ctx.db.transaction(async (tx) => {
    const [stored] = await tx.select().from(projects).where(ofTenant(projects, ctx, eq(projects.id, projectId))).for('update');
    const before = foundOrThrow(stored, 'Project');
    await ensureNames(tx, ctx, body, before);
    await tx.update(projects).set(valuesOf(body)).where(ofTenant(projects, ctx, eq(projects.id, projectId)));
    await recordAudit(tx, ctx, { entity: 'project', entityId: projectId, action: 'update', before, after: valuesOf(body) });
    return projectRow(tx, ctx, projectId);
  });
}
