import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isSealedWith, openSecret, sealSecret, secretKeysInUse, SecretUnreadableError } from '../../../lib/secret-box';
import { PROVIDER_NAMES, type ProviderAccount, type ProviderKind } from './provider-accounts';
import { ProviderError } from './provider-http';
import { providerAccounts } from './providers.table';

/** The sealed columns of an account. */
export type AccountSecret = 'clientSecret' | 'password';
const COLUMNS: Record<AccountSecret, string> = { clientSecret: 'client_secret', password: 'password' };

/** Whose account a secret belongs to: a sealed value opens only in the column and account it was sealed for. */
interface AccountOwner {
  subscriberId: number;
  provider: ProviderKind;
}

const contextOf = (owner: AccountOwner, field: AccountSecret) => `provider_accounts.${COLUMNS[field]}:${owner.subscriberId}:${owner.provider}`;

/** Seals a secret an administrator typed, for the account's column. */
export function sealAccountSecret(owner: AccountOwner, field: AccountSecret, plain: string): string {
  return sealSecret(plain, contextOf(owner, field));
}

/**
 * Opens an account's secret for the one request that sends it to the provider (the adapters call it inside their
 * token request, nowhere else). A secret this server cannot open becomes the provider error the technician or the
 * administrator reads, naming the missing key, never the secret.
 */
export function openAccountSecret(account: ProviderAccount, field: AccountSecret): string | null {
  const stored = account[field];
  if (stored === null || stored === '') return stored;
  try {
    return openSecret(stored, contextOf(account, field));
  } catch (err) {
    if (!(err instanceof SecretUnreadableError)) throw err;
    const name = PROVIDER_NAMES[account.provider];
    throw new ProviderError(
      502,
      `The ${name} credentials stored for your company cannot be read on this server (they are sealed with key ${err.keyId}, which it does not hold or which does not open them). Ask an administrator to check the ${name} connection.`,
    );
  }
}

/** Whether an account's stored secret is this one (false when this server cannot open it): how the demo finds its accounts. */
export function isAccountSecret(account: ProviderAccount, field: AccountSecret, plain: string): boolean {
  const stored = account[field];
  if (stored === null) return false;
  try {
    return openSecret(stored, contextOf(account, field)) === plain;
  } catch (err) {
    if (err instanceof SecretUnreadableError) return false;
    throw err;
  }
}

/**
 * Start-up: seals every provider secret still stored plain (by an earlier version) and re-seals those under an older
 * key with the current one, in one transaction. The rows are locked first, so a second server starting at the same
 * time waits and then finds nothing left to do. A secret that no held key opens stops the start with a sentence
 * naming the key and the account (never the secret), and changes nothing. Answers how many accounts were changed.
 */
export async function resealProviderSecrets(db: Db): Promise<number> {
  const keys = secretKeysInUse();
  return db.transaction(async (tx) => {
    const accounts = await tx.select().from(providerAccounts).orderBy(asc(providerAccounts.id)).for('update');
    const unreadable: string[] = [];
    let changed = 0;
    for (const account of accounts) {
      const update: Partial<Record<AccountSecret, string>> = {};
      for (const field of ['clientSecret', 'password'] as const) {
        const stored = account[field];
        if (stored === null || stored === '' || isSealedWith(stored, keys[0]!)) continue;
        try {
          update[field] = sealSecret(openSecret(stored, contextOf(account, field), keys), contextOf(account, field), keys);
        } catch (err) {
          if (!(err instanceof SecretUnreadableError)) throw err;
          unreadable.push(`the ${PROVIDER_NAMES[account.provider]} account of company ${account.subscriberId} (${field === 'password' ? 'password' : 'client secret'}, key ${err.keyId})`);
        }
      }
      if (Object.keys(update).length === 0) continue;
      await tx.update(providerAccounts).set(update).where(eq(providerAccounts.id, account.id));
      changed++;
    }
    if (unreadable.length > 0) {
      throw new Error(
        `Stored provider secrets cannot be opened with the keys this server holds (${keys.map((k) => k.id).join(', ')}): ${unreadable.join('; ')}. ` +
          'Start the server with the key each names in SECRETS_KEY or SECRETS_PREVIOUS_KEYS.',
      );
    }
    return changed;
  });
}
