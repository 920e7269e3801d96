import { eq } from 'drizzle-orm';
import { PROVIDER_NEEDS_USER, required, type ProviderAccount, type ProviderAccountInput, type ProviderSettingsKey } from '@sm/shared';
import { users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { tokenKeyOf, type ProviderAccount as StoredAccount } from '../providers/provider-accounts';
import { forgetToken } from '../providers/provider-http';
import { sealAccountSecret } from '../providers/provider-secrets';
import { providerAccounts } from '../providers/providers.table';

/** The company's stored account at a provider, its secrets sealed: for the server's own use only. */
export async function storedAccountOf(ctx: Pick<Ctx, 'db' | 'actor'>, provider: ProviderSettingsKey): Promise<StoredAccount | undefined> {
  const [account] = await ctx.db
    .select()
    .from(providerAccounts)
    .where(ofTenant(providerAccounts, ctx, eq(providerAccounts.provider, provider)))
    .limit(1);
  return account;
}

/** What an answer or an audit entry may say about an account: everything but the secret and the password. */
function publicFieldsOf(account: StoredAccount) {
  return { baseUrl: account.baseUrl, clientId: account.clientId, userName: account.userName, isEnabled: account.isEnabled };
}

/**
 * `GET ThirdParty/{provider}/account`: the company's connection as the settings form shows it. The secret and the
 * password never leave the server; the form only learns whether they are stored, so it can offer to keep them.
 */
export async function getProviderAccount(ctx: Ctx, provider: ProviderSettingsKey): Promise<ProviderAccount> {
  const [row] = await ctx.db
    .select({ account: providerAccounts, updatedByName: users.name })
    .from(providerAccounts)
    .leftJoin(users, eq(users.id, providerAccounts.updatedBy))
    .where(ofTenant(providerAccounts, ctx, eq(providerAccounts.provider, provider)))
    .limit(1);
  if (!row) {
    return { provider, isConfigured: false, baseUrl: '', clientId: '', userName: null, isEnabled: false, hasClientSecret: false, hasPassword: false, updatedBy: null, updatedAt: null };
  }
  const { account, updatedByName } = row;
  return {
    provider,
    isConfigured: true,
    ...publicFieldsOf(account),
    hasClientSecret: account.clientSecret !== '',
    hasPassword: !!account.password,
    updatedBy: updatedByName,
    updatedAt: account.updatedAt.toISOString(),
  };
}

/** A typed secret, or undefined when the field was left blank (keep the stored one). */
const typedSecret = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

/**
 * `PUT ThirdParty/{provider}/account`: saves the company's connection. A blank secret or password keeps the stored
 * one, so an administrator can change the address without retyping credentials; the first save needs them.
 * ServiceChannel also needs the user it signs in. A typed secret or password is stored sealed (lib/secret-box.ts),
 * never as typed. The change is audited (without secrets) in the same transaction, and the token cached for the old
 * credentials is forgotten, so the next provider call uses the new ones.
 */
export async function saveProviderAccount(ctx: Ctx, provider: ProviderSettingsKey, input: ProviderAccountInput): Promise<ProviderAccount> {
  const needsUser = PROVIDER_NEEDS_USER[provider];
  const clientSecret = typedSecret(input.clientSecret);
  const password = needsUser ? typedSecret(input.password) : undefined;
  const userName = needsUser ? input.userName?.trim() || null : null;
  if (needsUser && !userName) throw new AppError(400, required('User Name'));

  const before = await ctx.db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(providerAccounts)
      .where(ofTenant(providerAccounts, ctx, eq(providerAccounts.provider, provider)))
      .for('update');
    if (!stored && clientSecret === undefined) throw new AppError(400, required('Client Secret'));
    if (needsUser && !stored?.password && password === undefined) throw new AppError(400, required('Password'));
    const owner = { subscriberId: ctx.actor.subscriberId, provider };
    const fields = {
      baseUrl: input.baseUrl.trim(),
      clientId: input.clientId.trim(),
      clientSecret: clientSecret !== undefined ? sealAccountSecret(owner, 'clientSecret', clientSecret) : stored!.clientSecret,
      userName,
      password: !needsUser ? null : password !== undefined ? sealAccountSecret(owner, 'password', password) : stored!.password,
      isEnabled: input.isEnabled,
      updatedBy: ctx.actor.userId,
      updatedAt: ctx.now,
    };
    const [saved] = await tx
      .insert(providerAccounts)
      .values({ subscriberId: ctx.actor.subscriberId, provider, ...fields })
      .onConflictDoUpdate({ target: [providerAccounts.subscriberId, providerAccounts.provider], set: fields })
      .returning();
    await recordAudit(tx, ctx, {
      entity: 'providerAccount',
      entityId: saved.id,
      action: stored ? 'update' : 'create',
      before: stored ? publicFieldsOf(stored) : null,
      after: { ...publicFieldsOf(saved), isClientSecretChanged: clientSecret !== undefined, isPasswordChanged: password !== undefined },
    });
    return stored;
  });
  if (before) forgetToken(tokenKeyOf(before));
  return getProviderAccount(ctx, provider);
}
