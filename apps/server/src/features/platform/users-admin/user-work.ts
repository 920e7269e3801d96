import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DISTRICT_OUTSIDE_REGION, DISTRICT_WITHOUT_REGION, NOT_A_TEAM_LEADER, OWN_TEAM_LEADER, ROLE, type UpdateUserInput, type UserDetail } from '@sm/shared';
import { baseCities, districts, regions, userRoles, userTeamLeaders, users } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/** Where and how a user works: region, district, base city, team leaders and the rate-sheet flag. */
export type WorkFields = Pick<UpdateUserInput, 'regionId' | 'districtId' | 'baseCityId' | 'teamLeaderIds' | 'worksOnRateSheets'>;
/** The stored values of a user's work fields, before a change. */
export interface StoredWork {
  regionId: number | null;
  districtId: number | null;
  baseCityId: number | null;
  worksOnRateSheets: boolean;
  teamLeaderIds: number[];
}

const leaders = alias(users, 'leaders');

/** The user's team leaders' ids, in id order. */
export async function teamLeaderIdsOf(db: DbOrTx, ctx: Ctx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userTeamLeaders.teamLeaderId }).from(userTeamLeaders).where(ofTenant(userTeamLeaders, ctx, eq(userTeamLeaders.userId, userId)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Checks the work fields of a body against the company's rows: another company's region, district, base city or
 * person is a 404 as a missing one is; a district outside the region, a team leader who is not an active Team Leader,
 * or the user as their own leader is a 400 with a sentence. A field left out keeps the stored value, which the
 * district's region check then uses. Answers the values to store.
 */
export async function checkWorkFields(tx: Tx, ctx: Ctx, input: WorkFields, stored: StoredWork, userId?: number): Promise<StoredWork> {
  const next: StoredWork = {
    regionId: input.regionId === undefined ? stored.regionId : input.regionId,
    districtId: input.districtId === undefined ? stored.districtId : input.districtId,
    baseCityId: input.baseCityId === undefined ? stored.baseCityId : input.baseCityId,
    worksOnRateSheets: input.worksOnRateSheets ?? stored.worksOnRateSheets,
    teamLeaderIds: input.teamLeaderIds ? [...input.teamLeaderIds].sort((a, b) => a - b) : stored.teamLeaderIds,
  };
  if (input.regionId != null) {
    const [found] = await tx.select({ id: regions.id }).from(regions).where(ofTenant(regions, ctx, eq(regions.id, input.regionId)));
    if (!found) throw notFound('Region');
  }
  if (input.baseCityId != null) {
    const [found] = await tx.select({ id: baseCities.id }).from(baseCities).where(ofTenant(baseCities, ctx, eq(baseCities.id, input.baseCityId)));
    if (!found) throw notFound('Base City');
  }
  if (input.districtId != null) {
    const [found] = await tx.select({ id: districts.id }).from(districts).where(ofTenant(districts, ctx, eq(districts.id, input.districtId)));
    if (!found) throw notFound('District');
  }
  if (next.districtId !== null) {
    if (next.regionId === null) throw new AppError(400, DISTRICT_WITHOUT_REGION);
    const [district] = await tx.select({ regionId: districts.regionId }).from(districts).where(ofTenant(districts, ctx, eq(districts.id, next.districtId)));
    if (district?.regionId !== next.regionId) throw new AppError(400, DISTRICT_OUTSIDE_REGION);
  }
  if (input.teamLeaderIds && input.teamLeaderIds.length > 0) await checkTeamLeaders(tx, ctx, input.teamLeaderIds, userId);
  return next;
}

async function checkTeamLeaders(tx: Tx, ctx: Ctx, ids: number[], userId?: number) {
  const people = await tx
    .select({ id: users.id, isActive: users.isActive, leads: userRoles.roleId })
    .from(users)
    .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, ROLE['Team Leader'])))
    .where(ofTenant(users, ctx, inArray(users.id, ids)));
  if (people.length !== ids.length) throw notFound('Team Leader');
  if (userId !== undefined && ids.includes(userId)) throw new AppError(400, OWN_TEAM_LEADER);
  if (people.some((p) => !p.isActive || p.leads === null)) throw new AppError(400, NOT_A_TEAM_LEADER);
}

/** Stores the user's team leaders when they changed. */
export async function storeTeamLeaders(tx: Tx, ctx: Ctx, userId: number, before: number[], after: number[]) {
  if (before.join() === after.join()) return;
  await tx.delete(userTeamLeaders).where(ofTenant(userTeamLeaders, ctx, eq(userTeamLeaders.userId, userId)));
  if (after.length > 0) await tx.insert(userTeamLeaders).values(after.map((teamLeaderId) => ({ subscriberId: ctx.actor.subscriberId, userId, teamLeaderId })));
}

/** The work fields of one user as the details show them, names included. */
export async function workDetailOf(db: DbOrTx, ctx: Ctx, userId: number): Promise<Pick<UserDetail, 'region' | 'district' | 'baseCity' | 'teamLeaders' | 'worksOnRateSheets'>> {
  const [row] = await db
    .select({
      worksOnRateSheets: users.worksOnRateSheets,
      regionId: regions.id, regionName: regions.name,
      districtId: districts.id, districtName: districts.name,
      baseCityId: baseCities.id, baseCityName: baseCities.name,
    })
    .from(users)
    .leftJoin(regions, and(eq(regions.id, users.regionId), eq(regions.subscriberId, users.subscriberId)))
    .leftJoin(districts, and(eq(districts.id, users.districtId), eq(districts.subscriberId, users.subscriberId)))
    .leftJoin(baseCities, and(eq(baseCities.id, users.baseCityId), eq(baseCities.subscriberId, users.subscriberId)))
    .where(ofTenant(users, ctx, eq(users.id, userId)));
  const teamLeaders = await db
    .select({ userId: leaders.id, name: leaders.name })
    .from(userTeamLeaders)
    .innerJoin(leaders, eq(leaders.id, userTeamLeaders.teamLeaderId))
    .where(ofTenant(userTeamLeaders, ctx, eq(userTeamLeaders.userId, userId)))
    .orderBy(asc(leaders.name));
  const named = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);
  return {
    worksOnRateSheets: row?.worksOnRateSheets ?? false,
    region: named(row?.regionId ?? null, row?.regionName ?? null),
    district: named(row?.districtId ?? null, row?.districtName ?? null),
    baseCity: named(row?.baseCityId ?? null, row?.baseCityName ?? null),
    teamLeaders,
  };
}
