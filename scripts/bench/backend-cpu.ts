import { readFileSync } from 'node:fs';
import type pg from 'pg';
import type { CapturedQuery } from './setup';

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
