import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_LIFETIME_HOURS, tokenClaimsSchema, type TokenClaims } from '@sm/shared';

export type ClaimsBody = Omit<TokenClaims, 'exp' | 'iat' | 'nbf'>;

const key = (secret: string) => new TextEncoder().encode(secret);

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

/** Verifies signature and times; answers null for anything forged, expired or malformed. */
export async function verifyAccessToken(secret: string, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const parsed = tokenClaimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
