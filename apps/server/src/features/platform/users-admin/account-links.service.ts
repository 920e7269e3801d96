import { and, count, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import { FORGOT_PASSWORD_ANSWER, type InvitationInfo, type PasswordSet } from '@sm/shared';
import type { Db } from '../../../db/client';
import { subscribers, users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { hashPassword } from '../auth/auth.service';
import { userLinks } from './user-links.table';
import { closeOpenLinks, linkHashOf, sendUserLink, type LinkPurpose } from './user-links';

/** What the public account routes need of the server's settings. */
export interface AccountLinkDeps {
  db: Db;
  /** PUBLIC_URL: where the e-mailed links start. */
  publicUrl: string;
}

/** Reset links one account may be sent in an hour: a person needs one or two; more is someone filling their inbox. */
export const RESETS_PER_HOUR = 3;
/** Accounts one forgot-password request may reach (an address shared by a few users of different companies). */
const MATCHES_AT_MOST = 5;
const INVALID_LINK = 'This link is not valid. Open the link from the e-mail as it was sent.';
/** The links that set a password (the e-mail confirmation is sign-up's). */
type PasswordLink = Exclude<LinkPurpose, 'emailConfirmation'>;
const WORDS: Record<PasswordLink, { used: (day: string) => string; expired: string }> = {
  invitation: {
    used: (day) => `This invitation was already accepted on ${day}. Sign in with your user name and password.`,
    expired: 'This invitation has expired or was withdrawn. Ask your administrator to send a new one.',
  },
  passwordReset: {
    used: (day) => `This link was already used on ${day}. Sign in, or ask for a new link from the sign-in page.`,
    expired: 'This link has expired. Ask for a new one from the sign-in page.',
  },
};

/** The link of a token, with its user and company: unknown (404), used (409) or expired (410) said in a sentence. */
async function openLink(db: Db | Tx, purpose: PasswordLink, token: string, now: Date) {
  const [row] = await db
    .select({ link: userLinks, user: users, companyName: subscribers.name })
    .from(userLinks)
    .innerJoin(users, eq(users.id, userLinks.userId))
    .innerJoin(subscribers, eq(subscribers.id, userLinks.subscriberId))
    .where(and(eq(userLinks.tokenHash, linkHashOf(token)), eq(userLinks.purpose, purpose)));
  if (!row) throw new AppError(404, INVALID_LINK);
  if (row.link.usedAt) throw new AppError(409, WORDS[purpose].used(row.link.usedAt.toISOString().slice(0, 10)));
  if (row.link.expiresAt.getTime() <= now.getTime() || !row.user.isActive) throw new AppError(410, WORDS[purpose].expired);
  return row;
}

/** `GET Account/invitation/{token}` (no sign-in): whom an open invitation is for. */
export async function invitationInfo(db: Db, token: string, now: Date): Promise<InvitationInfo> {
  const { user, link, companyName } = await openLink(db, 'invitation', token, now);
  return { name: user.name, userName: user.userName, companyName, expiresAt: link.expiresAt.toISOString() };
}

/**
 * Sets the password of a link's user, once: the link is marked used in one statement that also checks it is still
 * open, so two submissions at once count once. The user's other open links of the purpose close; audited as the user.
 */
async function setPasswordByLink(db: Db, purpose: PasswordLink, token: string, password: string, now: Date): Promise<PasswordSet> {
  const found = await openLink(db, purpose, token, now);
  // The hash is slow on purpose: made before the transaction.
  const passwordHash = await hashPassword(password);
  const isSet = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(userLinks)
      .set({ usedAt: now })
      .where(and(eq(userLinks.id, found.link.id), isNull(userLinks.usedAt), gt(userLinks.expiresAt, sql`${now.toISOString()}::timestamptz`)))
      .returning({ id: userLinks.id });
    if (!used) return false;
    // An invitation's link reached the address, so it is confirmed; a reset also lifts a sign-in lockout.
    await tx
      .update(users)
      .set({ passwordHash, isInvitationPending: false, isEmailConfirmed: true, failedLogins: 0, lockedUntil: null })
      .where(and(eq(users.id, found.user.id), eq(users.isActive, true)));
    await closeOpenLinks(tx, found.user.id, now, purpose);
    const ctx: Ctx = { db, actor: { userId: found.user.id, subscriberId: found.user.subscriberId, userName: found.user.userName }, now };
    await recordAudit(tx, ctx, { entity: 'user', entityId: found.user.id, action: purpose === 'invitation' ? 'acceptInvitation' : 'resetPassword' });
    return true;
  });
  if (!isSet) {
    // Another submission of the same link came first, or it expired meanwhile: said as the link now stands.
    await openLink(db, purpose, token, now);
    throw new AppError(409, WORDS[purpose].used(now.toISOString().slice(0, 10)));
  }
  return { userName: found.user.userName, companyName: found.companyName };
}

/** `POST Account/acceptInvitation/{token}` (no sign-in): an invited user chooses their password, once, before the link expires. */
export const acceptInvitation = (db: Db, token: string, password: string, now: Date) => setPasswordByLink(db, 'invitation', token, password, now);

/** `POST Account/resetPassword/{token}` (no sign-in): a new password through the link forgot-password sent, once, within the hour. */
export const resetPassword = (db: Db, token: string, password: string, now: Date) => setPasswordByLink(db, 'passwordReset', token, password, now);

/**
 * `POST Account/forgotPassword` (no sign-in): e-mails a reset link to each active account whose user name or address
 * matches (case aside), at most RESETS_PER_HOUR an hour each, and answers the same sentence whether or not any did.
 */
export async function forgotPassword(deps: AccountLinkDeps, userNameOrEmail: string, now: Date): Promise<{ message: string }> {
  const typed = userNameOrEmail.trim();
  const matches = await deps.db
    .select({ id: users.id, subscriberId: users.subscriberId, name: users.name, userName: users.userName, email: users.email })
    .from(users)
    .innerJoin(subscribers, eq(subscribers.id, users.subscriberId))
    .where(
      and(
        or(sql`lower(${users.userName}) = lower(${typed})`, sql`lower(${users.email}) = lower(${typed})`),
        eq(users.isActive, true),
        eq(users.isInvitationPending, false),
        eq(subscribers.isActive, true),
      ),
    )
    .orderBy(users.id)
    .limit(MATCHES_AT_MOST);
  const hourAgo = new Date(now.getTime() - 3_600_000);
  for (const u of matches) {
    await deps.db.transaction(async (tx) => {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(userLinks)
        .where(and(eq(userLinks.userId, u.id), eq(userLinks.purpose, 'passwordReset'), gte(userLinks.createdAt, sql`${hourAgo.toISOString()}::timestamptz`)));
      if (n >= RESETS_PER_HOUR) return;
      await sendUserLink(tx, 'passwordReset', { subscriberId: u.subscriberId, userId: u.id, name: u.name, userName: u.userName, email: u.email }, deps.publicUrl, now, null);
    });
  }
  return { message: FORGOT_PASSWORD_ANSWER };
}
