import { asc, eq } from 'drizzle-orm';
import type { Access, AddWorkOrderJobBody, UpdateWorkOrderJobBody, WorkOrderJob, WorkOrderJobsQuery } from '@sm/shared';
import { users, workOrderJobs } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { visibleWorkOrder } from '../work-orders/work-order-visibility';
import { textOrNull, workOrderOfItem } from './work-order-item-access';

type Stored = typeof workOrderJobs.$inferSelect;

const rowOf = (j: Stored, createdBy: string | null): WorkOrderJob => ({
  workOrderJobId: j.id,
  workOrderId: j.workOrderId,
  title: j.title,
  description: j.description,
  isSurvey: j.isSurvey,
  isCompleted: j.isCompleted,
  createdBy,
  createdAt: j.createdAt.toISOString(),
});

const snapshot = (j: Stored) => ({ workOrderId: j.workOrderId, title: j.title, description: j.description, isSurvey: j.isSurvey, isCompleted: j.isCompleted });

const selectJobs = (db: DbOrTx) =>
  db.select({ j: workOrderJobs, createdBy: users.name }).from(workOrderJobs).leftJoin(users, eq(users.id, workOrderJobs.createdBy)).$dynamic();

async function jobById(db: DbOrTx, ctx: Ctx, id: number) {
  const [r] = await selectJobs(db).where(ofTenant(workOrderJobs, ctx, eq(workOrderJobs.id, id)));
  if (!r) throw notFound('Job');
  return rowOf(r.j, r.createdBy);
}

/** `WorkOrderJobs/getWorkOrderJobs?workOrderId=`: the jobs and survey jobs of a work order, oldest first. */
export async function listJobs(ctx: Ctx, access: Access, q: WorkOrderJobsQuery): Promise<WorkOrderJob[]> {
  await visibleWorkOrder(ctx.db, ctx, access, q.workOrderId);
  const rows = await selectJobs(ctx.db)
    .where(
      ofTenant(
        workOrderJobs,
        ctx,
        eq(workOrderJobs.workOrderId, q.workOrderId),
        q.isSurvey === undefined ? undefined : eq(workOrderJobs.isSurvey, q.isSurvey),
        q.isCompleted === undefined ? undefined : eq(workOrderJobs.isCompleted, q.isCompleted),
      ),
    )
    .orderBy(asc(workOrderJobs.createdAt), asc(workOrderJobs.id))
    .limit(q.take)
    .offset(q.skip);
  return rows.map((r) => rowOf(r.j, r.createdBy));
}

/** `WorkOrderJobs/add`: a job, or a survey job, on a work order the caller may see. */
export async function addJob(ctx: Ctx, access: Access, body: AddWorkOrderJobBody): Promise<WorkOrderJob> {
  return ctx.db.transaction(async (tx) => {
    await visibleWorkOrder(tx, ctx, access, body.workOrderId);
    const [row] = await tx
      .insert(workOrderJobs)
      .values({
        subscriberId: ctx.actor.subscriberId,
        workOrderId: body.workOrderId,
        title: body.title,
        description: textOrNull(body.description),
        isSurvey: body.isSurvey ?? false,
        createdBy: ctx.actor.userId,
        createdAt: ctx.now,
      })
      .returning();
    await recordAudit(tx, ctx, { entity: 'workOrderJob', entityId: row.id, action: 'create', after: snapshot(row) });
    return jobById(tx, ctx, row.id);
  });
}

/** `PUT WorkOrderJobs/{workOrderJobId}`: marks a job done or open; a title or description given replaces the old one. */
export async function updateJob(ctx: Ctx, access: Access, id: number, body: UpdateWorkOrderJobBody): Promise<WorkOrderJob> {
  return ctx.db.transaction(async (tx) => {
    await workOrderOfItem(tx, ctx, access, workOrderJobs, id, 'Job');
    const [before] = await tx.select().from(workOrderJobs).where(ofTenant(workOrderJobs, ctx, eq(workOrderJobs.id, id))).for('update');
    const [after] = await tx
      .update(workOrderJobs)
      .set({
        isCompleted: body.isCompleted,
        ...(body.title === undefined ? {} : { title: body.title }),
        ...(body.description === undefined ? {} : { description: textOrNull(body.description) }),
      })
      .where(ofTenant(workOrderJobs, ctx, eq(workOrderJobs.id, id)))
      .returning();
    await recordAudit(tx, ctx, { entity: 'workOrderJob', entityId: id, action: 'update', before: snapshot(before), after: snapshot(after) });
    return jobById(tx, ctx, id);
  });
}

/** `DELETE WorkOrderJobs/{workOrderJobId}`. */
export async function deleteJob(ctx: Ctx, access: Access, id: number) {
  return ctx.db.transaction(async (tx) => {
    await workOrderOfItem(tx, ctx, access, workOrderJobs, id, 'Job');
    const [gone] = await tx.delete(workOrderJobs).where(ofTenant(workOrderJobs, ctx, eq(workOrderJobs.id, id))).returning();
    await recordAudit(tx, ctx, { entity: 'workOrderJob', entityId: id, action: 'delete', before: snapshot(gone) });
    return { message: 'Job deleted.' };
  });
}
