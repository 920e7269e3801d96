import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { BusMessage } from '../../../lib/context';

export type { BusMessage };

/**
 * Carries hub events to every server process: in-process when there is one, through Redis pub/sub when
 * `REDIS_URL` is set, so a team leader connected to any process hears a change made on any other.
 */
export interface EventBus {
  publish(message: BusMessage): void;
  /** Calls `fn` for every message published by any process; answers the unsubscribe function. */
  subscribe(fn: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

/** The bus of a single process. */
export function localBus(): EventBus {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    publish: (m) => void emitter.emit('message', m),
    subscribe(fn) {
      emitter.on('message', fn);
      return () => emitter.off('message', fn);
    },
    close: async () => void emitter.removeAllListeners(),
  };
}

/**
 * The Redis channel of the processes that share one database (`database`: its URL or the embedded data directory).
 * Installations that share a Redis server never hear each other: their company and user ids are alike, so another
 * installation's event would reach the wrong people. The URL's password is left out of the name.
 */
export function hubChannel(database: string): string {
  const withoutPassword = database.replace(/\/\/([^:/@]+):[^@]*@/, '//$1@');
  return `sm:hub:${createHash('sha256').update(withoutPassword).digest('hex').slice(0, 16)}`;
}

/**
 * The bus across processes: every message goes through Redis, and each process (the publisher too) delivers
 * what its subscription receives, so all processes see the same order. A publish while Redis is away is
 * dropped with a log line: hub events are hints to refresh, the database stays the source of truth.
 */
export async function redisBus(url: string, channel: string, log: (msg: string) => void): Promise<EventBus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const sub = new Redis(url, { lazyConnect: true });
  for (const r of [pub, sub]) r.on('error', (e: Error) => log(`hub: Redis ${e.message}`));
  const local = localBus();
  sub.on('message', (_channel: string, raw: string) => {
    try {
      local.publish(JSON.parse(raw) as BusMessage);
    } catch {
      log('hub: a message on the Redis channel was not JSON; ignored');
    }
  });
  // Redis away, or slower to answer than its connect timeout on a busy machine, does not keep the process from serving:
  // the clients keep reconnecting, and the subscription is made once Redis answers (and again after each reconnection).
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(channel);
  } catch (e) {
    log(`hub: Redis not reached at start (${(e as Error).message}); events reach the other processes once it is`);
    sub.subscribe(channel).catch((err: Error) => log(`hub: Redis subscription failed: ${err.message}`));
  }
  return {
    publish: (m) => void pub.publish(channel, JSON.stringify(m)).catch((e: Error) => log(`hub: publish failed: ${e.message}`)),
    subscribe: (fn) => local.subscribe(fn),
    async close() {
      await local.close();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
