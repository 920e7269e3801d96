import { callProvider, cachedToken, forgetToken, ProviderError, type ProviderRequest } from '../provider-http';
import { endpointOf, tokenKeyOf, type ProviderAccount } from '../provider-accounts';
import { openAccountSecret } from '../provider-secrets';

/** The work order as the provider answers it (only the fields the product reads). */
export interface ScWorkOrder {
  Id: number;
  Number?: string;
  Status: { Primary: string; Extended: string | null };
  CallDate?: string;
  Nte?: { NotToExceed?: number; Currency?: string };
  Location?: { Id?: number; Name?: string; Latitude?: number; Longitude?: number; GpsRadius?: number };
  IsCheckInDenied?: boolean;
  CheckInDeniedReason?: string | null;
}

/** One primary status with its extended statuses, as the provider lists them. */
export interface ScStatusList {
  Primary: string;
  Extended: string[];
}

export interface ScCheckIn {
  WorkTypeId: 1 | 2;
  UserId: number;
  TechsCount: number;
  Latitude?: number;
  Longitude?: number;
  CheckInTime?: string;
  Actor: string;
}

export interface ScCheckOut {
  WorkTypeId: 1 | 2;
  PrimaryStatus: string;
  ExtendedStatus?: string | null;
  ActionStatus?: string | null;
  Resolution?: string | null;
  UserId: number;
  TechsCount: number;
  Latitude?: number;
  Longitude?: number;
  CheckOutTime?: string;
}

/**
 * An access token for the company's account: resource-owner password grant with the client's id and secret in
 * HTTP Basic, cached until shortly before it expires. The "test connection" button calls this alone: a token
 * proves the client credentials and the user both. The stored secret and password are opened only for the token
 * request itself.
 */
export async function serviceChannelToken(account: ProviderAccount): Promise<string> {
  if (!account.userName || !account.password) throw new ProviderError(422, 'ServiceChannel needs a user name and password on the account to sign in.');
  return cachedToken(tokenKeyOf(account), () => {
    const basic = Buffer.from(`${account.clientId}:${openAccountSecret(account, 'clientSecret') ?? ''}`).toString('base64');
    return callProvider(endpointOf(account), {
      method: 'POST',
      path: '/oauth/token',
      form: true,
      headers: { authorization: `Basic ${basic}` },
      body: { grant_type: 'password', username: account.userName, password: openAccountSecret(account, 'password') },
    });
  });
}

/** How long the Stop dialog waits for the provider's status lists before showing the fixed ones. */
const STATUS_LIST_TIMEOUT_MS = 3_000;

/** A call with the account's token; a token the provider no longer accepts is dropped and asked for once more. */
async function call<T>(account: ProviderAccount, req: ProviderRequest): Promise<T> {
  const send = async () => callProvider<T>(endpointOf(account), { ...req, headers: { ...req.headers, authorization: `Bearer ${await serviceChannelToken(account)}` } });
  try {
    return await send();
  } catch (err) {
    // A fresh token settles an expired one.
    if (!(err instanceof ProviderError) || !err.isCredentialsRefused) throw err;
    forgetToken(tokenKeyOf(account));
    return send();
  }
}

/** The provider's work order: its statuses, location and GPS radius, and whether it would refuse a check-in now. */
export function getScWorkOrder(account: ProviderAccount, providerWorkOrderId: number): Promise<ScWorkOrder> {
  return call(account, { method: 'GET', path: `/workorders/${providerWorkOrderId}` });
}

/**
 * The primary statuses with their extended statuses, the customer's own included. The Stop dialog waits on this and
 * has a fixed list to fall back on, so it is asked once, briefly.
 */
export function getScStatusLists(account: ProviderAccount): Promise<ScStatusList[]> {
  return call(account, { method: 'GET', path: '/workorders/statuses', attempts: 1, timeoutMs: STATUS_LIST_TIMEOUT_MS });
}

/** The provider's pre-check of a check-in from a position: throws its refusal (e.g. 924 out of range). */
export async function validateScCheckIn(account: ProviderAccount, providerWorkOrderId: number, position: { latitude: number; longitude: number } | null, workTypeId: 1 | 2): Promise<void> {
  await call(account, {
    method: 'GET',
    path: `/workorders/${providerWorkOrderId}/validateCheckIn`,
    query: { latitude: position?.latitude, longitude: position?.longitude, workTypeId },
  });
}

/** Checks the technician in; the work order moves to IN PROGRESS / ON SITE at the provider. */
export function scCheckIn(account: ProviderAccount, providerWorkOrderId: number, body: ScCheckIn): Promise<{ MechanicId: number }> {
  return call(account, { method: 'POST', path: `/workorders/${providerWorkOrderId}/universalCheckIn`, body });
}

/** Checks the technician out (same UserId as the check-in), leaving the work order in the chosen status. */
export function scCheckOut(account: ProviderAccount, providerWorkOrderId: number, body: ScCheckOut): Promise<{ MechanicId: number }> {
  return call(account, { method: 'POST', path: `/workorders/${providerWorkOrderId}/universalCheckOut`, body });
}

/** Sets the provider's primary and extended status directly. */
export function setScStatus(account: ProviderAccount, providerWorkOrderId: number, status: { Primary: string; Extended: string | null }, note: string, actor: string): Promise<unknown> {
  return call(account, { method: 'PUT', path: `/workorders/${providerWorkOrderId}/status`, body: { Status: status, Note: note, Actor: actor } });
}
