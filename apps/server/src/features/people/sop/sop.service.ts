import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { NoticePayload, SopAcknowledgement, SopDetail, SopDetailRow } from '@sm/shared';
import { sopStatuses, sopTypes, users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { isStaff } from '../../platform/users/users.service';
import { sopAssignments, sopDetails, sopStepNotices, sopSteps } from './sop.table';

type Body = {
  sopName: string;
  sopTypeId: number;
  sopStatusId: number;
  description?: string | null;
  steps: { stepCheckListId?: number | null; checklistItem: string }[];
  assignedUserIds: number[];
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const assignedCount = sql<number>`(select count(*)::int from ${sopAssignments} a where a.sop_detail_id = ${sopDetails.id})`;
const acknowledgedCount = sql<number>`(select count(*)::int from ${sopAssignments} a where a.sop_detail_id = ${sopDetails.id} and a.acknowledged_at is not null)`;
const stepCount = sql<number>`(select count(*)::int from ${sopSteps} s where s.sop_detail_id = ${sopDetails.id})`;

const HEADER = {
  sopDetailId: sopDetails.id,
  sopName: sopDetails.name,
  sopTypeId: sopDetails.sopTypeId,
  sopType: sopTypes.name,
  sopStatusId: sopDetails.sopStatusId,
  sopStatus: sopStatuses.name,
  description: sopDetails.description,
  createdAt: sopDetails.createdAt,
  updatedAt: sopDetails.updatedAt,
};

/** `GET SOPDetails/list`: the company's SOPs, by name, with how many people have each and how many acknowledged it. */
export async function listSopDetails(ctx: Ctx): Promise<SopDetailRow[]> {
  const rows = await ctx.db
    .select({ ...HEADER, stepCount, assignedCount, acknowledgedCount })
    .from(sopDetails)
    .innerJoin(sopTypes, eq(sopTypes.id, sopDetails.sopTypeId))
    .innerJoin(sopStatuses, eq(sopStatuses.id, sopDetails.sopStatusId))
    .where(ofTenant(sopDetails, ctx))
    .orderBy(asc(sopDetails.name), asc(sopDetails.id));
  return rows.map(({ createdAt, updatedAt, ...r }) => ({ ...r, createdDate: createdAt.toISOString(), modifiedDate: iso(updatedAt) }));
}

/** `GET SOPDetails/{id}`: one SOP with its checklist in order and whom it is assigned to. */
export async function getSopDetail(db: Ctx['db'] | Tx, ctx: Ctx, sopDetailId: number): Promise<SopDetail> {
  const [row] = await db
    .select(HEADER)
    .from(sopDetails)
    .innerJoin(sopTypes, eq(sopTypes.id, sopDetails.sopTypeId))
    .innerJoin(sopStatuses, eq(sopStatuses.id, sopDetails.sopStatusId))
    .where(ofTenant(sopDetails, ctx, eq(sopDetails.id, sopDetailId)));
  if (!row) throw notFound('SOP');
  const steps = await db.select({ stepCheckListId: sopSteps.id, checklistItem: sopSteps.checklistItem }).from(sopSteps).where(eq(sopSteps.sopDetailId, row.sopDetailId)).orderBy(asc(sopSteps.position));
  const assigned = await db.select({ userId: sopAssignments.userId }).from(sopAssignments).where(eq(sopAssignments.sopDetailId, row.sopDetailId)).orderBy(asc(sopAssignments.userId));
  const { createdAt, updatedAt, ...rest } = row;
  return { ...rest, steps, assignedUserIds: assigned.map((a) => a.userId), createdDate: createdAt.toISOString(), modifiedDate: iso(updatedAt) };
}

/** The type, status and assignees of a body: the company's own, active staff, or a sentence. */
async function checkReferences(tx: Tx, ctx: Ctx, body: Body) {
  const [type] = await tx.select({ id: sopTypes.id, isActive: sopTypes.isActive }).from(sopTypes).where(ofTenant(sopTypes, ctx, eq(sopTypes.id, body.sopTypeId)));
  if (!type) throw notFound('SOP Type');
  const [status] = await tx.select({ id: sopStatuses.id }).from(sopStatuses).where(eq(sopStatuses.id, body.sopStatusId));
  if (!status) throw notFound('SOP Status');
  if (body.assignedUserIds.length === 0) return type;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(ofTenant(users, ctx, inArray(users.id, body.assignedUserIds), eq(users.isActive, true), isStaff(users.id)));
  if (found.length !== body.assignedUserIds.length) throw notFound('Assigned user');
  return type;
}

/** Replaces the checklist: kept steps changed and put in order, missing ones removed, new ones added. Answers the new steps' ids. */
async function saveSteps(tx: Tx, ctx: Ctx, sopDetailId: number, steps: Body['steps']): Promise<number[]> {
  const existing = await tx.select({ id: sopSteps.id, item: sopSteps.checklistItem }).from(sopSteps).where(eq(sopSteps.sopDetailId, sopDetailId));
  const kept = new Map(existing.map((s) => [s.id, s.item]));
  for (const s of steps) if (s.stepCheckListId && !kept.has(s.stepCheckListId)) throw notFound('Step');
  const keptIds = steps.flatMap((s) => (s.stepCheckListId ? [s.stepCheckListId] : []));
  if (new Set(keptIds).size !== keptIds.length) throw new AppError(400, 'A step is listed only once.');
  await tx.delete(sopSteps).where(and(eq(sopSteps.sopDetailId, sopDetailId), keptIds.length ? notInArray(sopSteps.id, keptIds) : undefined));
  const added: number[] = [];
  for (const [position, s] of steps.entries()) {
    if (s.stepCheckListId) {
      const changed = kept.get(s.stepCheckListId) !== s.checklistItem;
      await tx.update(sopSteps).set({ position, checklistItem: s.checklistItem, ...(changed ? { updatedAt: ctx.now } : {}) }).where(eq(sopSteps.id, s.stepCheckListId));
    } else {
      const [row] = await tx.insert(sopSteps).values({ subscriberId: ctx.actor.subscriberId, sopDetailId, position, checklistItem: s.checklistItem }).returning({ id: sopSteps.id });
      added.push(row.id);
    }
  }
  return added;
}

/**
 * Assigns the SOP to exactly these people: the new ones get it and a task-list notice per step; those no longer listed
 * lose theirs; new steps reach everyone who has it. Answers who was newly given it.
 */
async function saveAssignments(tx: Tx, ctx: Ctx, sopDetailId: number, userIds: number[], newStepIds: number[]): Promise<number[]> {
  const before = (await tx.select({ userId: sopAssignments.userId }).from(sopAssignments).where(eq(sopAssignments.sopDetailId, sopDetailId))).map((a) => a.userId);
  const removed = before.filter((id) => !userIds.includes(id));
  const added = userIds.filter((id) => !before.includes(id));
  if (removed.length > 0) {
    await tx.delete(sopAssignments).where(and(eq(sopAssignments.sopDetailId, sopDetailId), inArray(sopAssignments.userId, removed)));
    const stepIds = tx.select({ id: sopSteps.id }).from(sopSteps).where(eq(sopSteps.sopDetailId, sopDetailId));
    await tx.delete(sopStepNotices).where(and(inArray(sopStepNotices.sopStepId, stepIds), inArray(sopStepNotices.userId, removed)));
  }
  if (added.length > 0) {
    await tx.insert(sopAssignments).values(added.map((userId) => ({ subscriberId: ctx.actor.subscriberId, sopDetailId, userId, assignedBy: ctx.actor.userId, assignedAt: ctx.now })));
  }
  const allSteps = (await tx.select({ id: sopSteps.id }).from(sopSteps).where(eq(sopSteps.sopDetailId, sopDetailId))).map((s) => s.id);
  const notices = [
    ...added.flatMap((userId) => allSteps.map((sopStepId) => ({ userId, sopStepId }))),
    ...userIds.filter((id) => !added.includes(id)).flatMap((userId) => newStepIds.map((sopStepId) => ({ userId, sopStepId }))),
  ];
  if (notices.length > 0) {
    await tx
      .insert(sopStepNotices)
      .values(notices.map((n) => ({ ...n, subscriberId: ctx.actor.subscriberId, registeredBy: ctx.actor.userId, createdAt: ctx.now })))
      .onConflictDoNothing();
  }
  return [...new Set([...added, ...(newStepIds.length > 0 ? userIds : [])])];
}

function announce(ctx: Ctx, userIds: number[], sop: SopDetail) {
  const payload: NoticePayload = { kind: 'sop', sopDetailId: sop.sopDetailId, sopName: sop.sopName };
  if (userIds.length > 0) ctx.events?.publish({ subscriberId: ctx.actor.subscriberId, event: 'notice', payload, userIds });
}

const snapshot = (b: Body) => ({ sopName: b.sopName, sopTypeId: b.sopTypeId, sopStatusId: b.sopStatusId, description: b.description ?? null, steps: b.steps.map((s) => s.checklistItem), assignedUserIds: b.assignedUserIds });

/** `POST SOPDetails`: a new SOP with its checklist, given to the people listed, who hear of it live. */
export async function createSopDetail(ctx: Ctx, body: Body): Promise<SopDetail> {
  if (body.steps.some((s) => s.stepCheckListId)) throw new AppError(400, 'A new SOP has only new steps.');
  const { sop, told } = await ctx.db.transaction(async (tx) => {
    const type = await checkReferences(tx, ctx, body);
    if (!type.isActive) throw new AppError(400, 'This SOP Type is retired; choose another.');
    const [row] = await tx
      .insert(sopDetails)
      .values({ subscriberId: ctx.actor.subscriberId, name: body.sopName, sopTypeId: body.sopTypeId, sopStatusId: body.sopStatusId, description: body.description?.trim() || null, createdBy: ctx.actor.userId, createdAt: ctx.now })
      .returning({ id: sopDetails.id });
    const stepIds = await saveSteps(tx, ctx, row.id, body.steps);
    const told = await saveAssignments(tx, ctx, row.id, body.assignedUserIds, stepIds);
    await recordAudit(tx, ctx, { entity: 'sopDetail', entityId: row.id, action: 'create', after: snapshot(body) });
    return { sop: await getSopDetail(tx, ctx, row.id), told };
  });
  announce(ctx, told, sop);
  return sop;
}

/** `PUT SOPDetails/{id}`: the SOP, its checklist and its assignees again; acknowledgements already given are kept. */
export async function updateSopDetail(ctx: Ctx, sopDetailId: number, body: Body): Promise<SopDetail> {
  const { sop, told } = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: sopDetails.id }).from(sopDetails).where(ofTenant(sopDetails, ctx, eq(sopDetails.id, sopDetailId))).for('update');
    if (!locked) throw notFound('SOP');
    const before = await getSopDetail(tx, ctx, sopDetailId);
    const type = await checkReferences(tx, ctx, body);
    if (!type.isActive && body.sopTypeId !== before.sopTypeId) throw new AppError(400, 'This SOP Type is retired; choose another.');
    await tx
      .update(sopDetails)
      .set({ name: body.sopName, sopTypeId: body.sopTypeId, sopStatusId: body.sopStatusId, description: body.description?.trim() || null, updatedAt: ctx.now })
      .where(eq(sopDetails.id, sopDetailId));
    const stepIds = await saveSteps(tx, ctx, sopDetailId, body.steps);
    const told = await saveAssignments(tx, ctx, sopDetailId, body.assignedUserIds, stepIds);
    await recordAudit(tx, ctx, {
      entity: 'sopDetail',
      entityId: sopDetailId,
      action: 'update',
      before: { ...before, steps: before.steps.map((s) => s.checklistItem) },
      after: snapshot(body),
    });
    return { sop: await getSopDetail(tx, ctx, sopDetailId), told };
  });
  announce(ctx, told, sop);
  return sop;
}

/** `DELETE SOPDetails/{id}`: the SOP with its checklist, assignments and notices; the audit keeps what it was. */
export async function deleteSopDetail(ctx: Ctx, sopDetailId: number): Promise<{ sopDetailId: number }> {
  await ctx.db.transaction(async (tx) => {
    const before = await getSopDetail(tx, ctx, sopDetailId);
    await tx.delete(sopDetails).where(ofTenant(sopDetails, ctx, eq(sopDetails.id, sopDetailId)));
    await recordAudit(tx, ctx, { entity: 'sopDetail', entityId: sopDetailId, action: 'delete', before: { ...before, steps: before.steps.map((s) => s.checklistItem) } });
  });
  return { sopDetailId };
}

/** `GET SOPDetails/usersAcknowledged`: every assignment (of one SOP, or all), with when it was acknowledged and the steps done. */
export async function sopAcknowledgements(ctx: Ctx, sopDetailId?: number): Promise<SopAcknowledgement[]> {
  const stepsDone = sql<number>`(select count(*)::int from ${sopStepNotices} n join ${sopSteps} s on s.id = n.sop_step_id where s.sop_detail_id = ${sopAssignments.sopDetailId} and n.user_id = ${sopAssignments.userId} and n.acknowledged_at is not null)`;
  const rows = await ctx.db
    .select({
      sopDetailId: sopDetails.id,
      sopName: sopDetails.name,
      sopType: sopTypes.name,
      userId: users.id,
      userName: users.name,
      assignedAt: sopAssignments.assignedAt,
      acknowledgedAt: sopAssignments.acknowledgedAt,
      stepsDone,
      stepCount,
    })
    .from(sopAssignments)
    .innerJoin(sopDetails, eq(sopDetails.id, sopAssignments.sopDetailId))
    .innerJoin(sopTypes, eq(sopTypes.id, sopDetails.sopTypeId))
    .innerJoin(users, eq(users.id, sopAssignments.userId))
    .where(ofTenant(sopAssignments, ctx, sopDetailId ? eq(sopAssignments.sopDetailId, sopDetailId) : undefined))
    .orderBy(asc(sopDetails.name), asc(users.name));
  return rows.map(({ assignedAt, acknowledgedAt, ...r }) => ({ ...r, assignedDate: assignedAt.toISOString(), acknowledgedDate: iso(acknowledgedAt) }));
}
