import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROVIDER_LOGIN_PAGE_DEFAULTS, type ProviderLoginPages } from '@sm/shared';
import { parseAllowedHosts } from './outbound-http';
import { publicUrlOf, trustProxyOf, type TrustProxy } from './public-address';

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Load the demo companies into an empty database: only when SEED_DEMO=1. */
  seedDemo: boolean;
  /** NODE_ENV=production: the server refuses to start with demo accounts (db/seed/demo-guard.ts). */
  isProduction: boolean;
  /** ALLOW_DEMO_ACCOUNTS=1: production starts with demo accounts all the same. */
  allowDemoAccounts: boolean;
  /** Which proxies are believed about the client's address (TRUST_PROXY); none when unset. */
  trustProxy: TrustProxy;
  /** Where people reach the product (PUBLIC_URL), without a trailing slash: every e-mailed link starts with it. */
  publicUrl: string;
  /** PUBLIC_SIGNUP=1: anyone may register a company at /register; otherwise closed, and an empty database offers the one-time setup. */
  publicSignup: boolean;
  jwtSecret: string;
  webDist?: string;
  logLevel: string;
  /** Redis for hub events across server processes; unset = one process. */
  redisUrl?: string;
  /** The mail server the outbox sends through (smtp:// or smtps://); unset = messages are kept, not sent. */
  smtpUrl?: string;
  /** How long one process may hold a message it is sending before it counts as interrupted (MAIL_LEASE_SECONDS). */
  mailLeaseMs: number;
  /** The sender address of every message (MAIL_FROM), checked at start-up. */
  mailFrom: string;
  /** An S3-compatible store for files (S3_ENDPOINT, S3_BUCKET, keys); unset = a folder in the data directory. */
  s3?: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region?: string };
  /** Hosts (or host:port) on a private network that provider accounts may still call (OUTBOUND_ALLOWED_HOSTS). */
  outboundAllowedHosts: string[];
  /** A Nominatim-protocol geocoder (GEOCODER_URL); unset = the one the provider simulator plays, when it runs. */
  geocoderUrl?: string;
  /** How long one geocoder call may take (GEOCODER_TIMEOUT_MS); the client's own default when unset. */
  geocoderTimeoutMs?: number;
  /** The providers' login pages the web app links to (SERVICECHANNEL_LOGIN_URL, ECOTRAK_LOGIN_URL, CORRIGO_LOGIN_URL). */
  providerLoginPages: ProviderLoginPages;
}

/**
 * Reads the environment once at start-up. The signing secret comes from JWT_SECRET, or is generated once and
 * kept in the data directory so tokens survive restarts.
 */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const dataDir = resolve(source.DATA_DIR ?? './data');
  const databaseUrl = source.DATABASE_URL || undefined;
  const port = Number(source.PORT ?? 3000);
  return {
    port,
    host: source.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    seedDemo: source.SEED_DEMO === '1',
    isProduction: source.NODE_ENV === 'production',
    allowDemoAccounts: source.ALLOW_DEMO_ACCOUNTS === '1',
    trustProxy: trustProxyOf(source.TRUST_PROXY),
    publicUrl: publicUrlOf(source.PUBLIC_URL, port),
    publicSignup: source.PUBLIC_SIGNUP === '1',
    jwtSecret: source.JWT_SECRET || secretInDataDir(dataDir),
    webDist: source.WEB_DIST,
    logLevel: source.LOG_LEVEL ?? 'info',
    redisUrl: source.REDIS_URL || undefined,
    smtpUrl: smtpUrlOf(source.SMTP_URL),
    mailLeaseMs: mailLeaseOf(source.MAIL_LEASE_SECONDS),
    mailFrom: mailFromAddress(source),
    s3: s3Of(source),
    outboundAllowedHosts: parseAllowedHosts(source.OUTBOUND_ALLOWED_HOSTS),
    geocoderUrl: geocoderUrlOf(source.GEOCODER_URL),
    geocoderTimeoutMs: positiveMs(source.GEOCODER_TIMEOUT_MS),
    providerLoginPages: {
      serviceChannel: loginPageOf(source, 'SERVICECHANNEL_LOGIN_URL', PROVIDER_LOGIN_PAGE_DEFAULTS.serviceChannel),
      ecotrak: loginPageOf(source, 'ECOTRAK_LOGIN_URL', PROVIDER_LOGIN_PAGE_DEFAULTS.ecotrak),
      corrigo: loginPageOf(source, 'CORRIGO_LOGIN_URL', PROVIDER_LOGIN_PAGE_DEFAULTS.corrigo),
    },
  };
}

/** A provider's login page: the variable's absolute http or https address, checked at start, or the public page when unset. */
function loginPageOf(source: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const text = source[name]?.trim();
  if (!text) return fallback;
  const url = httpUrlOf(text);
  if (!url) throw new Error(`${name} must be the http or https address of the provider's login page; got "${text}"`);
  return url.href;
}

/** A number of milliseconds above 0, or unset (as before: anything else leaves the default). */
function positiveMs(value: string | undefined): number | undefined {
  const ms = Number(value);
  return value && Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** An absolute http or https address, or null for anything else. */
function httpUrlOf(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** GEOCODER_URL: an absolute http or https address without a query, checked at start; unset when empty. */
function geocoderUrlOf(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const url = httpUrlOf(text);
  if (!url || url.search || url.hash) {
    throw new Error(`GEOCODER_URL must be the http or https address of a Nominatim-protocol geocoder, e.g. https://nominatim.example.com; got "${text}"`);
  }
  return text.replace(/\/+$/, '');
}

/** The S3-compatible store named by S3_ENDPOINT and S3_BUCKET, with its keys; none when either is unset. */
function s3Of(source: NodeJS.ProcessEnv): Env['s3'] {
  if (!source.S3_ENDPOINT || !source.S3_BUCKET) return undefined;
  return {
    endpoint: source.S3_ENDPOINT,
    bucket: source.S3_BUCKET,
    accessKeyId: source.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: source.S3_SECRET_ACCESS_KEY ?? '',
    region: source.S3_REGION || undefined,
  };
}

/** The sender of every message: MAIL_FROM, or no-reply@localhost. The company's name is its display name. */
export function mailFromAddress(source: NodeJS.ProcessEnv = process.env): string {
  const from = source.MAIL_FROM?.trim() || 'no-reply@localhost';
  if (!/^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(from)) throw new Error(`MAIL_FROM must be a bare address like no-reply@example.com, got "${from}"`);
  return from;
}

function smtpUrlOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^smtps?:\/\/[^/]/i.test(value)) throw new Error('SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:pass@mail.example.com:587');
  return value;
}

function mailLeaseOf(value: string | undefined): number {
  const seconds = Number(value ?? 120);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600) throw new Error(`MAIL_LEASE_SECONDS must be 1 to 3600, got "${value}"`);
  return seconds * 1000;
}

function secretInDataDir(dataDir: string): string {
  return secretFileInDataDir(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url')).trim();
}

/**
 * A secret the server generates once into the data directory (the token-signing secret, the secrets key), so the
 * product runs with no setup: written readable by the owner only to a file of its own and linked into place, so two
 * processes starting at once on one data directory end up with the same secret. Answers the file's text.
 */
export function secretFileInDataDir(dataDir: string, name: string, make: () => string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, make(), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(draft);
    }
  }
  return readFileSync(file, 'utf8');
}
