import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clockInBody, clockOutAndStartBody, clockOutBody, type Access, type RequestConflict, type resolveConflictBody } from '@sm/shared';
import type { z } from 'zod';
import { users, workOrders } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import type { Db } from '../../../db/client';
import type { KeptRequestConflict } from '../../platform/idempotency/idempotency.plugin';
import { clockIn, clockOut, clockOutAndStart } from './clock.service';
import { requestConflicts } from './request-conflicts.table';

/** Records a kept request the server refused with a conflict, in the transaction that stores its answer. */
export async function recordConflict(tx: Tx, c: KeptRequestConflict) {
  await tx.insert(requestConflicts).values({
    subscriberId: c.actor.subscriberId,
    userId: c.actor.userId,
    kind: c.error.kind,
    message: c.error.message,
    method: c.method,
    route: c.route,
    path: c.path,
    body: c.body,
    idempotencyKey: c.idempotencyKey,
    deviceTime: c.deviceTime,
    receivedAt: c.receivedAt,
  });
}

const resolver = alias(users, 'resolver');

/** The company's conflicts, newest first; only one state when asked. */
export async function listConflicts(ctx: Ctx, state?: RequestConflict['state']): Promise<RequestConflict[]> {
  const rows = await ctx.db
    .select({ c: requestConflicts, userName: users.name, resolvedByName: resolver.name, workOrderNumber: workOrders.workOrderNumber })
    .from(requestConflicts)
    .innerJoin(users, eq(users.id, requestConflicts.userId))
    // The work order the request names, for the office to read (the body keeps it as the device sent it).
    .leftJoin(
      workOrders,
      and(eq(workOrders.subscriberId, requestConflicts.subscriberId), sql`${workOrders.id}::text = ${requestConflicts.body}->>'workOrderId'`),
    )
    .leftJoin(resolver, eq(resolver.id, requestConflicts.resolvedBy))
    .where(ofTenant(requestConflicts, ctx, state ? eq(requestConflicts.state, state) : undefined))
    .orderBy(desc(requestConflicts.receivedAt), desc(requestConflicts.id))
    .limit(500);
  return rows.map(({ c, userName, resolvedByName, workOrderNumber }) => ({
    conflictId: c.id,
    kind: c.kind as RequestConflict['kind'],
    state: c.state as RequestConflict['state'],
    message: c.message,
    userId: c.userId,
    userName,
    workOrderNumber: workOrderNumber ?? null,
    method: c.method,
    path: c.path,
    body: c.body,
    deviceTime: c.deviceTime?.toISOString() ?? null,
    receivedAt: c.receivedAt.toISOString(),
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
    resolvedByName: resolvedByName ?? null,
    resolution: c.resolution,
  }));
}

type Applier = (ctx: Ctx, access: Access, body: unknown, at: Date | null) => Promise<unknown>;

/**
 * How the office applies each kind of kept request as its technician. A corrected time replaces the device's: a
 * clock-in starts then, a clock-out stops then. Other kept requests (uploads, signatures) are dismissed and entered by hand.
 */
const APPLIERS: Record<string, Applier> = {
  'POST /api/v1/WOStartStop/clockInWorkOrder': (ctx, access, body, at) => {
    const input = clockInBody.parse(body);
    return clockIn(ctx, access, at ? { ...input, startTime: at.toISOString() } : input);
  },
  'POST /api/v1/WOStartStop/clockOutWorkOrder': (ctx, access, body) => clockOut(ctx, access, clockOutBody.parse(body)),
  'POST /api/v1/WOStartStop/clockOutAndStartWorkOrder': (ctx, access, body) => clockOutAndStart(ctx, access, clockOutAndStartBody.parse(body)),
};

export interface ResolveDeps {
  /** The technician's roles and permissions now: an applied request needs them as if he sent it again. */
  accessOf(subscriberId: number, userId: number): Promise<Access | null>;
}

/**
 * Resolves an open conflict: `dismiss` closes it with the office's note; `apply` carries out the request as the
 * technician who sent it, as of the corrected time or the device's, in one transaction with the resolution. A
 * refusal (still locked, still open elsewhere) is answered with its sentence and the conflict stays open.
 */
export async function resolveConflict(ctx: Ctx, deps: ResolveDeps, conflictId: number, input: z.output<typeof resolveConflictBody>) {
  const [conflict] = await ctx.db.select().from(requestConflicts).where(ofTenant(requestConflicts, ctx, eq(requestConflicts.id, conflictId)));
  if (!conflict) throw notFound('Conflict');
  if (conflict.state !== 'open') throw new AppError(409, 'This conflict is already resolved.');
  const resolved = { state: input.action === 'apply' ? 'applied' : 'dismissed', resolvedAt: ctx.now, resolvedBy: ctx.actor.userId, resolution: input.note || null };
  const stillOpen = and(eq(requestConflicts.id, conflictId), eq(requestConflicts.state, 'open'));
  if (input.action === 'dismiss') {
    await ctx.db.update(requestConflicts).set(resolved).where(stillOpen);
    return { message: 'The conflict was dismissed.' };
  }
  const apply = APPLIERS[conflict.route];
  if (!apply) throw new AppError(400, 'This request cannot be applied from here: dismiss it and enter it by hand.');
  const [technician] = await ctx.db.select({ userName: users.userName }).from(users).where(ofTenant(users, ctx, eq(users.id, conflict.userId)));
  const access = technician && (await deps.accessOf(ctx.actor.subscriberId, conflict.userId));
  if (!technician || !access) throw new AppError(409, 'The technician of this request can no longer sign in: dismiss it instead.');
  const at = input.deviceTime ? new Date(input.deviceTime) : conflict.deviceTime;
  if (at && at.getTime() > ctx.now.getTime()) throw new AppError(400, 'Time cannot be in the future.');
  await ctx.db.transaction(async (tx) => {
    const asTechnician: Ctx = {
      db: tx as unknown as Db,
      actor: { userId: conflict.userId, subscriberId: ctx.actor.subscriberId, userName: technician.userName },
      now: at ?? ctx.now,
      ...(conflict.deviceTime && { deviceTime: conflict.deviceTime }),
      receivedAt: ctx.now,
      events: ctx.events,
    };
    await apply(asTechnician, access, conflict.body, input.deviceTime ? at : null);
    const [done] = await tx.update(requestConflicts).set(resolved).where(stillOpen).returning({ id: requestConflicts.id });
    if (!done) throw new AppError(409, 'This conflict is already resolved.');
  });
  return { message: 'The request was applied as its technician.' };
}
