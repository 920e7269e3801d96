import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseEnv } from '../../../test/process-database';

const CHILD = fileURLToPath(new URL('./pm-generation-child.ts', import.meta.url));
const CONTRACTS = 200;
const DAYS = 30;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Runs the generating process; with `killAfterBatches`, kills it hard a random moment after that many batches. */
function runChild(env: Record<string, string>, args: string[], killAfterBatches?: number): Promise<{ lines: string[]; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { env: { ...process.env, ...env, CONTRACTS: String(CONTRACTS), BATCH: '10' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let errors = '';
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (killAfterBatches !== undefined && line === `batch ${killAfterBatches}`) setTimeout(() => child.kill('SIGKILL'), randomInt(0, 40));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (buffered) lines.push(buffered);
      if (signal === 'SIGKILL') resolve({ lines, killed: true });
      else if (code === 0) resolve({ lines, killed: false });
      else reject(new Error(`the generating process ended with ${code}: ${errors}`));
    });
  });
}

describe('generation killed in the middle', () => {
  /**
   * A process generating 200 contracts' next 30 days (a visit a day each, in batches of ten contracts, one job and one
   * transaction a batch) is killed with SIGKILL at a random moment after its third batch. Run again, every visit
   * exists exactly once, each with its work order, and no work order was left without its visit.
   */
  it('ends with every visit once, each with its work order, and no orphan work order', async () => {
    // Both runs generate at one instant, a day ahead of the clock: a batch queues the next at the later of the two.
    const env = { ...(await databaseEnv(cleanups, 'pmkill')), NOW: new Date(Date.now() + 86_400_000).toISOString() };
    const first = await runChild(env, ['prepare'], 3);
    expect(first.killed).toBe(true);
    expect(first.lines).toContain('batch 3');
    const second = await runChild(env, []);
    const tally = JSON.parse(second.lines.at(-1)!) as { visits: number; withWorkOrder: number; orphans: number; twice: number };
    expect(tally).toEqual({ visits: CONTRACTS * DAYS, withWorkOrder: CONTRACTS * DAYS, orphans: 0, twice: 0 });
    // The rerun went on from the batch the killed process left queued: 20 batches and the last, empty one, in all
    // (one more when the process was killed after a commit and before it said so).
    const batches = (r: { lines: string[] }) => r.lines.filter((l) => l.startsWith('batch ')).length;
    expect(batches(first) + batches(second)).toBeGreaterThanOrEqual(CONTRACTS / 10);
    expect(batches(first) + batches(second)).toBeLessThanOrEqual(CONTRACTS / 10 + 1);
  }, 600_000);
});
