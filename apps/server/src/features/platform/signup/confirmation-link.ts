import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userLinks } from '../../../db/schema';
import type { DbOrTx } from '../../../lib/context';
import { sendUserLink, type LinkUser } from '../users-admin/user-links';

/** An address as the answers show it, without handing it whole to whoever typed a user name: `a…@example.com`. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

/**
 * A new confirmation link for a user's address, e-mailed through the outbox in the caller's transaction: a user link
 * of purpose 'emailConfirmation' (the same token, fingerprint, expiry and one use as the invitation's), valid
 * SIGNUP_CONFIRM_HOURS hours, once. The link starts with `publicUrl` (PUBLIC_URL). Answers the token.
 */
export const sendConfirmationLink = (tx: DbOrTx, user: LinkUser, publicUrl: string, now: Date): Promise<string> =>
  sendUserLink(tx, 'emailConfirmation', user, publicUrl, now, null);

/**
 * For a user who signs in before confirming: when no link of theirs is still open (each expired), a new one is
 * e-mailed, so an expired link is never a dead end. Answers whether one was sent.
 */
export async function resendIfExpired(db: Db, user: LinkUser, publicUrl: string, now: Date): Promise<boolean> {
  const [last] = await db
    .select({ expiresAt: userLinks.expiresAt })
    .from(userLinks)
    .where(and(eq(userLinks.userId, user.userId), eq(userLinks.purpose, 'emailConfirmation'), isNull(userLinks.usedAt)))
    .orderBy(desc(userLinks.expiresAt))
    .limit(1);
  if (last && last.expiresAt.getTime() > now.getTime()) return false;
  await db.transaction((tx) => sendConfirmationLink(tx, user, publicUrl, now));
  return true;
}
