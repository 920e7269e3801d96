import { and, eq } from 'drizzle-orm';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import type { ProviderEndpoint } from './provider-http';
import { providerAccounts, providerActions, type PROVIDER_KINDS } from './providers.table';

export type ProviderKind = (typeof PROVIDER_KINDS)[number];
export type ProviderAccount = typeof providerAccounts.$inferSelect;

/** How each provider is named in sentences. */
export const PROVIDER_NAMES: Record<ProviderKind, string> = { corrigo: 'Corrigo', serviceChannel: 'ServiceChannel' };

/**
 * The caller's company's enabled account at a provider, or a sentence saying the company is not connected: every
 * provider call starts here, so one company's credentials can never serve another's work order.
 */
export async function accountFor(ctx: Pick<Ctx, 'db' | 'actor'>, provider: ProviderKind): Promise<ProviderAccount> {
  const [account] = await ctx.db
    .select()
    .from(providerAccounts)
    .where(and(eq(providerAccounts.subscriberId, ctx.actor.subscriberId), eq(providerAccounts.provider, provider)))
    .limit(1);
  if (!account || !account.isEnabled) {
    throw new AppError(409, `Your company is not connected to ${PROVIDER_NAMES[provider]}. Ask an administrator to connect it under Third Party > ${PROVIDER_NAMES[provider]}.`);
  }
  return account;
}

/** Where an account's API lives, for provider-http. */
export function endpointOf(account: ProviderAccount): ProviderEndpoint {
  return { providerName: PROVIDER_NAMES[account.provider], baseUrl: account.baseUrl };
}

/** Key of an account's cached token: changes when its address or credentials change, so edits take effect at once. */
export function tokenKeyOf(account: ProviderAccount): string {
  return [account.id, account.baseUrl, account.clientId, account.clientSecret, account.userName ?? '', account.password ?? ''].join('\u0000');
}

export interface ProviderActionRecord {
  workOrderId: number;
  provider: ProviderKind;
  /** e.g. 'checkIn', 'checkOut', 'changeStatus', 'updateProcedureStep'. */
  action: string;
  laborId?: number | null;
  position?: { latitude: number; longitude: number; accuracy?: number | null } | null;
  request?: unknown;
  isOk: boolean;
  message?: string | null;
}

/**
 * Writes down one call made to a provider for a technician, taken or refused, with the position and its accuracy:
 * the record that explains later why a provider shows (or does not show) a check-in.
 */
export async function recordProviderAction(ctx: Pick<Ctx, 'db' | 'actor'> & { tx?: Tx }, record: ProviderActionRecord): Promise<void> {
  await (ctx.tx ?? ctx.db).insert(providerActions).values({
    subscriberId: ctx.actor.subscriberId,
    userId: ctx.actor.userId,
    workOrderId: record.workOrderId,
    laborId: record.laborId ?? null,
    provider: record.provider,
    action: record.action,
    latitude: record.position?.latitude ?? null,
    longitude: record.position?.longitude ?? null,
    accuracyMeters: record.position?.accuracy ?? null,
    request: record.request ?? null,
    isOk: record.isOk,
    message: record.message ?? null,
  });
}
