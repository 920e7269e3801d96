import { and, count, eq, sql } from 'drizzle-orm';
import { LAST_SUPER_ADMIN, ROLE } from '@sm/shared';
import { userRoles, users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/** The advisory lock a company's changes of roles and of active users take, so two of them never interleave. */
const COMPANY_USERS_LOCK = 0x5553; // "US"

/** Takes the company's user lock for the rest of the transaction (PGlite and PostgreSQL both have it). */
export async function lockCompanyUsers(tx: Tx, ctx: Pick<Ctx, 'actor'>) {
  await tx.execute(sql`select pg_advisory_xact_lock(${COMPANY_USERS_LOCK}::int, ${ctx.actor.subscriberId}::int)`);
}

/**
 * Refuses, with 409 and a sentence, a change that left the company without an active Super Admin (one who has a
 * password: an invitation not yet accepted does not count). Run after the change, inside its transaction and under the company's user lock: the count sees every change committed before.
 */
export async function checkSuperAdminLeft(tx: Tx, ctx: Pick<Ctx, 'actor'>) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, ROLE['Super Admin'])))
    .where(ofTenant(users, ctx, eq(users.isActive, true), eq(users.isInvitationPending, false)));
  if (n === 0) throw new AppError(409, LAST_SUPER_ADMIN);
}
