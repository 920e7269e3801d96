import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { ROLE, type BoardTechnician } from '@sm/shared';
import { customers, userRoles, userStatusEntries, userStatuses, users, workOrderLabor, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';

/** The roles that work in the field and clock on work orders: the people a team leader's board follows. */
export const FIELD_ROLE_IDS = [ROLE.Technician, ROLE.Plumber, ROLE['Master Plumber'], ROLE['Responsible Master Plumber'], ROLE['Filtration Installer']];

/** `%` and `_` typed into a search are letters, not patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The company's active field users, by name, narrowed as the board's filters say. */
export async function fieldTechnicians(ctx: Ctx, filters: { technicianId?: number; userStatusId?: number; search?: string }) {
  const search = filters.search?.trim();
  const fieldUsers = ctx.db.select({ id: userRoles.userId }).from(userRoles).where(ofTenant(userRoles, ctx, inArray(userRoles.roleId, FIELD_ROLE_IDS)));
  return ctx.db
    .select({
      userId: users.id,
      name: users.name,
      phone: users.phone,
      userStatusId: users.userStatusId,
      userStatus: userStatuses.name,
      description: users.userStatusDescription,
    })
    .from(users)
    .leftJoin(userStatuses, eq(userStatuses.id, users.userStatusId))
    .where(
      ofTenant(
        users,
        ctx,
        eq(users.isActive, true),
        inArray(users.id, fieldUsers),
        filters.technicianId === undefined ? undefined : eq(users.id, filters.technicianId),
        filters.userStatusId === undefined ? undefined : eq(users.userStatusId, filters.userStatusId),
        search ? ilike(users.name, `%${likeEscaped(search)}%`) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** When each user's current work status began: the start of their open status time-sheet entry. */
export async function statusSince(ctx: Ctx, userIds: number[]): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const e = userStatusEntries;
  const rows = await ctx.db
    .select({ userId: e.userId, startedAt: e.startedAt })
    .from(e)
    .where(ofTenant(e, ctx, inArray(e.userId, userIds), isNull(e.endedAt)));
  return new Map(rows.map((r) => [r.userId, r.startedAt]));
}

/** The labor entry each user has open now (at most one, the database holds it), with its work order and customer. */
export async function openLaborOf(ctx: Ctx, userIds: number[]): Promise<Map<number, NonNullable<BoardTechnician['openLabor']>>> {
  if (userIds.length === 0) return new Map();
  const l = workOrderLabor;
  const rows = await ctx.db
    .select({
      userId: l.userId,
      workOrderLaborId: l.id,
      workOrderId: l.workOrderId,
      workOrderNumber: workOrders.workOrderNumber,
      customer: customers.name,
      startedAt: l.startedAt,
      isReachedAtSite: l.isReachedAtSite,
    })
    .from(l)
    .innerJoin(workOrders, eq(workOrders.id, l.workOrderId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(ofTenant(l, ctx, inArray(l.userId, userIds), isNull(l.stoppedAt)));
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        workOrderLaborId: r.workOrderLaborId,
        workOrderId: r.workOrderId,
        workOrderNumber: r.workOrderNumber,
        customer: r.customer,
        since: r.startedAt.toISOString(),
        isReachedAtSite: r.isReachedAtSite,
      },
    ]),
  );
}

type Position = NonNullable<BoardTechnician['position']>;

/**
 * Where each user was last seen during the day: the latest clock-in or clock-out inside it that carried the
 * device's position. Nobody is tracked between clock actions, so this is the only position the product knows.
 */
export async function lastPositionsOf(ctx: Ctx, userIds: number[], from: Date, to: Date): Promise<Map<number, Position>> {
  if (userIds.length === 0) return new Map();
  const l = workOrderLabor;
  const inDay = (column: typeof l.startedAt | typeof l.stoppedAt): SQL => and(gte(column, from), lt(column, to)) as SQL;
  const rows = await ctx.db
    .select({
      userId: l.userId,
      startedAt: l.startedAt,
      startLatitude: l.startLatitude,
      startLongitude: l.startLongitude,
      startAddress: l.startAddress,
      stoppedAt: l.stoppedAt,
      stopLatitude: l.stopLatitude,
      stopLongitude: l.stopLongitude,
      stopAddress: l.stopAddress,
    })
    .from(l)
    .where(ofTenant(l, ctx, inArray(l.userId, userIds), or(inDay(l.startedAt), inDay(l.stoppedAt))))
    .orderBy(desc(l.startedAt));
  const latest = new Map<number, Position>();
  const offer = (userId: number, latitude: number | null, longitude: number | null, address: string | null, at: Date | null) => {
    if (latitude == null || longitude == null || !at || at < from || at >= to) return;
    const known = latest.get(userId);
    if (!known || known.at < at.toISOString()) latest.set(userId, { latitude, longitude, address, at: at.toISOString() });
  };
  for (const r of rows) {
    offer(r.userId, r.startLatitude, r.startLongitude, r.startAddress, r.startedAt);
    offer(r.userId, r.stopLatitude, r.stopLongitude, r.stopAddress, r.stoppedAt);
  }
  return latest;
}

/** The customers with a known position among these, by id. */
export async function placedCustomers(ctx: Ctx, customerIds: number[]) {
  if (customerIds.length === 0) return [];
  return ctx.db
    .select({ id: customers.id, name: customers.name, address: customers.address, city: customers.city, latitude: customers.latitude, longitude: customers.longitude })
    .from(customers)
    .where(ofTenant(customers, ctx, inArray(customers.id, customerIds)))
    .orderBy(asc(customers.name));
}
