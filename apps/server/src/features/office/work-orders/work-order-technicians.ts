import { and, asc, eq, inArray } from 'drizzle-orm';
import { TECHNICIAN_ROLES } from '@sm/shared';
import { userRoles, users, workOrderClasses } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/**
 * The technicians a work order may be given, checked before anything is written: each must be a user of the caller's
 * company (another company's or a missing one is "not found", 404), active, and hold a technician role (the plumber
 * roles too); otherwise a 400 names the person. Answers them by name, without repeats.
 */
export async function checkedTechnicians(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ userId: users.id, name: users.name, isActive: users.isActive })
    .from(users)
    .where(ofTenant(users, ctx, inArray(users.id, wanted)))
    .orderBy(asc(users.name), asc(users.id));
  if (rows.length !== wanted.length) throw notFound('Technician');
  const technicians = new Set(
    (
      await db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(ofTenant(userRoles, ctx, inArray(userRoles.userId, wanted), inArray(userRoles.roleId, [...TECHNICIAN_ROLES])))
    ).map((r) => r.userId),
  );
  for (const row of rows) {
    if (!row.isActive) throw new AppError(400, `${row.name} is no longer active and cannot be assigned.`);
    if (!technicians.has(row.userId)) throw new AppError(400, `${row.name} is not a technician.`);
  }
  return rows.map(({ userId, name }) => ({ userId, name }));
}

/** A work order class of the caller's company (404 otherwise), still in use (a retired one is a 400); the current one may stay. */
export async function checkedWorkOrderClass(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, workOrderClassId: number | null | undefined, current?: number | null) {
  if (workOrderClassId == null || workOrderClassId === current) return;
  const [row] = await db
    .select({ isActive: workOrderClasses.isActive })
    .from(workOrderClasses)
    .where(and(ofTenant(workOrderClasses, ctx), eq(workOrderClasses.id, workOrderClassId)));
  if (!row) throw notFound('Work order class');
  if (!row.isActive) throw new AppError(400, 'This work order class is retired; choose another.');
}
