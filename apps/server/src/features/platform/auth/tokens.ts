import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_LIFETIME_HOURS, tokenClaimsSchema, type TokenClaims } from '@sm/shared';

export type ClaimsBody = Omit<TokenClaims, 'exp' | 'iat' | 'nbf'>;

const keys = new Map<string, KeyObject>();
/** The HMAC key of a secret, made once: verifying then costs no key import per request. */
function key(secret: string): KeyObject {
  let k = keys.get(secret);
  if (!k) keys.set(secret, (k = createSecretKey(Buffer.from(secret, 'utf8'))));
  return k;
}

/** Signs an access token carrying the claims of spec platform 3.1. */
export async function signAccessToken(secret: string, claims: ClaimsBody, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setNotBefore(iat - 5)
    .setExpirationTime(iat + ACCESS_TOKEN_LIFETIME_HOURS * 3600)
    .setSubject(String(claims.userId))
    .sign(key(secret));
}

/** Tokens whose signature was verified, with their claims: a caller's next requests skip the HMAC and the parsing. */
const verified = new Map<string, { secret: string; claims: TokenClaims }>();
const VERIFIED_KEPT = 10_000;
/** How far another server's clock may run ahead of ours when it issued a token, in seconds. */
export const CLOCK_SKEW_SECONDS = 60;
const LIFETIME_SECONDS = ACCESS_TOKEN_LIFETIME_HOURS * 3600;

/**
 * Whether a token's times are ones this server issues: issued no later than now (give or take the clock skew) and
 * living no longer than the server's own lifetime. A token signed with the right
 * secret but issued in the future or expiring a century ahead is refused like a forged one.
 */
function issuedByUs(claims: TokenClaims, now: number): boolean {
  return claims.iat <= now + CLOCK_SKEW_SECONDS && claims.exp > claims.iat && claims.exp - claims.iat <= LIFETIME_SECONDS;
}

/**
 * Verifies signature and times; answers null for anything forged, expired or malformed. Only the header this
 * server signs with is accepted (HS256, no `crit`), with the times this server gives (`issuedByUs`). A token seen before with the same secret is not checked again,
 * only its times; nothing that failed is kept.
 */
export function verifyAccessToken(secret: string, token: string): TokenClaims | null {
  const seen = verified.get(token);
  const claims = seen?.secret === secret ? seen.claims : checkSignature(secret, token);
  if (!claims) return null;
  const now = Date.now() / 1000;
  if (claims.exp <= now || claims.nbf > now || !issuedByUs(claims, now)) {
    verified.delete(token);
    return null;
  }
  if (!seen) {
    if (verified.size >= VERIFIED_KEPT) verified.clear();
    verified.set(token, { secret, claims });
  }
  return claims;
}

/** The claims of a token signed with `secret` (HMAC-SHA256 on the cached key), whatever its times; null otherwise. */
function checkSignature(secret: string, token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (h === null || h.alg !== 'HS256' || 'crit' in h) return null;
    // Compared as text, so that only the canonical encoding of the signature passes.
    const expected = Buffer.from(createHmac('sha256', key(secret)).update(`${header}.${payload}`).digest('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const parsed = tokenClaimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
