import { isIP } from 'node:net';

/** Which proxies in front of the server are believed about the client's address (Fastify's `trustProxy`). */
export type TrustProxy = boolean | number | string[];

/** The networks Fastify (proxy-addr) knows by name. */
const NAMED_NETWORKS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address with a prefix length (CIDR), or one of the named networks. */
function isAddressOrNetwork(entry: string): boolean {
  if (NAMED_NETWORKS.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `false` or `0` believes no proxy, so X-Forwarded-For is ignored and a client cannot name its
 * own address; `true` believes every proxy; a whole number is how many proxies stand in front of the server (the
 * client is the address that many hops back, so one it wrote itself in front is not believed); otherwise a
 * comma-separated list of the proxies' addresses or networks. Refused at start-up when it is none of these.
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrNetwork(e));
  if (bad !== undefined) {
    throw new Error(`TRUST_PROXY must be true, a number of proxies, or a comma-separated list of addresses or networks (e.g. 10.0.0.0/8); "${bad}" is none of these`);
  }
  return entries;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`: a number becomes a test of the hop, since Fastify itself no longer counts
 * hops (it trusts nothing when given one). Hop 0 is the peer the socket is connected to, hop 1 the address that peer
 * wrote last in X-Forwarded-For, and so on.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * PUBLIC_URL: the address people reach the product at, the start of every link an e-mail carries (a request's Host
 * or X-Forwarded-Host header is never used: anyone can write those). An absolute http or https address, perhaps with
 * a path, without user, query or fragment; kept without its trailing slash. Default: this machine on PORT.
 */
export function publicUrlOf(value: string | undefined, port: number): string {
  const text = value?.trim() || `http://localhost:${port}`;
  const refuse = (why: string) => new Error(`PUBLIC_URL must be ${why}, e.g. https://app.example.com; got "${text}"`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse('an absolute http or https address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('an absolute http or https address');
  if (!/^https?:\/\/[^/?#]/i.test(text)) throw refuse('an absolute http or https address');
  if (url.username || url.password) throw refuse('an address without a user name or password');
  if (url.search || url.hash || /[?#]/.test(text)) throw refuse('an address without a query or fragment');
  return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
}
