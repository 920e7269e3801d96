import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PROVIDER_LOGIN_PAGE_DEFAULTS, type ConfirmedEmail, type ProviderLoginPages, type Registered, type RegisterInput, type SignupState } from '@sm/shared';
import type { Db } from '../../../db/client';
import { subscribers, userLinks, users } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { hashPassword, issue } from '../auth/auth.service';
import { linkHashOf } from '../users-admin/user-links';
import { maskedAddress, sendConfirmationLink } from './confirmation-link';
import { hasNoCompany, insertCompany, lockSignups } from './company-create.service';

/** What the sign-up routes need of the server's settings. */
export interface SignupDeps {
  db: Db;
  /** PUBLIC_SIGNUP=1: anyone may register a company. */
  publicSignup: boolean;
  /** PUBLIC_URL: where the e-mailed link starts. */
  publicUrl: string;
  jwtSecret: string;
  /** The providers' login pages the web app links to (env.ts); their public ones when absent. */
  providerLoginPages?: ProviderLoginPages;
}

export const SIGNUP_CLOSED = 'Sign-up is closed on this server. Ask its operator for an account.';
export const SETUP_DONE = 'This server is already set up. Sign in with your user name and password.';
export const SETUP_NOT_OFFERED = 'Public sign-up is open on this server: register the first company on the sign-up page instead.';
const INVALID_LINK = 'This confirmation link is not valid. Open the link from the e-mail as it was sent.';

/**
 * `GET Account/signupState` (no sign-in): whether public sign-up is open, whether the first company is still to be set
 * up, and the providers' login pages.
 */
export async function signupState(deps: Pick<SignupDeps, 'db' | 'publicSignup' | 'providerLoginPages'>): Promise<SignupState> {
  return { publicSignup: deps.publicSignup, needsSetup: await hasNoCompany(deps.db), providerLoginPages: deps.providerLoginPages ?? PROVIDER_LOGIN_PAGE_DEFAULTS };
}

/**
 * `POST Account/register` (no sign-in, only with PUBLIC_SIGNUP=1): a new company with its first Super Admin, whose
 * address is unconfirmed until the e-mailed link is opened; they cannot sign in before. The company, the user, the link
 * and its message are written in one transaction, under the sign-up lock, so a user name or address taken meanwhile
 * is refused rather than taken twice.
 */
export async function register(deps: SignupDeps, input: RegisterInput, now: Date): Promise<Registered> {
  if (!deps.publicSignup) throw new AppError(403, SIGNUP_CLOSED);
  // The hash is slow on purpose: made before the transaction, so the lock is held only for the writes.
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await lockSignups(tx);
    const created = await insertCompany(tx, input, { passwordHash, isEmailConfirmed: false });
    await sendConfirmationLink(tx, { subscriberId: created.subscriberId, userId: created.userId, name: input.name, userName: input.userName, email: input.email }, deps.publicUrl, now);
  });
  return { message: `We sent a link to ${maskedAddress(input.email)}. Open it to confirm the address, then sign in.` };
}

/**
 * `POST Account/confirmEmail/{token}` (no sign-in): confirms the address of the link, once, before it expires. The
 * link is marked used in one statement that also checks it is still open, so two clicks at once count once.
 */
export async function confirmEmail(db: Db, token: string, now: Date): Promise<ConfirmedEmail> {
  const [link] = await db.select().from(userLinks).where(and(eq(userLinks.tokenHash, linkHashOf(token)), eq(userLinks.purpose, 'emailConfirmation')));
  if (!link) throw new AppError(404, INVALID_LINK);
  const confirmed = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(userLinks)
      .set({ usedAt: now })
      .where(and(eq(userLinks.id, link.id), isNull(userLinks.usedAt), gt(userLinks.expiresAt, sql`${now.toISOString()}::timestamptz`)))
      .returning({ id: userLinks.id });
    if (!used) return false;
    // The address confirmed is the one the link was sent to; a user whose address changed since is not confirmed by it.
    await tx.update(users).set({ isEmailConfirmed: true }).where(and(eq(users.id, link.userId), sql`lower(${users.email}) = lower(${link.email ?? ''})`));
    return true;
  });
  if (!confirmed) {
    const [again] = await db.select().from(userLinks).where(eq(userLinks.id, link.id));
    if (again.usedAt) throw new AppError(409, `This address was already confirmed on ${again.usedAt.toISOString().slice(0, 10)}. Sign in with your user name and password.`);
    throw new AppError(410, 'This confirmation link has expired. Sign in with your user name and password, and we will send a new one.');
  }
  const [who] = await db
    .select({ userName: users.userName, companyName: subscribers.name })
    .from(users)
    .innerJoin(subscribers, eq(subscribers.id, users.subscriberId))
    .where(eq(users.id, link.userId));
  return who;
}

/**
 * `POST Account/setup` (no sign-in): the first company of an empty database and its Super Admin, confirmed at once
 * (the operator is at the machine), signed in. Only while no company exists and public sign-up is closed. Two setups
 * at once make one company: each takes the sign-up lock and checks again for a company under it; the second finds
 * the first's and is refused.
 */
export async function setupFirstCompany(deps: SignupDeps, input: RegisterInput, now: Date): Promise<{ accessToken: string }> {
  if (deps.publicSignup) throw new AppError(403, SETUP_NOT_OFFERED);
  if (!(await hasNoCompany(deps.db))) throw new AppError(409, SETUP_DONE);
  const passwordHash = await hashPassword(input.password);
  const created = await deps.db.transaction(async (tx) => {
    await lockSignups(tx);
    if (!(await hasNoCompany(tx))) throw new AppError(409, SETUP_DONE);
    return insertCompany(tx, input, { passwordHash, isEmailConfirmed: true });
  });
  return { accessToken: await issue(deps.db, deps.jwtSecret, created.userId, now) };
}
