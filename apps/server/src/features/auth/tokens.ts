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

/**
 * Verifies signature and times; answers null for anything forged, expired or malformed. Synchronous HMAC-SHA256
 * on the cached key: every request runs it. Only the header this server signs with is accepted (HS256, no `crit`).
 */
export function verifyAccessToken(secret: string, token: string): TokenClaims | null {
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
    if (!parsed.success) return null;
    const now = Date.now() / 1000;
    if (parsed.data.exp <= now || parsed.data.nbf > now) return null;
    return parsed.data;
  } catch {
    return null;
  }
}
