import { createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_LIFETIME_HOURS, userFlagsSchema } from '@sm/shared';
import { CLOCK_SKEW_SECONDS, signAccessToken, verifyAccessToken, type ClaimsBody } from './tokens';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const flags = Object.fromEntries(Object.keys(userFlagsSchema.shape).map((k) => [k, false])) as ClaimsBody['flags'];
const claims: ClaimsBody = {
  name: 'Tina Tech', email: 'tina@example.com', subscriberId: 1, userId: 7, userName: 'tina', userRoleId: [4], userRoles: ['Technician'],
  userStatusId: 1, userStatus: 'On Site', jobTitleId: null, flags,
};

afterEach(() => vi.useRealTimers());

describe('verifying access tokens', () => {
  it('refuses a token verified before once it expires, and under another secret', async () => {
    vi.useFakeTimers();
    const now = new Date('2026-05-04T08:00:00Z');
    vi.setSystemTime(now);
    const token = await signAccessToken(SECRET, claims, now);
    expect(verifyAccessToken(SECRET, token)?.userId).toBe(7);
    // Seen before: the same answer, and still nothing for another secret.
    expect(verifyAccessToken(SECRET, token)?.userId).toBe(7);
    expect(verifyAccessToken('another-secret-of-thirty-two-characters!', token)).toBeNull();
    const { exp } = verifyAccessToken(SECRET, token)!;
    vi.setSystemTime(exp * 1000 + 1);
    expect(verifyAccessToken(SECRET, token)).toBeNull();
  });

  it('refuses a changed signature or payload of a token verified before', async () => {
    const token = await signAccessToken(SECRET, claims, new Date());
    expect(verifyAccessToken(SECRET, token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), userId: 8 })).toString('base64url');
    expect(verifyAccessToken(SECRET, `${header}.${other}.${signature}`)).toBeNull();
    // The first character carries six whole bits of the signature: changing it always changes the signature.
    const changed = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifyAccessToken(SECRET, `${header}.${payload}.${changed}`)).toBeNull();
  });
});

describe('token times this server does not issue', () => {
  /** A token signed with the right secret whose times are chosen freely. */
  const signed = (times: { iat: number; nbf: number; exp: number }) =>
    new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(times.iat).setNotBefore(times.nbf)
      .setExpirationTime(times.exp).setSubject('7').sign(createSecretKey(Buffer.from(SECRET, 'utf8')));
  const now = () => Math.floor(Date.now() / 1000);
  const lifetime = ACCESS_TOKEN_LIFETIME_HOURS * 3600;

  it('refuses a token issued in the future, beyond the allowed clock skew', async () => {
    const iat = now() + CLOCK_SKEW_SECONDS + 120;
    expect(verifyAccessToken(SECRET, await signed({ iat, nbf: now() - 5, exp: iat + 3600 }))).toBeNull();
  });

  it('accepts a token issued by a server whose clock runs a little ahead', async () => {
    const iat = now() + CLOCK_SKEW_SECONDS - 10;
    expect(verifyAccessToken(SECRET, await signed({ iat, nbf: now() - 5, exp: iat + 3600 }))?.userId).toBe(7);
  });

  it('refuses a token living longer than the server issues: a century ahead, or a second over the lifetime', async () => {
    const iat = now() - 10;
    expect(verifyAccessToken(SECRET, await signed({ iat, nbf: iat - 5, exp: iat + 100 * 365 * 86_400 }))).toBeNull();
    expect(verifyAccessToken(SECRET, await signed({ iat, nbf: iat - 5, exp: iat + lifetime + 1 }))).toBeNull();
    expect(verifyAccessToken(SECRET, await signed({ iat, nbf: iat - 5, exp: iat + lifetime }))?.userId).toBe(7);
  });
});
