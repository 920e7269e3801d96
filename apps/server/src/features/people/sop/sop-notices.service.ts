import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SopCheckList, SopNotifications } from '@sm/shared';
import { sopStatuses, sopTypes, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { sopAssignments, sopDetails, sopStepNotices, sopSteps } from './sop.table';

const registrars = alias(users, 'registrars');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `GET SOPDetails/getNotificationDetails`: the SOPs waiting for the caller to acknowledge them, oldest first (spec platform 3.10). */
export async function mySopNotifications(ctx: Ctx): Promise<SopNotifications> {
  const rows = await ctx.db
    .select({ a: sopAssignments, d: sopDetails, sopType: sopTypes.name, sopStatus: sopStatuses.name, userName: users.name })
    .from(sopAssignments)
    .innerJoin(sopDetails, eq(sopDetails.id, sopAssignments.sopDetailId))
    .innerJoin(sopTypes, eq(sopTypes.id, sopDetails.sopTypeId))
    .innerJoin(sopStatuses, eq(sopStatuses.id, sopDetails.sopStatusId))
    .innerJoin(users, eq(users.id, sopAssignments.userId))
    .where(ofTenant(sopAssignments, ctx, eq(sopAssignments.userId, ctx.actor.userId), isNull(sopAssignments.acknowledgedAt)))
    .orderBy(asc(sopAssignments.assignedAt), asc(sopAssignments.id));
  return {
    isAcknowledge: rows.length === 0 ? 1 : 0,
    sopNotificationDetails: rows.map(({ a, d, sopType, sopStatus, userName }) => ({
      sopDetailId: d.id,
      sopName: d.name,
      sopType,
      sopStatus,
      description: d.description,
      assignedToUser: userName,
      createdDate: a.assignedAt.toISOString(),
      modifiedDate: iso(d.updatedAt),
    })),
  };
}

/** `PUT SOPDetails/acknowledgeSOPNotification`: the caller acknowledges every SOP waiting for them. */
export async function acknowledgeAllSops(ctx: Ctx): Promise<SopNotifications> {
  await ctx.db
    .update(sopAssignments)
    .set({ acknowledgedAt: ctx.now })
    .where(ofTenant(sopAssignments, ctx, eq(sopAssignments.userId, ctx.actor.userId), isNull(sopAssignments.acknowledgedAt)));
  return mySopNotifications(ctx);
}

/** `PUT SOPDetails/acknowledgeSopDetail/{id}`: the caller acknowledges one SOP of theirs; again changes nothing. */
export async function acknowledgeSop(ctx: Ctx, sopDetailId: number): Promise<SopNotifications> {
  await ctx.db.transaction(async (tx) => {
    const [mine] = await tx
      .select()
      .from(sopAssignments)
      .where(ofTenant(sopAssignments, ctx, eq(sopAssignments.sopDetailId, sopDetailId), eq(sopAssignments.userId, ctx.actor.userId)))
      .for('update');
    if (!mine) throw notFound('SOP');
    if (!mine.acknowledgedAt) await tx.update(sopAssignments).set({ acknowledgedAt: ctx.now }).where(eq(sopAssignments.id, mine.id));
  });
  return mySopNotifications(ctx);
}

/** `GET SOPDetails/getSOPCheckListNotificationDetails`: the checklist steps waiting for the caller, SOP by SOP in order. */
export async function myCheckList(ctx: Ctx): Promise<SopCheckList> {
  const rows = await ctx.db
    .select({ n: sopStepNotices, step: sopSteps, sopName: sopDetails.name, userName: users.name, registeredUserName: registrars.name })
    .from(sopStepNotices)
    .innerJoin(sopSteps, eq(sopSteps.id, sopStepNotices.sopStepId))
    .innerJoin(sopDetails, eq(sopDetails.id, sopSteps.sopDetailId))
    .innerJoin(users, eq(users.id, sopStepNotices.userId))
    .leftJoin(registrars, eq(registrars.id, sopStepNotices.registeredBy))
    .where(ofTenant(sopStepNotices, ctx, eq(sopStepNotices.userId, ctx.actor.userId), isNull(sopStepNotices.acknowledgedAt)))
    .orderBy(asc(sopDetails.name), asc(sopDetails.id), asc(sopSteps.position));
  const list = rows.map(({ n, step, sopName, userName, registeredUserName }) => ({
    checkListNotificationId: n.id,
    stepCheckListId: step.id,
    checklistItem: step.checklistItem,
    sopDetailId: step.sopDetailId,
    sopName,
    assignedToUser: userName,
    assignedToUserId: n.userId,
    registeredUserId: n.registeredBy,
    registeredUserName,
    createdDate: n.createdAt.toISOString(),
    modifiedDate: iso(step.updatedAt),
  }));
  return { checkListNotifications: list, count: list.length };
}

/** `PUT SOPDetails/acknowledgeSOPCheckListNotification`: the caller marks one step of theirs done; again changes nothing. */
export async function acknowledgeCheckListStep(ctx: Ctx, checkListNotificationId: number): Promise<SopCheckList> {
  const done = await ctx.db
    .update(sopStepNotices)
    .set({ acknowledgedAt: ctx.now })
    .where(and(ofTenant(sopStepNotices, ctx, eq(sopStepNotices.id, checkListNotificationId), eq(sopStepNotices.userId, ctx.actor.userId)), isNull(sopStepNotices.acknowledgedAt)))
    .returning({ id: sopStepNotices.id });
  if (done.length === 0) {
    const [mine] = await ctx.db.select({ id: sopStepNotices.id }).from(sopStepNotices).where(ofTenant(sopStepNotices, ctx, eq(sopStepNotices.id, checkListNotificationId), eq(sopStepNotices.userId, ctx.actor.userId)));
    if (!mine) throw notFound('Checklist notification');
  }
  return myCheckList(ctx);
}
