import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { SIGNUP_CONFIRM_HOURS, SIGNUP_CONFIRM_PATH } from '@sm/shared';
import type { Db } from '../../../db/client';
import { emailConfirmations, subscribers } from '../../../db/schema';
import type { DbOrTx } from '../../../lib/context';
import { escapeHtml } from '../../../lib/rich-text';
import { enqueueEmail } from '../email-outbox/enqueue-email.service';

const HOUR_MS = 3_600_000;

/** The fingerprint of a link's token: the only form in which a token is stored. */
export const confirmationHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** An address as the answers show it, without handing it whole to whoever typed a user name: `a…@example.com`. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

/**
 * A new confirmation link for a user's address, e-mailed through the outbox in the caller's transaction: 32 random
 * bytes as the token (43 URL-safe characters), of which only the SHA-256 is stored, valid SIGNUP_CONFIRM_HOURS hours,
 * once. The link starts with `publicUrl` (PUBLIC_URL), never with a request's Host header. Answers the token.
 */
export async function sendConfirmationLink(
  tx: DbOrTx,
  user: { subscriberId: number; userId: number; name: string; userName: string; email: string },
  publicUrl: string,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailConfirmations).values({
    subscriberId: user.subscriberId, userId: user.userId, tokenHash: confirmationHashOf(token), email: user.email, createdAt: now,
    expiresAt: new Date(now.getTime() + SIGNUP_CONFIRM_HOURS * HOUR_MS),
  });
  const [company] = await tx.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, user.subscriberId));
  const link = `${publicUrl}${SIGNUP_CONFIRM_PATH}/${token}`;
  const lines = [
    `Hello ${user.name},`,
    `${company.name} was signed up with this address, and you are its Super Admin with the user name ${user.userName}.`,
    `Open this link to confirm the address; then sign in:`,
  ];
  const after = `The link works once, for ${SIGNUP_CONFIRM_HOURS} hours. If you did not sign up, ignore this message.`;
  await enqueueEmail(tx, {
    subscriberId: user.subscriberId,
    createdBy: user.userId,
    to: [user.email],
    subject: `Confirm your e-mail address for ${company.name}`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">Confirm the address</a></p><p>${escapeHtml(after)}</p>`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n${after}`,
  });
  return token;
}

/**
 * For a user who signs in before confirming: when no link of theirs is still open (each expired), a new one is
 * e-mailed, so an expired link is never a dead end. Answers whether one was sent.
 */
export async function resendIfExpired(
  db: Db,
  user: { subscriberId: number; userId: number; name: string; userName: string; email: string },
  publicUrl: string,
  now: Date,
): Promise<boolean> {
  const [last] = await db
    .select({ expiresAt: emailConfirmations.expiresAt })
    .from(emailConfirmations)
    .where(and(eq(emailConfirmations.userId, user.userId), isNull(emailConfirmations.confirmedAt)))
    .orderBy(desc(emailConfirmations.expiresAt))
    .limit(1);
  if (last && last.expiresAt.getTime() > now.getTime()) return false;
  await db.transaction((tx) => sendConfirmationLink(tx, user, publicUrl, now));
  return true;
}
