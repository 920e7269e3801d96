import { eq } from 'drizzle-orm';
import { required, type QuickBooksAccount, type QuickBooksAccountInput } from '@sm/shared';
import { users } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { openSecret, sealSecret, SecretUnreadableError } from '../../../lib/secret-box';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { AccountingError } from './accounting-system';
import { storedIntacctAccount } from './intacct-account.service';
import { quickBooksSystem, type QuickBooksSystem } from './quickbooks-client';
import { quickBooksAccounts } from './quickbooks.table';

type StoredAccount = typeof quickBooksAccounts.$inferSelect;
type SecretField = 'clientSecret' | 'refreshToken' | 'accessToken';
const COLUMNS: Record<SecretField, string> = { clientSecret: 'client_secret', refreshToken: 'refresh_token', accessToken: 'access_token' };

/** A sealed value opens only in the column and company it was sealed for. */
const contextOf = (subscriberId: number, field: SecretField) => `quickbooks_accounts.${COLUMNS[field]}:${subscriberId}`;

function open(account: StoredAccount, field: SecretField): string {
  try {
    return openSecret(account[field] ?? '', contextOf(account.subscriberId, field));
  } catch (err) {
    if (!(err instanceof SecretUnreadableError)) throw err;
    throw new AccountingError(502, `The QuickBooks connection stored for your company cannot be read on this server (it is sealed with key ${err.keyId}, which it does not hold). Ask an administrator to save it again in QuickBooks settings.`, false);
  }
}

/** A company's stored connection (enabled or not), for the server's own use. */
export async function storedQuickBooksAccount(db: DbOrTx, subscriberId: number): Promise<StoredAccount | undefined> {
  const [account] = await db.select().from(quickBooksAccounts).where(eq(quickBooksAccounts.subscriberId, subscriberId));
  return account;
}

/**
 * The adapter for a stored connection. Each pair of tokens QuickBooks issues is stored sealed at once, in the caller's
 * transaction: the refresh token rotates, and the old one no longer renews the connection.
 */
export function quickBooksSystemOf(db: DbOrTx, account: StoredAccount): QuickBooksSystem {
  const sid = account.subscriberId;
  return quickBooksSystem(
    {
      baseUrl: account.baseUrl, tokenUrl: account.tokenUrl, realmId: account.realmId, clientId: account.clientId, clientSecret: open(account, 'clientSecret'),
      refreshToken: open(account, 'refreshToken'),
      accessToken: account.accessToken ? open(account, 'accessToken') : null,
      accessTokenExpiresAt: account.accessTokenExpiresAt?.getTime() ?? null,
    },
    {
      onTokens: async (tokens) => {
        await db
          .update(quickBooksAccounts)
          .set({ refreshToken: sealSecret(tokens.refreshToken, contextOf(sid, 'refreshToken')), accessToken: sealSecret(tokens.accessToken, contextOf(sid, 'accessToken')), accessTokenExpiresAt: tokens.expiresAt })
          .where(eq(quickBooksAccounts.subscriberId, sid));
      },
    },
  );
}

/** The company's QuickBooks, or a sentence saying it is not switched on. */
export async function enabledQuickBooks(db: DbOrTx, subscriberId: number): Promise<QuickBooksSystem> {
  const account = await storedQuickBooksAccount(db, subscriberId);
  if (!account || !account.isEnabled) throw new AccountingError(409, 'QuickBooks is not set up for your company: save and enable the connection in QuickBooks settings.', false);
  return quickBooksSystemOf(db, account);
}

/** What an answer or an audit entry may say about a connection: everything but the secret and the tokens. */
const publicFieldsOf = (a: StoredAccount) => ({ baseUrl: a.baseUrl, tokenUrl: a.tokenUrl, realmId: a.realmId, clientId: a.clientId, isEnabled: a.isEnabled });

/** `GET QuickBooks/account`: the connection as the settings form shows it, without the secret or any token. */
export async function getQuickBooksAccount(ctx: Ctx): Promise<QuickBooksAccount> {
  const [row] = await ctx.db
    .select({ account: quickBooksAccounts, updatedBy: users.name })
    .from(quickBooksAccounts)
    .leftJoin(users, eq(users.id, quickBooksAccounts.updatedBy))
    .where(ofTenant(quickBooksAccounts, ctx));
  if (!row) return { isConfigured: false, baseUrl: '', tokenUrl: '', realmId: '', clientId: '', isEnabled: false, hasClientSecret: false, hasRefreshToken: false, updatedBy: null, updatedAt: null };
  return {
    isConfigured: true,
    ...publicFieldsOf(row.account),
    hasClientSecret: row.account.clientSecret !== '',
    hasRefreshToken: row.account.refreshToken !== '',
    updatedBy: row.updatedBy,
    updatedAt: row.account.updatedAt.toISOString(),
  };
}

const typed = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

/**
 * `PUT QuickBooks/account`: saves the company's QuickBooks connection. A blank secret or refresh token keeps the
 * stored one; the first save needs both. A new refresh token, secret or company drops the access token held. A
 * company posts to one accounting system: enabling QuickBooks while Intacct is enabled is refused.
 */
export async function saveQuickBooksAccount(ctx: Ctx, input: QuickBooksAccountInput): Promise<QuickBooksAccount> {
  const clientSecret = typed(input.clientSecret);
  const refreshToken = typed(input.refreshToken);
  await ctx.db.transaction(async (tx) => {
    const sid = ctx.actor.subscriberId;
    const [stored] = await tx.select().from(quickBooksAccounts).where(ofTenant(quickBooksAccounts, ctx)).for('update');
    if (!stored && clientSecret === undefined) throw new AppError(400, required('Client Secret'));
    if (!stored && refreshToken === undefined) throw new AppError(400, required('Refresh Token'));
    if (input.isEnabled && (await storedIntacctAccount(tx, sid))?.isEnabled) {
      throw new AppError(409, 'Intacct is enabled for your company, and a company posts to one accounting system: switch Intacct off in Intacct settings before enabling QuickBooks.');
    }
    const fields = { baseUrl: input.baseUrl.trim(), tokenUrl: input.tokenUrl.trim(), realmId: input.realmId.trim(), clientId: input.clientId.trim() };
    const isSameConnection = !!stored && clientSecret === undefined && refreshToken === undefined && stored.realmId === fields.realmId && stored.clientId === fields.clientId && stored.tokenUrl === fields.tokenUrl;
    const values = {
      ...fields,
      clientSecret: clientSecret !== undefined ? sealSecret(clientSecret, contextOf(sid, 'clientSecret')) : stored!.clientSecret,
      refreshToken: refreshToken !== undefined ? sealSecret(refreshToken, contextOf(sid, 'refreshToken')) : stored!.refreshToken,
      accessToken: isSameConnection ? stored.accessToken : null,
      accessTokenExpiresAt: isSameConnection ? stored.accessTokenExpiresAt : null,
      isEnabled: input.isEnabled,
      updatedBy: ctx.actor.userId,
      updatedAt: ctx.now,
    };
    const [saved] = await tx.insert(quickBooksAccounts).values({ subscriberId: sid, ...values }).onConflictDoUpdate({ target: quickBooksAccounts.subscriberId, set: values }).returning();
    await recordAudit(tx, ctx, {
      entity: 'quickBooksAccount',
      entityId: sid,
      action: stored ? 'update' : 'create',
      before: stored ? publicFieldsOf(stored) : null,
      after: { ...publicFieldsOf(saved), isClientSecretChanged: clientSecret !== undefined, isRefreshTokenChanged: refreshToken !== undefined },
    });
  });
  return getQuickBooksAccount(ctx);
}

/**
 * `POST QuickBooks/account/test`: renews the token if it needs it (storing the rotated pair) and reads the company's
 * accounts, saying whether the connection works and, if not, QuickBooks' reason.
 */
export async function testQuickBooksAccount(ctx: Ctx): Promise<{ isConnected: boolean; message: string }> {
  return ctx.db.transaction(async (tx) => {
    const account = await storedQuickBooksAccount(tx, ctx.actor.subscriberId);
    if (!account) throw new AppError(409, 'QuickBooks is not set up for your company: save the connection first.');
    try {
      const accounts = await quickBooksSystemOf(tx, account).readGlAccounts();
      return { isConnected: true, message: `Connected to QuickBooks company ${account.realmId}: it has ${accounts.length} accounts.` };
    } catch (err) {
      if (!(err instanceof AccountingError)) throw err;
      return { isConnected: false, message: err.message };
    }
  });
}
