/**
 * What the runners need before any load: the virtual users (technicians, their tokens and the work order each
 * one clocks on), the exact SQL the list service runs for each of them, and a way to put the clock data back
 * as generated, so that one run does not slow the next one down.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { clockInBody, clockOutBody, gridRequestSchema } from '@sm/shared';
import { watchChannel, type Db } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema';
import { buildClaims } from '../../apps/server/src/features/platform/auth/auth.service';
import { signAccessToken } from '../../apps/server/src/features/platform/auth/tokens';
import { clockIn, clockOut } from '../../apps/server/src/features/field/clock/clock.service';
import { accessOf, cacheAccess, isAccessKept } from '../../apps/server/src/features/platform/permissions/access-cache';
import { listTechnicianWorkOrders } from '../../apps/server/src/features/office/work-orders/work-orders.service';
import { DATASET } from './config';
import { BENCH_COMMENT, clockInBodyOf, clockOutBodyOf } from './cycle-bodies';

export interface BenchUser {
  userId: number;
  subscriberId: number;
  userName: string;
  token: string;
  /** An open work order assigned to the user, on a billing customer where the user has a labor item. */
  workOrderId: number;
  /** That labor item: the Employee Type clock-in requires. */
  itemId: number;
  /** The work order's status as generated, restored after the run. */
  workOrderStatusId: number;
}

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** The statements of one clock-in and one clock-out request of a user, and the labor entry they worked on. */
export interface CapturedCycle {
  clockIn: CapturedQuery[];
  clockOut: CapturedQuery[];
  laborId: number;
}

const CLOSED_STATUSES = [22, 27, 38, 53];

/** A drizzle handle on the bench pool that can record the SQL it sends. */
export function capturingDb(pool: pg.Pool) {
  let sink: CapturedQuery[] | null = null;
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql: string, params: unknown[]) => void sink?.push({ sql, params }) },
  }) as unknown as Db;
  return {
    db,
    /** Runs `fn` and answers every statement it sent, in order. */
    async capture(fn: () => Promise<unknown>): Promise<CapturedQuery[]> {
      sink = [];
      try {
        await fn();
        return sink;
      } finally {
        sink = null;
      }
    },
  };
}

/** `count` technicians spread evenly over the companies, each with a token signed as the login route signs it. */
export async function prepareUsers(pool: pg.Pool, db: Db, jwtSecret: string, count: number): Promise<BenchUser[]> {
  const step = Math.floor(DATASET.technicians / count);
  const users: BenchUser[] = [];
  for (let k = 0; k < count; k++) {
    const userId = 1 + k * step;
    const r = await pool.query<{ work_order_id: number; item_id: number; status: number }>(
      `SELECT w.id AS work_order_id, i.id AS item_id, w.work_order_status_id AS status
         FROM work_orders w
         JOIN work_order_technicians wt ON wt.work_order_id = w.id AND wt.user_id = $1
         JOIN customer_rate_sheets rs ON rs.billing_customer_id = w.billing_customer_id AND rs.subscriber_id = w.subscriber_id
         JOIN rate_sheet_labor_items i ON i.customer_rate_sheet_id = rs.id AND i.technician_user_id = $1
        WHERE w.work_order_status_id <> ALL($2::int[])
        ORDER BY w.id DESC LIMIT 1`,
      [userId, CLOSED_STATUSES],
    );
    if (r.rowCount === 0) throw new Error(`technician ${userId} has no open work order to clock on`);
    const { subscriberName: _, ...claims } = await buildClaims(db, userId);
    users.push({
      userId,
      subscriberId: claims.subscriberId,
      userName: claims.userName,
      token: await signAccessToken(jwtSecret, claims, new Date()),
      workOrderId: r.rows[0].work_order_id,
      itemId: r.rows[0].item_id,
      workOrderStatusId: r.rows[0].status,
    });
  }
  return users;
}

/** Keeps access in memory for the capturing database as the API server does, once its listener is up; answers how to stop. */
export async function keepAccess(db: Db, url: string): Promise<() => Promise<void>> {
  const stop = cacheAccess(db, (channel, on) => watchChannel(url, channel, on));
  for (let i = 0; i < 100 && !isAccessKept(db); i++) await new Promise((r) => setTimeout(r, 50));
  if (!isAccessKept(db)) throw new Error('the access_changed listener did not start');
  return stop;
}

/** The grid request the route builds from the body `{take: 3}`: default sort, no filter. */
export const LIST_REQUEST = gridRequestSchema.parse({ take: 3 });

const ctxOf = (db: Db, u: BenchUser) => ({ db, actor: { userId: u.userId, subscriberId: u.subscriberId, userName: u.userName }, now: new Date() });

/**
 * Every statement one API request sends once the caller's access is kept in memory, as the API server keeps it
 * (see `keepAccess`): the service's own. The access is read once before, outside the capture.
 */
async function requestStatements(capture: ReturnType<typeof capturingDb>, u: BenchUser, service: (access: NonNullable<Awaited<ReturnType<typeof accessOf>>>) => Promise<unknown>) {
  await accessOf(capture.db, u.subscriberId, u.userId);
  return capture.capture(async () => {
    const access = await accessOf(capture.db, u.subscriberId, u.userId);
    if (!access) throw new Error(`technician ${u.userId} has no access`);
    await service(access);
  });
}

/** The statements a `technicianWorkOrders` request sends for each user, captured from the product's code. */
export async function captureListQueries(capture: ReturnType<typeof capturingDb>, users: BenchUser[]): Promise<CapturedQuery[][]> {
  const out: CapturedQuery[][] = [];
  for (const u of users) out.push(await requestStatements(capture, u, () => listTechnicianWorkOrders(ctxOf(capture.db, u), LIST_REQUEST)));
  return out;
}

/**
 * The statements of a clock-in request and of the clock-out request that closes it, for each user, captured by
 * running the product's code once (the rows it wrote carry the bench comment and are cleaned up like the rest).
 */
export async function captureCycles(capture: ReturnType<typeof capturingDb>, users: BenchUser[]): Promise<CapturedCycle[]> {
  const out: CapturedCycle[] = [];
  for (const u of users) {
    let laborId = 0;
    const inQ = await requestStatements(capture, u, async (access) => {
      laborId = (await clockIn(ctxOf(capture.db, u), access, clockInBody.parse(clockInBodyOf(u, new Date())))).workOrderLaborId;
    });
    const outQ = await requestStatements(capture, u, (access) => clockOut(ctxOf(capture.db, u), access, clockOutBody.parse(clockOutBodyOf(u, laborId))));
    out.push({ clockIn: inQ, clockOut: outQ, laborId });
  }
  return out;
}

/**
 * Waits until no other session of the bench database is running a statement or holding a transaction, so that
 * requests the server was still working through when a phase stopped do not spill into the next one.
 */
export async function waitForQuietDatabase(pool: pg.Pool, maxSec = 30) {
  const deadline = Date.now() + maxSec * 1000;
  let quiet = 0;
  while (quiet < 3 && Date.now() < deadline) {
    const r = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'`,
    );
    quiet = r.rows[0].n === 0 ? quiet + 1 : 0;
    await new Promise((res) => setTimeout(res, 30));
  }
}

/** Closes labor the users left open (a phase that ended between clock-in and clock-out), once the server is idle. */
export async function closeOpenLabor(pool: pg.Pool, users: BenchUser[]) {
  await waitForQuietDatabase(pool);
  await pool.query(
    `UPDATE work_order_labor SET stopped_at = greatest(now(), started_at), description = coalesce(description, 'closed by bench')
      WHERE user_id = ANY($1::int[]) AND stopped_at IS NULL`,
    [users.map((u) => u.userId)],
  );
}

/**
 * Puts the users' clock data back as generated: their labor, status entries, status history and work-order
 * statuses from bench runs are removed or restored, then the touched tables are vacuumed.
 */
export async function restoreClockData(pool: pg.Pool, users: BenchUser[]) {
  const ids = users.map((u) => u.userId);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`DELETE FROM work_order_labor WHERE user_id = ANY($1::int[]) AND comment = $2`, [ids, BENCH_COMMENT]);
    await client.query(`DELETE FROM user_status_entries WHERE user_id = ANY($1::int[]) AND id > $2`, [ids, DATASET.technicians]);
    await client.query(`UPDATE user_status_entries SET ended_at = NULL WHERE user_id = ANY($1::int[])`, [ids]);
    await client.query(`UPDATE users SET user_status_id = 10, user_status_description = NULL WHERE id = ANY($1::int[])`, [ids]);
    await client.query(`DELETE FROM work_order_status_history WHERE changed_by = ANY($1::int[])`, [ids]);
    await client.query(
      `UPDATE work_orders w SET work_order_status_id = v.status
         FROM unnest($1::int[], $2::int[]) AS v(id, status) WHERE w.id = v.id`,
      [users.map((u) => u.workOrderId), users.map((u) => u.workOrderStatusId)],
    );
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
  for (const t of ['work_order_labor', 'user_status_entries', 'users', 'work_order_status_history', 'work_orders']) {
    await pool.query(`VACUUM (ANALYZE) ${t}`);
  }
}
