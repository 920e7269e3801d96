import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed file address carries: the store key, when it stops working (0: never), and whether it is a thumbnail. */
export interface FileLink {
  key: string;
  expiresAt: number;
  thumbnail?: boolean;
}

/** What a file-storage token carries: whose it is and when it stops working. */
export interface StorageTokenClaims {
  userId: number;
  subscriberId: number;
  expiresAt: number;
}

const mac = (secret: string, purpose: string, body: string) => createHmac('sha256', `${purpose}:${secret}`).update(body).digest('base64url');

function sign(secret: string, purpose: string, value: object): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

function verify(secret: string, purpose: string, token: string): unknown {
  const [body, given, extra] = token.split('.');
  if (!body || !given || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, purpose, body));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * A file's address: `/api/v1/Files/content?token=`, where the token is the store key and its expiry signed with the
 * server's secret. Nobody can make one for a key the server did not hand out, so no path, name or guess reaches
 * another company's files, and the bucket itself never has to be public.
 */
export function signFileLink(secret: string, link: FileLink): string {
  return `/api/v1/Files/content?token=${sign(secret, 'file', { k: link.key, e: link.expiresAt, t: link.thumbnail ? 1 : 0 })}`;
}

/** The link a token names, or null when it is forged, malformed or expired. */
export function verifyFileLink(secret: string, token: string, nowSeconds: number): FileLink | null {
  const v = verify(secret, 'file', token) as { k?: unknown; e?: unknown; t?: unknown } | null;
  if (!v || typeof v.k !== 'string' || typeof v.e !== 'number') return null;
  if (v.e !== 0 && v.e <= nowSeconds) return null;
  return { key: v.k, expiresAt: v.e, thumbnail: v.t === 1 };
}

/**
 * The token of this installation's own file store (spec 3.7): it lets a browser list a folder and fetch thumbnails
 * as its user, for a short time, and does nothing else (every other route refuses it).
 */
export function signStorageToken(secret: string, claims: StorageTokenClaims): string {
  return `fst.${sign(secret, 'storage', { u: claims.userId, s: claims.subscriberId, e: claims.expiresAt })}`;
}

export function verifyStorageToken(secret: string, token: string, nowSeconds: number): StorageTokenClaims | null {
  if (!token.startsWith('fst.')) return null;
  const v = verify(secret, 'storage', token.slice(4)) as { u?: unknown; s?: unknown; e?: unknown } | null;
  if (!v || typeof v.u !== 'number' || typeof v.s !== 'number' || typeof v.e !== 'number' || v.e <= nowSeconds) return null;
  return { userId: v.u, subscriberId: v.s, expiresAt: v.e };
}
