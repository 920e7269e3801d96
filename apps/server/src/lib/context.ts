import type { Db } from '../db/client';
import type { HubEvent } from '@sm/shared';

/**
 * One hub event of one company: for its team leaders, or, when `userIds` names people, for those people only
 * (their notices, on the notifications hub). The realtime feature carries it to every server process.
 */
export interface BusMessage {
  subscriberId: number;
  event: HubEvent;
  payload: unknown;
  userIds?: number[];
}

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
  /**
   * The device's time of a request kept on a phone and sent later (X-Device-Time): `now` is then that time, so the
   * rules apply as of it, and `receivedAt` is the server's time of arrival. Absent for a request sent at once.
   */
  deviceTime?: Date;
  receivedAt?: Date;
  events?: { publish(message: BusMessage): void };
}
