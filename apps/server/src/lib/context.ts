import type { Db } from '../db/client';
import type { EventBus } from '../features/realtime/event-bus';

/** Who is calling: read from a verified access token. */
export interface Actor {
  userId: number;
  subscriberId: number;
  userName: string;
}

/** A transaction handle: the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The database or a transaction: what a query helper runs on when its caller may or may not be in a transaction. */
export type DbOrTx = Db | Tx;

/**
 * What every service function receives: the database, the caller and the clock (a test can fix it), and the
 * bus that tells team leaders about changes (absent in scripts that have no hub).
 */
export interface Ctx {
  db: Db;
  actor: Actor;
  now: Date;
  events?: Pick<EventBus, 'publish'>;
}
