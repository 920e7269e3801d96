import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { LoginBody, SignedInUser } from '@sm/shared';
import type { Db } from '../../../db/client';
import { subscribers, userRoles, roles, userStatuses, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, unauthorized } from '../../../lib/errors';
import { maskedAddress, resendIfExpired } from '../signup/confirmation-link';
import { signAccessToken, verifyAccessToken, type ClaimsBody } from './tokens';

export const LOCKOUT_FAILURES = 10;
export const LOCKOUT_MINUTES = 15;
const INVALID = 'Invalid user name or password.';
/** A real hash to verify against when the user does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | null = null;

/** argon2id with the library's defaults (memory-hard); used for every stored password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

/** Claims of spec platform 3.1, read from the database so that a token always reflects current data. */
export async function buildClaims(db: Db, userId: number): Promise<ClaimsBody & { subscriberName: string }> {
  const [row] = await db
    .select({ user: users, subscriberName: subscribers.name, settings: subscribers.settings, statusName: userStatuses.name })
    .from(users)
    .innerJoin(subscribers, eq(subscribers.id, users.subscriberId))
    .leftJoin(userStatuses, eq(userStatuses.id, users.userStatusId))
    .where(eq(users.id, userId));
  if (!row) throw unauthorized();
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.id);
  const s = row.settings;
  const u = row.user;
  return {
    name: u.name,
    email: u.email,
    subscriberId: u.subscriberId,
    subscriberName: row.subscriberName,
    userId: u.id,
    userName: u.userName,
    userRoleId: roleRows.map((r) => r.id),
    userRoles: roleRows.map((r) => r.name),
    userStatusId: u.userStatusId,
    userStatus: row.statusName,
    jobTitleId: u.jobTitleId,
    flags: {
      hasCustomer: !!s.hasCustomer,
      hasDropboxAccount: !!s.hasDropboxAccount,
      hasPurchaseOrder: !!s.hasPurchaseOrder,
      hasRefrigerant: !!s.hasRefrigerant,
      hasSalesParts: !!s.hasSalesParts,
      hasServiceChannelAccount: !!s.hasServiceChannelAccount,
      hasVendorSetup: !!s.hasVendorSetup,
      hasVoltage: !!s.hasVoltage,
      hasWarehouseSetup: !!s.hasWarehouseSetup,
      hasWorkOrder: !!s.hasWorkOrder,
      hasIntacctAccount: !!s.hasIntacctAccount,
      isShowWaterFilter: !!s.isShowWaterFilter,
      // The user's "Works on rate sheets" flag (users administration), not whether labor items exist.
      hasRateSheetSetUp: u.worksOnRateSheets,
    },
  };
}

/** A signed access token for a user, with the claims the database holds now. */
export async function issue(db: Db, secret: string, userId: number, now: Date): Promise<string> {
  const { subscriberName: _, ...claims } = await buildClaims(db, userId);
  return signAccessToken(secret, claims, now);
}

/**
 * Signs a user in. Wrong user name and wrong password answer the same sentence; after repeated failures the
 * account is locked for a while, and the lock is said plainly.
 */
export async function login(deps: { db: Db; jwtSecret: string; now: Date; publicUrl?: string }, body: LoginBody): Promise<{ accessToken: string }> {
  const { db, now } = deps;
  const [user] = await db
    .select()
    .from(users)
    .innerJoin(subscribers, eq(subscribers.id, users.subscriberId))
    .where(sql`lower(${users.userName}) = lower(${body.userName})`);
  if (!user) {
    dummyHash ??= hashPassword('not a password of anyone');
    await verify(await dummyHash, body.password).catch(() => false);
    throw new AppError(401, INVALID);
  }
  const u = user.users;
  if (u.lockedUntil && u.lockedUntil > now) {
    throw new AppError(429, `Too many failed sign-in attempts. Try again after ${LOCKOUT_MINUTES} minutes.`);
  }
  const ok = await verify(u.passwordHash, body.password).catch(() => false);
  if (!ok) {
    const failures = u.failedLogins + 1;
    const lock = failures >= LOCKOUT_FAILURES ? new Date(now.getTime() + LOCKOUT_MINUTES * 60_000) : null;
    await db.update(users).set({ failedLogins: lock ? 0 : failures, lockedUntil: lock }).where(eq(users.id, u.id));
    throw new AppError(401, INVALID);
  }
  if (!u.isActive || !user.subscribers.isActive) throw new AppError(401, 'This account is disabled. Ask your administrator.');
  if (!u.isEmailConfirmed) throw new AppError(403, await unconfirmedSentence(deps, u));
  if (u.failedLogins > 0 || u.lockedUntil) await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, u.id));
  return { accessToken: await issue(db, deps.jwtSecret, u.id, now) };
}

/**
 * Why a user who signed up is refused until their address is confirmed: the link to open, and a new one sent when
 * every link they had expired (the right password was given, so this mails only the account's own address).
 */
async function unconfirmedSentence(deps: { db: Db; now: Date; publicUrl?: string }, u: typeof users.$inferSelect): Promise<string> {
  const who = { subscriberId: u.subscriberId, userId: u.id, name: u.name, userName: u.userName, email: u.email };
  const sent = deps.publicUrl !== undefined && (await resendIfExpired(deps.db, who, deps.publicUrl, deps.now));
  return sent
    ? `Your e-mail address is not confirmed yet, and the link we sent has expired. We sent a new one to ${maskedAddress(u.email)}: open it, then sign in.`
    : `Your e-mail address is not confirmed yet. Open the link we sent to ${maskedAddress(u.email)}, then sign in.`;
}

/** `Account/validateUser`: the signed-in user as the database knows them now. */
export async function validateUser(ctx: Ctx, secret: string, token: string): Promise<SignedInUser> {
  const claims = verifyAccessToken(secret, token);
  if (!claims) throw unauthorized();
  const fresh = await buildClaims(ctx.db, ctx.actor.userId);
  return { ...fresh, exp: claims.exp, iat: claims.iat, nbf: claims.nbf };
}

/** `Account/refreshToken`: a new token with a new expiry and current claims. */
export async function refreshToken(ctx: Ctx, secret: string): Promise<{ accessToken: string }> {
  return { accessToken: await issue(ctx.db, secret, ctx.actor.userId, ctx.now) };
}
