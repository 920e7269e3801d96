import type { CorrigoWorkOrderStatus } from '@sm/shared';
import { cachedToken, callProvider, forgetToken, ProviderError, type ProviderRequest } from '../provider-http';
import { accountFor, endpointOf, tokenKeyOf, type ProviderAccount } from '../provider-accounts';
import { openAccountSecret } from '../provider-secrets';
import type { Ctx } from '../../../../lib/context';
import type { CorrigoAdapter } from '../provider';
import { toCheckOut, toCustomerSettings, toLocation, toProcedures, toStepUpdates, toWorkOrderSummary, workOrderStatusOf } from './corrigo-mapper';
import type { WireCustomerSettings, WireProcedure, WireStatusAnswer, WireWorkOrder } from './corrigo-wire';

/**
 * A Corrigo access token for the account: OAuth client credentials, form-encoded, cached until shortly before expiry.
 * The stored secret is opened only for the token request itself.
 */
export function corrigoToken(account: ProviderAccount, endpoint = endpointOf(account)): Promise<string> {
  return cachedToken(tokenKeyOf(account), () =>
    callProvider<{ access_token?: unknown; expires_in?: unknown }>(endpoint, {
      method: 'POST',
      path: '/oauth/token',
      form: true,
      body: { grant_type: 'client_credentials', client_id: account.clientId, client_secret: openAccountSecret(account, 'clientSecret') ?? '' },
    }),
  );
}

/**
 * The Corrigo adapter over HTTP (CorrigoPro Direct): a client-credentials token per account, cached until shortly
 * before it expires, and one call per method. A refused token is forgotten, so the next call asks for a new one.
 */
export function corrigoHttpAdapter(account: ProviderAccount, opts: { timeoutMs?: number } = {}): CorrigoAdapter {
  const endpoint = { ...endpointOf(account), timeoutMs: opts.timeoutMs };
  const tokenKey = tokenKeyOf(account);

  async function call<T>(req: ProviderRequest): Promise<T> {
    const bearer = await corrigoToken(account, endpoint);
    try {
      return await callProvider<T>(endpoint, { ...req, headers: { ...req.headers, authorization: `Bearer ${bearer}` } });
    } catch (err) {
      if (err instanceof ProviderError && err.isCredentialsRefused) forgetToken(tokenKey);
      throw err;
    }
  }

  const statusOf = (answer: WireStatusAnswer | undefined): CorrigoWorkOrderStatus => {
    const status = workOrderStatusOf(answer?.Status);
    if (!status) throw new ProviderError(502, 'Corrigo answered with a status the product does not know. Please try again in a moment.');
    return status;
  };
  const wo = (id: number) => `/api/v1/workOrders/${encodeURIComponent(String(id))}`;

  return {
    async getCustomerSettings(customerId) {
      return toCustomerSettings(await call<WireCustomerSettings>({ method: 'GET', path: `/api/v1/customers/${encodeURIComponent(String(customerId))}/settings` }));
    },
    async getWorkOrder(id) {
      return toWorkOrderSummary(await call<WireWorkOrder>({ method: 'GET', path: wo(id) }));
    },
    async getProcedures(id) {
      return toProcedures((await call<{ Procedures: WireProcedure[] }>({ method: 'GET', path: `${wo(id)}/procedures` }))?.Procedures ?? []);
    },
    async updateProcedureSteps(id, procedureId, steps) {
      const answer = await call<{ Procedures: WireProcedure[] }>({ method: 'PUT', path: `${wo(id)}/procedures/${procedureId}`, body: { Steps: toStepUpdates(steps) } });
      return toProcedures(answer?.Procedures ?? []);
    },
    async changeStatus(id, change) {
      const Location = toLocation(change.position);
      const req: ProviderRequest =
        change.status === 'Paused'
          ? { method: 'POST', path: `${wo(id)}/pause`, body: { Comment: change.comment ?? '', Location } }
          : { method: 'POST', path: `${wo(id)}/checkIn`, body: { Location } };
      return statusOf(await call<WireStatusAnswer>(req));
    },
    async checkOut(id, input, position, settings) {
      return statusOf(await call<WireStatusAnswer>({ method: 'POST', path: `${wo(id)}/checkOut`, body: toCheckOut(input, position, settings) }));
    },
  };
}

/**
 * The Corrigo adapter for the caller's company: its own account, so one company's credentials never serve another's
 * work order. Throws the 409 "not connected" sentence when the company has no enabled Corrigo account.
 */
export async function corrigoAdapterFor(ctx: Pick<Ctx, 'db' | 'actor'>): Promise<CorrigoAdapter> {
  return corrigoHttpAdapter(await accountFor(ctx, 'corrigo'));
}
