import type { Db } from '../../../db/client';
import type { CallerSource } from '../../../lib/access-control';
import { verifyStorageToken } from '../files/file-links';
import { accessOf } from '../permissions/access-cache';
import { verifyAccessToken } from './tokens';

/**
 * The callers of one server: access tokens signed with its secret, file-store tokens (listing a folder, thumbnails)
 * on the routes that accept them, and roles read through the access cache.
 */
export function callerSource(db: Db, jwtSecret: string): CallerSource {
  return {
    claimsOf(token, acceptsStorageToken) {
      const claims = verifyAccessToken(jwtSecret, token);
      if (claims || !acceptsStorageToken) return claims;
      const c = verifyStorageToken(jwtSecret, token, Date.now() / 1000);
      return c && { userId: c.userId, subscriberId: c.subscriberId, userName: '', exp: c.expiresAt };
    },
    accessOf: (subscriberId, userId) => accessOf(db, subscriberId, userId),
  };
}
