import { afterEach, describe, expect, it, vi } from 'vitest';
import { userFlagsSchema } from '@sm/shared';
import { signAccessToken, verifyAccessToken, type ClaimsBody } from './tokens';

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
    expect(verifyAccessToken(SECRET, `${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeNull();
  });
});
