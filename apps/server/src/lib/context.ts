import type { Db } from '../db/client';

/** Who is calling: read from a verified access token. */
export interface Actor {
  userId: number;
  subscriberId: number;
  userName: string;
}

/** A transaction handle: the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What every service function receives: the database, the caller and the clock (a test can fix it). */
export interface Ctx {
  db: Db;
  actor: Actor;
  now: Date;
}
