import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from './errors';

/**
 * The one way the server calls an address a user typed (a provider's base URL). A company administrator must not be
 * able to use the server to reach its own network: the host name is resolved first, and the call is refused when any
 * address it resolves to is private, loopback, link-local or otherwise not public, unless an operator allowed the host
 * (OUTBOUND_ALLOWED_HOSTS, and the provider simulator the server starts itself). The connection then goes to the
 * vetted addresses only, so a name that resolves elsewhere a moment later cannot slip through. Redirects are never
 * followed.
 */

/** A call refused before or instead of reaching anything; `message` is the sentence to show. */
export class OutboundRefused extends AppError {
  constructor(
    public readonly reason: 'address' | 'redirect' | 'scheme',
    message: string,
  ) {
    super(422, message);
  }
}

export interface OutboundRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole call (name resolution, connection, answer) must be over within this time. */
  timeoutMs: number;
}

export interface OutboundAnswer {
  status: number;
  /** The media type alone, lower case ('' when none): the caller reads a body only in a form it expects. */
  contentType: string;
  headers: IncomingHttpHeaders;
  text: string;
}

/** An answer larger than this is dropped: no provider call needs more, and memory is shared by every company. */
const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

/** Allowed entries, lower case: 'host' (any port) or 'host:port'; IPv6 addresses in brackets. */
const allowed = new Map<string, number>();

const HOST_ENTRY = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*)(?::(\d{1,5}))?$/;

/**
 * Reads OUTBOUND_ALLOWED_HOSTS: host names or addresses, each with an optional port, comma-separated. A wrong entry
 * stops the start with a sentence rather than silently allowing nothing (or too much).
 */
export function parseAllowedHosts(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  for (const entry of entries) {
    const port = HOST_ENTRY.exec(entry)?.[1];
    const isValidHost = HOST_ENTRY.test(entry) && (!entry.startsWith('[') || ipaddr.IPv6.isValid(entry.slice(1, entry.indexOf(']'))));
    if (!isValidHost || (port !== undefined && (Number(port) < 1 || Number(port) > 65535))) {
      throw new Error(`OUTBOUND_ALLOWED_HOSTS must list host names or host:port, comma-separated (e.g. gateway.corp.example,10.0.0.5:8443); "${entry}" is not one.`);
    }
  }
  return entries;
}

/**
 * Lets the server call these hosts even on a private network: the operator's OUTBOUND_ALLOWED_HOSTS (an on-premises
 * provider gateway) and the provider simulator the server starts beside itself. Returns how to withdraw them again.
 */
export function allowOutboundHosts(entries: readonly string[]): () => void {
  const added = parseAllowedHosts(entries.join(','));
  for (const entry of added) allowed.set(entry, (allowed.get(entry) ?? 0) + 1);
  return () => {
    for (const entry of added) {
      const count = (allowed.get(entry) ?? 0) - 1;
      if (count > 0) allowed.set(entry, count);
      else allowed.delete(entry);
    }
  };
}

/** The hosts allowed now, each once: what a test file left allowed when it ended. */
export function allowedOutboundHosts(): string[] {
  return [...allowed.keys()];
}

/** Withdraws every allowance, so the next test file in the same process starts from none. */
export function withdrawAllOutboundHosts(): void {
  allowed.clear();
}

function isAllowed(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowed.has(host) || allowed.has(`${host}:${port}`);
}

/** Whether one address is on the public internet: unicast and outside every private, local and reserved range. */
function isPublic(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const parts = (ip as ipaddr.IPv6).parts;
  // Global unicast is 2000::/3; IPv4-compatible addresses (::a.b.c.d) would reach IPv4 hosts unchecked.
  return ip.range() === 'unicast' && (parts[0]! & 0xe000) === 0x2000;
}

/**
 * The first of a name's addresses that is not public, or undefined when all are. A name with no address at all
 * counts as refused, so that nothing is called unchecked.
 */
export function firstRefusedAddress(addresses: readonly string[]): string | undefined {
  if (addresses.length === 0) return '(none)';
  return addresses.find((a) => !isPublic(a));
}

function timeoutError(ms: number): Error {
  const err = new Error(`No answer within ${ms} ms.`);
  err.name = 'TimeoutError';
  return err;
}

/** The addresses of the URL's host: the literal address itself, or every address its name resolves to. */
async function addressesOf(hostname: string): Promise<LookupAddress[]> {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (ipaddr.isValid(bare)) return [{ address: bare, family: bare.includes(':') ? 6 : 4 }];
  return new Promise((resolve, reject) => dnsLookup(bare, { all: true, verbatim: true }, (err, list) => (err ? reject(err) : resolve(list))));
}

/** A lookup that answers only the vetted addresses, whatever the name resolves to by the time the socket connects. */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    const family = options?.family === 'IPv4' ? 4 : options?.family === 'IPv6' ? 6 : Number(options?.family) || 0;
    const usable = addresses.filter((a) => !family || a.family === family);
    if (usable.length === 0) return callback(Object.assign(new Error(`No address of family ${family}.`), { code: 'ENOTFOUND' }));
    if (options?.all) return callback(null, usable);
    return callback(null, usable[0]!.address, usable[0]!.family);
  }) as LookupFunction;
}

/**
 * Calls `url` under the rules above and returns the answer whatever its status, except a redirect, which is refused
 * with a sentence (the target it names is never called and never repeated). Throws OutboundRefused for a refused
 * address, scheme or redirect, an Error named 'TimeoutError' when it took too long, and the network's own error
 * (refused connection, unknown name) otherwise.
 */
export async function outboundRequest(address: string, req: OutboundRequest): Promise<OutboundAnswer> {
  const url = new URL(address);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefused('scheme', `Only http:// and https:// addresses can be called, not ${url.protocol}//.`);
  }
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(timeoutError(req.timeoutMs));
      abort.abort();
    }, req.timeoutMs);
  });
  try {
    const addresses = await Promise.race([addressesOf(url.hostname), expired]);
    if (!isAllowed(url) && firstRefusedAddress(addresses.map((a) => a.address)) !== undefined) {
      throw new OutboundRefused(
        'address',
        `${url.host} is a private, loopback or link-local address, which this server does not call. Use the service's public address, or ask the operator to allow the host in OUTBOUND_ALLOWED_HOSTS.`,
      );
    }
    return await Promise.race([send(url, addresses, req, abort.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

function send(url: URL, addresses: LookupAddress[], req: OutboundRequest, signal: AbortSignal): Promise<OutboundAnswer> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: req.method,
        headers: req.body === undefined ? req.headers : { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        // A fresh connection each time, to the vetted addresses only.
        agent: false,
        lookup: pinnedLookup(addresses),
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          request.destroy();
          reject(new OutboundRefused('redirect', `${url.host} answered with a redirect (HTTP ${status}), which this server does not follow. Use the address it redirects to directly.`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) request.destroy(new Error(`${url.host} answered with more than ${MAX_ANSWER_BYTES / 1024 / 1024} MB.`));
          else chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          const contentType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          resolve({ status, contentType, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    request.on('error', reject);
    request.end(req.body);
  });
}
