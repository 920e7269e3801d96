import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CREW_ONE_OF_TWO, projectCrewBody, projectPermitBody, projectSubcontractorBody, type ProjectCrew, type ProjectPermit, type ProjectSubcontractor } from '@sm/shared';
import type { z } from 'zod';
import { projectCrew, projectPermits, projects, projectSubcontractors } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound, pgConstraintOf } from '../../../lib/errors';
import { foundOrThrow, ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { rowsOf } from '../role-boards/work-order-board';
import { ensureListRow, ensureUser } from './project-rows';

type CrewParsed = z.output<typeof projectCrewBody>;
type PermitParsed = z.output<typeof projectPermitBody>;
type SubcontractorParsed = z.output<typeof projectSubcontractorBody>;

/** The crew, permits and subcontractors of a project, each with its names resolved. */
export async function projectParts(ctx: Ctx, projectId: number) {
  const s = ctx.actor.subscriberId;
  const [crew, permits, subcontractors] = await Promise.all([
    ctx.db.execute(sql`select k.id as "crewId", k.crew_member_id as "crewMemberId", k.user_id as "userId", coalesce(m.name, u.name) as name, k.role
      from project_crew k left join company_list_rows m on m.id = k.crew_member_id left join users u on u.id = k.user_id
      where k.subscriber_id = ${s} and k.project_id = ${projectId} order by coalesce(m.name, u.name), k.id`),
    ctx.db.execute(sql`select x.id as "permitId", x.permit_type_id as "permitTypeId", t.name as "permitType", x.permit_status_id as "permitStatusId", st.name as "permitStatus",
        x.permit_number as "permitNumber", x.applied_on::text as "appliedOn", x.issued_on::text as "issuedOn", x.expires_on::text as "expiresOn"
      from project_permits x join company_list_rows t on t.id = x.permit_type_id join company_list_rows st on st.id = x.permit_status_id
      where x.subscriber_id = ${s} and x.project_id = ${projectId} order by x.id`),
    ctx.db.execute(sql`select b.id as "subcontractorEntryId", b.sub_contractor_id as "subContractorId", r.name, b.status, b.amount::text as amount
      from project_subcontractors b join company_list_rows r on r.id = b.sub_contractor_id
      where b.subscriber_id = ${s} and b.project_id = ${projectId} order by r.name, b.id`),
  ]);
  return { crew: rowsOf<ProjectCrew>(crew), permits: rowsOf<ProjectPermit>(permits), subcontractors: rowsOf<ProjectSubcontractor>(subcontractors) };
}

/** The project, locked while one of its parts changes; another company's is a 404. */
async function lockedProject(tx: Tx, ctx: Ctx, projectId: number) {
  const [row] = await tx.select({ id: projects.id }).from(projects).where(ofTenant(projects, ctx, eq(projects.id, projectId))).for('update');
  return foundOrThrow(row, 'Project');
}

/** A second entry of the same person or firm on a project is a 409 saying so. */
async function unlessTaken<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgConstraintOf(err).code === '23505') throw new AppError(409, `${what} is already on this project.`);
    throw err;
  }
}

/** `POST Projects/{projectId}/crew`: a crew member of the list, or a user of the company, joins the crew. */
export async function addCrew(ctx: Ctx, projectId: number, body: CrewParsed) {
  return ctx.db.transaction(async (tx) => {
    await lockedProject(tx, ctx, projectId);
    await ensureListRow(tx, ctx, 'crewMembers', 'Crew member', body.crewMemberId);
    await ensureUser(tx, ctx, 'User', body.userId);
    if ((body.crewMemberId == null) === (body.userId == null)) throw new AppError(400, CREW_ONE_OF_TWO);
    const values = { crewMemberId: body.crewMemberId ?? null, userId: body.userId ?? null, role: body.role || null };
    const [row] = await unlessTaken('This person', () => tx.insert(projectCrew).values({ subscriberId: ctx.actor.subscriberId, projectId, ...values }).returning());
    await recordAudit(tx, ctx, { entity: 'projectCrew', entityId: row.id, action: 'create', after: { projectId, ...values } });
    return (await projectParts({ ...ctx, db: tx }, projectId)).crew.find((c) => c.crewId === row.id)!;
  });
}

/** `POST` or `PUT Projects/{projectId}/permits`: a permit's type and status are the company's active list rows. */
export async function savePermit(ctx: Ctx, projectId: number, permitId: number | null, body: PermitParsed) {
  return ctx.db.transaction(async (tx) => {
    await lockedProject(tx, ctx, projectId);
    const [before] = permitId === null ? [] : await tx.select().from(projectPermits).where(ofTenant(projectPermits, ctx, eq(projectPermits.id, permitId), eq(projectPermits.projectId, projectId)));
    if (permitId !== null && !before) throw notFound('Permit');
    await ensureListRow(tx, ctx, 'permitTypes', 'Permit type', body.permitTypeId, before?.permitTypeId);
    await ensureListRow(tx, ctx, 'permitStatuses', 'Permit status', body.permitStatusId, before?.permitStatusId);
    const values = {
      permitTypeId: body.permitTypeId, permitStatusId: body.permitStatusId, permitNumber: body.permitNumber || null,
      appliedOn: body.appliedOn ?? null, issuedOn: body.issuedOn ?? null, expiresOn: body.expiresOn ?? null,
    };
    const [row] = before
      ? await tx.update(projectPermits).set(values).where(eq(projectPermits.id, before.id)).returning()
      : await tx.insert(projectPermits).values({ subscriberId: ctx.actor.subscriberId, projectId, ...values }).returning();
    await recordAudit(tx, ctx, { entity: 'projectPermit', entityId: row.id, action: before ? 'update' : 'create', before, after: values });
    return (await projectParts({ ...ctx, db: tx }, projectId)).permits.find((p) => p.permitId === row.id)!;
  });
}

/** `POST` or `PUT Projects/{projectId}/subcontractors`: a firm of the list, once a project, with its status and amount. */
export async function saveSubcontractor(ctx: Ctx, projectId: number, entryId: number | null, body: SubcontractorParsed) {
  return ctx.db.transaction(async (tx) => {
    await lockedProject(tx, ctx, projectId);
    const [before] =
      entryId === null ? [] : await tx.select().from(projectSubcontractors).where(ofTenant(projectSubcontractors, ctx, eq(projectSubcontractors.id, entryId), eq(projectSubcontractors.projectId, projectId)));
    if (entryId !== null && !before) throw notFound('Subcontractor entry');
    await ensureListRow(tx, ctx, 'subContractors', 'Subcontractor', body.subContractorId, before?.subContractorId);
    const values = { subContractorId: body.subContractorId, status: body.status, amount: String(body.amount) };
    const [row] = await unlessTaken('This subcontractor', () =>
      before
        ? tx.update(projectSubcontractors).set(values).where(eq(projectSubcontractors.id, before.id)).returning()
        : tx.insert(projectSubcontractors).values({ subscriberId: ctx.actor.subscriberId, projectId, ...values }).returning(),
    );
    await recordAudit(tx, ctx, { entity: 'projectSubcontractor', entityId: row.id, action: before ? 'update' : 'create', before, after: values });
    return (await projectParts({ ...ctx, db: tx }, projectId)).subcontractors.find((b) => b.subcontractorEntryId === row.id)!;
  });
}

const PART_TABLES = {
  crew: { table: projectCrew, entity: 'projectCrew', what: 'Crew entry', done: 'Removed from the crew.' },
  permits: { table: projectPermits, entity: 'projectPermit', what: 'Permit', done: 'Permit removed.' },
  subcontractors: { table: projectSubcontractors, entity: 'projectSubcontractor', what: 'Subcontractor entry', done: 'Subcontractor removed.' },
} as const;
export type ProjectPartKind = keyof typeof PART_TABLES;

/** `DELETE Projects/{projectId}/{crew|permits|subcontractors}/{partId}`. */
export async function removePart(ctx: Ctx, projectId: number, kind: ProjectPartKind, partId: number) {
  const { table, entity, what, done } = PART_TABLES[kind];
  const t = table as PgTable & { id: PgColumn; projectId: PgColumn; subscriberId: PgColumn };
  return ctx.db.transaction(async (tx) => {
    await lockedProject(tx, ctx, projectId);
    const [gone] = await tx.delete(t).where(and(ofTenant(t, ctx, eq(t.id, partId)), eq(t.projectId, projectId))).returning();
    if (!gone) throw notFound(what);
    await recordAudit(tx, ctx, { entity, entityId: partId, action: 'delete', before: gone });
    return { message: done };
  });
}
