import { AppError } from '../../../lib/errors';
import { OutboundRefused, outboundRequest, type OutboundAnswer } from '../../../lib/outbound-http';

/** How long one call to a provider may take before the technician is told it did not answer. */
const DEFAULT_TIMEOUT_MS = 8_000;

/** The timeout of a provider call: 8 s, or PROVIDER_TIMEOUT_MS when set (tests shorten it, slow links lengthen it). */
export function providerTimeoutMs(): number {
  const ms = Number(process.env.PROVIDER_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_TIMEOUT_MS;
}
/** Idempotent calls (reads) are tried this many times in all when the provider fails or does not answer. */
const READ_ATTEMPTS = 3;
const RETRY_DELAYS_MS = [200, 800];

/** Where and as whom the product talks to one provider for one company. */
export interface ProviderEndpoint {
  /** Shown in sentences: "Corrigo", "ServiceChannel". */
  providerName: string;
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * A provider refused or failed a call. `status` is what our own answer carries (422 when the provider refused the
 * request, 502 when it failed, 504 when it did not answer); `message` is the sentence for the technician, in the
 * provider's own words when it gave any; `providerCode` is its error code when it has one (e.g. 924 "out of range").
 */
export class ProviderError extends AppError {
  constructor(
    status: number,
    message: string,
    public readonly providerCode?: string | number,
    /** The provider answered 401/403: the token (or the stored credentials) is no longer accepted. */
    public readonly isCredentialsRefused = false,
    /** The call was refused before reaching the provider (an address that is not public, a redirect): why, for an administrator. */
    public readonly refusal?: OutboundRefused,
  ) {
    super(status, message);
  }
}

export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under the base URL, starting with '/'. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body, or form fields when `form` is true (token requests). */
  body?: unknown;
  form?: boolean;
  headers?: Record<string, string>;
  /** For a read a dialog waits on: how many tries and how long each may take (defaults: 3 for reads, the endpoint's timeout). */
  attempts?: number;
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function urlOf(endpoint: ProviderEndpoint, req: ProviderRequest): string {
  const url = new URL(endpoint.baseUrl.replace(/\/+$/, '') + req.path);
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

/** The longest provider sentence repeated to a user; anything longer is not a plain error message. */
const MAX_WORDS = 300;

/** Whether a provider's field reads as one short error sentence: no markup, no control characters, one line. */
const isPlainSentence = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= MAX_WORDS && !/[<>\p{Cc}]/u.test(v);

/**
 * The provider's own words from a JSON error answer, whichever of the usual fields carries them (a technician needs
 * "Check-in is out of range", code 924). Only a short sentence in a structured error field is kept: a text or HTML
 * page, or any other field of the answer, is never repeated, so a base URL pointed elsewhere cannot read it back.
 */
function providerWords(body: unknown): { text?: string; code?: string | number } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const b = body as Record<string, unknown>;
  const nested = (b.Error ?? b.error ?? (Array.isArray(b.Errors) ? b.Errors[0] : undefined)) as Record<string, unknown> | string | undefined;
  const source = typeof nested === 'object' && nested ? nested : b;
  const text = [source.Message, source.message, source.ErrorMessage, source.error_description, typeof nested === 'string' ? nested : undefined].find(isPlainSentence);
  const code = [source.Code, source.code, source.ErrorCode].find((v): v is string | number => (typeof v === 'string' && /^[\w.-]{1,40}$/.test(v)) || (typeof v === 'number' && Number.isFinite(v)));
  return { text: text?.trim(), code };
}

/** A JSON answer as data; anything else (a page, plain text) as a marker that it was not JSON, never as its text. */
function readBody(answer: OutboundAnswer): unknown {
  if (!answer.text) return undefined;
  try {
    return JSON.parse(answer.text);
  } catch {
    return NOT_JSON;
  }
}
const NOT_JSON = Symbol('not JSON');

/** One attempt; throws ProviderError for every kind of failure, with `isRetryable` set for failures worth another try. */
async function attempt<T>(endpoint: ProviderEndpoint, req: ProviderRequest): Promise<T> {
  const name = endpoint.providerName;
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  let body: string | undefined;
  if (req.body !== undefined && req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.body as Record<string, string>).toString();
  } else if (req.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  let res: OutboundAnswer;
  try {
    res = await outboundRequest(urlOf(endpoint, req), { method: req.method, headers, body, timeoutMs: req.timeoutMs ?? endpoint.timeoutMs ?? providerTimeoutMs() });
  } catch (err) {
    if (err instanceof OutboundRefused && err.reason === 'redirect') {
      throw new ProviderError(502, `${name} answered with a redirect, which is not followed. Ask an administrator to check the ${name} connection.`, undefined, false, err);
    }
    if (err instanceof OutboundRefused) {
      throw new ProviderError(502, `${name} cannot be called at the address the company saved. Ask an administrator to check the ${name} connection.`, undefined, false, err);
    }
    const isTimeout = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
    throw retryable(new ProviderError(isTimeout ? 504 : 502, isTimeout ? `${name} did not answer in time. Please try again in a moment.` : `${name} cannot be reached right now. Please try again in a moment.`));
  }
  const answer = readBody(res);
  const isOk = res.status >= 200 && res.status < 300;
  if (isOk && answer === NOT_JSON) throw new ProviderError(502, `${name} answered with something other than JSON. Ask an administrator to check the ${name} connection.`);
  if (isOk) return answer as T;
  const { text, code } = res.contentType === 'application/json' || res.contentType.endsWith('+json') ? providerWords(answer) : {};
  if (res.status === 401 || res.status === 403) throw new ProviderError(502, `${name} refused the company's credentials. Ask an administrator to check the ${name} connection.`, code, true);
  if (res.status === 404) throw new ProviderError(422, text ? `${name}: ${text}` : `${name} does not know this work order.`, code);
  if (res.status >= 500) throw retryable(new ProviderError(502, `${name} had a problem answering${text ? `: ${text}` : ''}. Please try again in a moment.`, code));
  throw new ProviderError(422, text ? `${name}: ${text}` : `${name} refused the request.`, code);
}

const RETRYABLE = new WeakSet<Error>();
function retryable(err: ProviderError): ProviderError {
  RETRYABLE.add(err);
  return err;
}

/**
 * Calls a provider and returns its JSON answer. Reads are tried again after a failure or a timeout (a read twice
 * changes nothing); writes are sent once, because a check-in the provider received but did not answer in time must
 * not be sent twice. Every failure becomes a ProviderError with a sentence the technician can act on.
 */
export async function callProvider<T>(endpoint: ProviderEndpoint, req: ProviderRequest): Promise<T> {
  const attempts = req.method === 'GET' ? (req.attempts ?? READ_ATTEMPTS) : 1;
  for (let i = 1; ; i++) {
    try {
      return await attempt<T>(endpoint, req);
    } catch (err) {
      if (i >= attempts || !RETRYABLE.has(err as Error)) throw err;
      await sleep(RETRY_DELAYS_MS[i - 1] ?? 1000);
    }
  }
}

/** An OAuth access token and when to stop using it. */
interface CachedToken {
  token: string;
  expiresAt: number;
}
const tokens = new Map<string, CachedToken>();
/** A token is renewed this long before the provider would stop accepting it. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * An access token for these credentials, asked for again when the cached one is about to expire (providers give no
 * refresh tokens: a client simply asks again). `request` is the token call itself, which differs per provider.
 */
export async function cachedToken(key: string, request: () => Promise<{ access_token?: unknown; expires_in?: unknown }>, now = Date.now()): Promise<string> {
  const hit = tokens.get(key);
  if (hit && hit.expiresAt - TOKEN_MARGIN_MS > now) return hit.token;
  const answer = await request();
  if (typeof answer?.access_token !== 'string' || answer.access_token === '') throw new ProviderError(502, 'The provider answered the sign-in without a token.');
  const seconds = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 300;
  tokens.set(key, { token: answer.access_token, expiresAt: now + seconds * 1000 });
  return answer.access_token;
}

/** Forgets a cached token (after the provider refused it, or when an account's credentials change). */
export function forgetToken(key: string): void {
  tokens.delete(key);
}
