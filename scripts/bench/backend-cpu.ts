import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { switchStatement } from '../../apps/server/src/db/company-scope';
import type { CapturedQuery } from './setup';

/**
 * Runs `work` on the connection as a caller's request runs: as the company's role under row-level security
 * (db/company-scope.ts), then back to the owner.
 */
export async function asCompany<T>(client: pg.PoolClient, subscriberId: number, work: () => Promise<T>): Promise<T> {
  await client.query(switchStatement('system', subscriberId));
  try {
    return await work();
  } finally {
    await client.query(switchStatement(subscriberId, 'system'));
  }
}

/** CPU time a PostgreSQL backend has used, in milliseconds (/proc/<pid>/schedstat: a busy machine delays it, never inflates it). */
export function backendCpuMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

/** What one set of statements cost on the backend: in all, and each (with its plan when one was asked for). */
export interface Measured {
  ms: number;
  statements: { sql: string; ms: number; plan?: string }[];
}

/**
 * Runs the statements `runs` times on one connection (after one run that warms it) and answers the best run's CPU, per
 * statement and in all.
 */
export async function measureCpu(client: pg.PoolClient, pid: number, queries: CapturedQuery[], runs: number): Promise<Measured> {
  const best: number[] = queries.map(() => Infinity);
  let bestTotal = Infinity;
  for (let r = 0; r < runs + 1; r++) {
    let total = 0;
    for (const [i, q] of queries.entries()) {
      const t0 = backendCpuMs(pid);
      await client.query({ text: q.sql, values: q.params as unknown[], rowMode: 'array' });
      const ms = backendCpuMs(pid) - t0;
      total += ms;
      if (r > 0) best[i] = Math.min(best[i], ms);
    }
    if (r > 0) bestTotal = Math.min(bestTotal, total);
  }
  return { ms: bestTotal, statements: queries.map((q, i) => ({ sql: q.sql, ms: best[i] })) };
}
