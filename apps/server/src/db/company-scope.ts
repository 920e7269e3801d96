import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Row-level security, the backstop behind each query's own company filter (migration 0026): every table that carries
 * a company id lets the role `sm_app` see and write only the rows of the company named by the setting
 * `app.subscriber_id`, and nothing when it is not set. The server signs in as the tables' owner (which the policies do
 * not restrict) and runs a caller's work as `sm_app` with the caller's company: a query that forgets its filter then
 * returns nothing of another company.
 *
 * A scope is a company id, or `system` (the owner, for work that is no company's: sign-in, the job runner, the
 * migrations). Each connection remembers the scope it was last put in and is switched only when a handle of another
 * scope takes it, outside any transaction, so a rolled-back transaction can never undo a switch.
 */
export type Scope = number | 'system';

export const COMPANY_ROLE = 'sm_app';

/** The statements that move a connection from one scope to another (one round trip, simple protocol). */
export function switchStatement(from: Scope, to: Scope): string {
  if (to === 'system') return 'RESET ROLE';
  if (!Number.isSafeInteger(to)) throw new Error('A company scope is an integer id.');
  const company = `SELECT set_config('app.subscriber_id', '${to}', false)`;
  return from === 'system' ? `SET ROLE ${COMPANY_ROLE}; ${company}` : company;
}

/** A server error (SQLSTATE) leaves the connection usable; anything else (a broken socket) discards it. */
const leavesConnectionUsable = (error: unknown) => typeof (error as { code?: unknown })?.code === 'string' && /^[0-9A-Z]{5}$/.test((error as { code: string }).code);

/**
 * A view of a node-postgres pool in one scope: every connection it hands out (for a query or a transaction) is first
 * switched to the scope. Its prototype is the pool, so the driver treats it as one.
 */
export function poolInScope(pool: pg.Pool, scope: Scope, scopes: WeakMap<pg.PoolClient, Scope>): pg.Pool {
  const view = Object.create(pool) as pg.Pool;
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    const current = scopes.get(client) ?? 'system';
    if (current === scope) return client;
    try {
      await client.query(switchStatement(current, scope));
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    scopes.set(client, scope);
    return client;
  };
  const query = async (config: pg.QueryConfig, values?: unknown[]) => {
    const client = await connect();
    try {
      const result = await client.query(config, values);
      client.release();
      return result;
    } catch (error) {
      client.release(leavesConnectionUsable(error) ? undefined : (error as Error));
      throw error;
    }
  };
  Object.assign(view, { connect, query });
  return view;
}

/** The one PGlite connection's current scope, and the queue that keeps a switch and the work after it together. */
export interface PgliteScopes {
  current: Scope;
  tail: Promise<unknown>;
}

type PgliteLike = Pick<PGlite, 'query' | 'transaction'>;

/**
 * A view of the PGlite connection in one scope, for the driver: each query, and each whole transaction, waits for the
 * one before it, switches the connection to the scope when it is in another, and runs.
 */
export function pgliteInScope(client: PGlite, scope: Scope, scopes: PgliteScopes): PgliteLike {
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = scopes.tail.then(async () => {
      if (scopes.current !== scope) {
        await client.exec(switchStatement(scopes.current, scope));
        scopes.current = scope;
      }
      return work();
    });
    scopes.tail = run.catch(() => undefined);
    return run;
  };
  return {
    query: ((...args: Parameters<PGlite['query']>) => inTurn(() => client.query(...args))) as PGlite['query'],
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => inTurn(() => client.transaction(work)),
  };
}
