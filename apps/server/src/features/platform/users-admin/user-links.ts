import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { INVITATION_DAYS, INVITATION_PATH, PASSWORD_RESET_HOURS, PASSWORD_RESET_PATH, SIGNUP_CONFIRM_HOURS, SIGNUP_CONFIRM_PATH } from '@sm/shared';
import { subscribers } from '../../../db/schema';
import type { DbOrTx } from '../../../lib/context';
import { escapeHtml } from '../../../lib/rich-text';
import { enqueueEmail } from '../email-outbox/enqueue-email.service';
import { userLinks } from './user-links.table';

const HOUR_MS = 3_600_000;
export type LinkPurpose = (typeof userLinks.$inferSelect)['purpose'];

/** The fingerprint of a link's token: the only form in which a token is stored. */
export const linkHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whom a link is for, as the message names them. */
export interface LinkUser {
  subscriberId: number;
  userId: number;
  name: string;
  userName: string;
  email: string;
}

/** How long each kind of link stays open, and what its message says. */
const KINDS: Record<LinkPurpose, { ms: number; path: string; subject: (company: string) => string; lines: (u: LinkUser, company: string) => string[]; button: string; after: string }> = {
  invitation: {
    ms: INVITATION_DAYS * 24 * HOUR_MS,
    path: INVITATION_PATH,
    subject: (company) => `You are invited to ${company}`,
    lines: (u, company) => [`Hello ${u.name},`, `${company} added you as a user, with the user name ${u.userName}.`, 'Open this link to choose your password; then sign in:'],
    button: 'Choose your password',
    after: `The link works once, for ${INVITATION_DAYS} days. If you did not expect it, ignore this message.`,
  },
  passwordReset: {
    ms: PASSWORD_RESET_HOURS * HOUR_MS,
    path: PASSWORD_RESET_PATH,
    subject: (company) => `Choose a new password for ${company}`,
    lines: (u) => [`Hello ${u.name},`, `Someone asked to reset the password of the user name ${u.userName}.`, 'Open this link to choose a new one:'],
    button: 'Choose a new password',
    after: `The link works once, for ${PASSWORD_RESET_HOURS} hour. If you did not ask for it, ignore this message: your password stays as it is.`,
  },
  emailConfirmation: {
    ms: SIGNUP_CONFIRM_HOURS * HOUR_MS,
    path: SIGNUP_CONFIRM_PATH,
    subject: (company) => `Confirm your e-mail address for ${company}`,
    lines: (u, company) => [
      `Hello ${u.name},`,
      `${company} was signed up with this address, and you are its Super Admin with the user name ${u.userName}.`,
      'Open this link to confirm the address; then sign in:',
    ],
    button: 'Confirm the address',
    after: `The link works once, for ${SIGNUP_CONFIRM_HOURS} hours. If you did not sign up, ignore this message.`,
  },
};

/**
 * A new link for a user, e-mailed through the outbox in the caller's transaction: 32 random bytes as the token (43
 * URL-safe characters), of which only the SHA-256 is stored. The user's earlier open links of the same purpose close,
 * so only the newest works. The link starts with `publicUrl` (PUBLIC_URL), never with a request's Host header.
 * Answers the token.
 */
export async function sendUserLink(tx: DbOrTx, purpose: LinkPurpose, user: LinkUser, publicUrl: string, now: Date, createdBy: number | null): Promise<string> {
  const kind = KINDS[purpose];
  await closeOpenLinks(tx, user.userId, now, purpose);
  const token = randomBytes(32).toString('base64url');
  await tx.insert(userLinks).values({
    subscriberId: user.subscriberId, userId: user.userId, purpose, tokenHash: linkHashOf(token), createdAt: now, expiresAt: new Date(now.getTime() + kind.ms), createdBy,
    // A confirmation confirms the address it was sent to, not one the user has since.
    email: purpose === 'emailConfirmation' ? user.email : null,
  });
  const [company] = await tx.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, user.subscriberId));
  const link = `${publicUrl}${kind.path}/${token}`;
  const lines = kind.lines(user, company.name);
  await enqueueEmail(tx, {
    subscriberId: user.subscriberId,
    createdBy: createdBy ?? user.userId,
    to: [user.email],
    subject: kind.subject(company.name),
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${kind.button}</a></p><p>${escapeHtml(kind.after)}</p>`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n${kind.after}`,
    hasPersonalLink: true,
    secret: token,
  });
  return token;
}

/** Closes a user's open links (of one purpose, or all): a deactivated user's or a replaced link must not work. */
export async function closeOpenLinks(tx: DbOrTx, userId: number, now: Date, purpose?: LinkPurpose) {
  await tx
    .update(userLinks)
    .set({ expiresAt: now })
    .where(and(eq(userLinks.userId, userId), purpose ? eq(userLinks.purpose, purpose) : undefined, isNull(userLinks.usedAt), gt(userLinks.expiresAt, sql`${now.toISOString()}::timestamptz`)));
}
