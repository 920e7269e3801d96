import type { Access } from '@sm/shared';
import { ownerOf, type Db, type Watch } from '../../../db/client';
import { loadAccess } from './access-load';

/** Callers kept at most; past it the cache starts again empty. */
const MAX_ENTRIES = 20_000;
/** The channel the database's triggers notify when roles, the matrix, role holders or active users change. */
const CHANNEL = 'access_changed';

/**
 * The callers' access, kept in memory between requests while this process listens to the database's
 * `access_changed` notifications (migration 0007: triggers on every table access is read from). Any change, made by
 * any process or by hand, drops the whole cache on commit; a change made here drops it at once. While the listening
 * connection is down, nothing is cached and every request reads the database, as it does on PGlite.
 */
class AccessCache {
  private entries = new Map<string, Access | null>();
  /** Counts the drops, so that a read that raced a change does not store what it read before the change. */
  private generation = 0;
  isLive = false;

  forget() {
    this.generation += 1;
    this.entries.clear();
  }

  setLive(isLive: boolean) {
    this.isLive = isLive;
    this.forget();
  }

  async get(db: Db, subscriberId: number, userId: number): Promise<Access | null> {
    if (!this.isLive) return loadAccess(db, subscriberId, userId);
    const key = `${subscriberId}:${userId}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const access = await loadAccess(db, subscriberId, userId);
    if (this.isLive && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, access);
    }
    return access;
  }
}

const caches = new WeakMap<Db, AccessCache>();
/** The cache of a database, kept under the owner's handle: a request's `ctx.db`, its company's handle, finds it too. */
const cacheOf = (db: Db) => caches.get(ownerOf(db));

/** Starts keeping access in memory for this database, for as long as `watch` listens; answers how to stop. */
export function cacheAccess(db: Db, watch: Watch): () => Promise<void> {
  const cache = new AccessCache();
  caches.set(db, cache);
  const stop = watch(CHANNEL, { notify: () => cache.forget(), live: (isLive) => cache.setLive(isLive) });
  return async () => {
    caches.delete(db);
    await stop();
  };
}

/** The caller's access (null when the user is gone or disabled): from memory when it is kept, else read. */
export const accessOf = (db: Db, subscriberId: number, userId: number): Promise<Access | null> =>
  cacheOf(db)?.get(db, subscriberId, userId) ?? loadAccess(db, subscriberId, userId);

/** Whether access is kept in memory for this database now (its listening connection is up). */
export const isAccessKept = (db: Db): boolean => cacheOf(db)?.isLive ?? false;

/** Drops what is kept, after this process changed access (the other processes hear it from the database). */
export function forgetAccess(db: Db) {
  cacheOf(db)?.forget();
}
