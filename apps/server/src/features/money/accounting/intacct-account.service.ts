import { eq } from 'drizzle-orm';
import { required, type IntacctAccount, type IntacctAccountInput, type IntacctTestAnswer } from '@sm/shared';
import { users } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { openSecret, sealSecret, SecretUnreadableError } from '../../../lib/secret-box';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { AccountingError, type AccountingSystem } from './accounting-system';
import { quickBooksAccounts } from './quickbooks.table';
import { intacctAccounts } from './accounting.table';
import { forgetIntacctSession, intacctSystem, type IntacctCredentials } from './intacct-client';

type StoredAccount = typeof intacctAccounts.$inferSelect;
type SecretField = 'senderPassword' | 'userPassword';
const COLUMNS: Record<SecretField, string> = { senderPassword: 'sender_password', userPassword: 'user_password' };

/** A sealed value opens only in the column and company it was sealed for. */
const contextOf = (subscriberId: number, field: SecretField) => `intacct_accounts.${COLUMNS[field]}:${subscriberId}`;

/**
 * The credentials of a stored account, opened for the one adapter that sends them. A secret this server cannot open
 * becomes a sentence naming the key, never the secret.
 */
function credentialsOf(account: StoredAccount): IntacctCredentials {
  const open = (field: SecretField) => {
    try {
      return openSecret(account[field], contextOf(account.subscriberId, field));
    } catch (err) {
      if (!(err instanceof SecretUnreadableError)) throw err;
      throw new AccountingError(502, `The Intacct credentials stored for your company cannot be read on this server (they are sealed with key ${err.keyId}, which it does not hold). Ask an administrator to save them again in Intacct settings.`, false);
    }
  };
  return {
    endpointUrl: account.endpointUrl, senderId: account.senderId, senderPassword: open('senderPassword'),
    companyId: account.companyId, userId: account.userId, userPassword: open('userPassword'),
  };
}

/** A company's stored account (enabled or not), for the server's own use. */
export async function storedIntacctAccount(db: DbOrTx, subscriberId: number): Promise<StoredAccount | undefined> {
  const [account] = await db.select().from(intacctAccounts).where(eq(intacctAccounts.subscriberId, subscriberId));
  return account;
}

/** The Intacct adapter for a stored account, its credentials opened for the calls it makes. */
export const intacctSystemOf = (account: StoredAccount): AccountingSystem => intacctSystem(credentialsOf(account));

/**
 * `POST Intacct/account/test`: signs in to Intacct afresh with the stored credentials (the cached session is forgotten
 * first, so it cannot hide a changed password) and answers whether it worked, in a sentence. A failure is an answer,
 * not an error: the administrator reads why and fixes the form. The sentence is ours or Intacct's short error
 * description (intacct-wire.ts), never the text of a page the endpoint answered with.
 */
export async function testIntacctConnection(ctx: Ctx): Promise<IntacctTestAnswer> {
  const account = await storedIntacctAccount(ctx.db, ctx.actor.subscriberId);
  if (!account) return { ok: false, message: 'Save the Intacct connection before testing it.' };
  try {
    const creds = credentialsOf(account);
    forgetIntacctSession(creds);
    await intacctSystem(creds).signIn();
  } catch (err) {
    if (err instanceof AccountingError) return { ok: false, message: err.message };
    throw err;
  }
  const note = account.isEnabled ? '' : ' The connection is switched off: enable it so invoices and payments are posted.';
  return { ok: true, message: `Connected to Intacct company ${account.companyId}: the sender and the user were accepted.${note}` };
}

/** What an answer or an audit entry may say about an account: everything but the two passwords. */
const publicFieldsOf = (a: StoredAccount) => ({ endpointUrl: a.endpointUrl, senderId: a.senderId, companyId: a.companyId, userId: a.userId, isEnabled: a.isEnabled });

/** `GET Intacct/account`: the connection as the settings form shows it, without either password. */
export async function getIntacctAccount(ctx: Ctx): Promise<IntacctAccount> {
  const [row] = await ctx.db
    .select({ account: intacctAccounts, updatedBy: users.name })
    .from(intacctAccounts)
    .leftJoin(users, eq(users.id, intacctAccounts.updatedBy))
    .where(ofTenant(intacctAccounts, ctx));
  if (!row) return { isConfigured: false, endpointUrl: '', senderId: '', companyId: '', userId: '', isEnabled: false, hasSenderPassword: false, hasUserPassword: false, updatedBy: null, updatedAt: null };
  return {
    isConfigured: true,
    ...publicFieldsOf(row.account),
    hasSenderPassword: row.account.senderPassword !== '',
    hasUserPassword: row.account.userPassword !== '',
    updatedBy: row.updatedBy,
    updatedAt: row.account.updatedAt.toISOString(),
  };
}

const typed = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/**
 * `PUT Intacct/account`: saves the company's Intacct credentials. A blank password keeps the stored one; the first
 * save needs both. Passwords are stored sealed, audited only as "changed", and the session signed in with the old
 * credentials is forgotten.
 */
export async function saveIntacctAccount(ctx: Ctx, input: IntacctAccountInput): Promise<IntacctAccount> {
  const senderPassword = typed(input.senderPassword);
  const userPassword = typed(input.userPassword);
  const before = await ctx.db.transaction(async (tx) => {
    const [stored] = await tx.select().from(intacctAccounts).where(ofTenant(intacctAccounts, ctx)).for('update');
    if (!stored && senderPassword === undefined) throw new AppError(400, required('Sender Password'));
    if (!stored && userPassword === undefined) throw new AppError(400, required('User Password'));
    const sid = ctx.actor.subscriberId;
    if (input.isEnabled) {
      const [quickBooks] = await tx.select({ isEnabled: quickBooksAccounts.isEnabled }).from(quickBooksAccounts).where(eq(quickBooksAccounts.subscriberId, sid));
      if (quickBooks?.isEnabled) throw new AppError(409, 'QuickBooks is enabled for your company, and a company posts to one accounting system: switch QuickBooks off in QuickBooks settings before enabling Intacct.');
    }
    const fields = {
      endpointUrl: input.endpointUrl.trim(),
      senderId: input.senderId.trim(),
      senderPassword: senderPassword !== undefined ? sealSecret(senderPassword, contextOf(sid, 'senderPassword')) : stored!.senderPassword,
      companyId: input.companyId.trim(),
      userId: input.userId.trim(),
      userPassword: userPassword !== undefined ? sealSecret(userPassword, contextOf(sid, 'userPassword')) : stored!.userPassword,
      isEnabled: input.isEnabled,
      updatedBy: ctx.actor.userId,
      updatedAt: ctx.now,
    };
    const [saved] = await tx.insert(intacctAccounts).values({ subscriberId: sid, ...fields }).onConflictDoUpdate({ target: intacctAccounts.subscriberId, set: fields }).returning();
    await recordAudit(tx, ctx, {
      entity: 'intacctAccount',
      entityId: sid,
      action: stored ? 'update' : 'create',
      before: stored ? publicFieldsOf(stored) : null,
      after: { ...publicFieldsOf(saved), isSenderPasswordChanged: senderPassword !== undefined, isUserPasswordChanged: userPassword !== undefined },
    });
    return stored;
  });
  if (before) {
    try {
      forgetIntacctSession(credentialsOf(before));
    } catch (err) {
      if (!(err instanceof AccountingError)) throw err;
    }
  }
  return getIntacctAccount(ctx);
}
