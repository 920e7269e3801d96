/**
 * The search's cost on the office data set, statement by statement: for each of the bench's searches, the
 * PostgreSQL CPU time of the statements the product sends (captured from its code for a dispatcher of company 1)
 * and of the hand-written query for the same page (`office-search-sql.ts`), measured on the backend itself
 * (/proc/<pid>/schedstat, so a busy machine delays but does not inflate it), the best of a few runs; with `--write`,
 * the figures and the EXPLAIN (ANALYZE, BUFFERS) plans of four searches of different kinds (`PLANNED`; `--plans=all`
 * for every one) go to bench-results/office-plans.md, indented by two spaces a level instead of six.
 *
 *   npx tsx scripts/bench/office-explain.ts [--write] [--plans=all] [--runs=5] [--q="walmrt"]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { searchRecordsQuery } from '@sm/shared';
import { accessOf } from '../../apps/server/src/features/platform/permissions/access-cache';
import { searchRecords } from '../../apps/server/src/features/office/search/search.service';
import type { Ctx } from '../../apps/server/src/lib/context';
import type { Db } from '../../apps/server/src/db/client';
import { dispatcherIds, ensureOfficeDataset, OFFICE_URL } from './office-data';
import { handWrittenSearch, HAND_WRITTEN_SETUP, SEARCHES, type HandWrittenAnswer } from './office-search-sql';
import { asCompany, measureCpu, type Measured } from './backend-cpu';
import { capturingDb, type CapturedQuery } from './setup';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const write = process.argv.includes('--write');
const runs = Number(arg('runs') ?? 5);
const terms = arg('q') ? [arg('q')!] : SEARCHES;
/** A name with a typo, a common problem, a rare one with typos, a phone: the statements' different paths. */
const PLANNED = ['walmrt', 'walkin coolr', 'ice machne leaking', '972-555-12'];
const planned = (q: string) => arg('plans') === 'all' || arg('q') !== undefined || PLANNED.includes(q);
/** A plan with a third of its indentation (EXPLAIN indents six spaces a level). */
const compact = (plan: string) => plan.replace(/^ +/gm, (spaces) => ' '.repeat(Math.ceil(spaces.length / 3)));

const isTxControl = (sql: string) => /^(begin|commit|rollback)\b/i.test(sql.trim());

/** The statements' CPU on the backend (scripts/bench/backend-cpu.ts), with their plans when asked to write them. */
async function measure(client: pg.PoolClient, pid: number, queries: CapturedQuery[]): Promise<Measured> {
  const { ms: bestTotal, statements } = await measureCpu(client, pid, queries, runs);
  if (write) {
    await client.query('BEGIN');
    try {
      for (const [i, q] of queries.entries()) {
        if (isTxControl(q.sql)) continue;
        if (/^select set_config/i.test(q.sql.trim())) {
          await client.query(q.sql, q.params as unknown[]);
          continue;
        }
        const r = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params as unknown[]);
        // The customers found are sent as array literals, repeated in the plan's sort keys: shortened.
        statements[i].plan = r.rows.map((row) => row['QUERY PLAN'].replace(/'\{[-0-9.,e]{60,}\}'/g, "'{…}'")).join('\n');
      }
    } finally {
      await client.query('ROLLBACK');
    }
  }
  return { ms: bestTotal, statements };
}

const oneLine = (sql: string) => sql.replace(/"/g, '').replace(/\s+/g, ' ').trim();

async function main() {
  await ensureOfficeDataset(false);
  const pool = new pg.Pool({ connectionString: OFFICE_URL, max: 2 });
  const capture = capturingDb(pool);
  const [d] = (await dispatcherIds()).filter((x) => x.subscriberId === 1);
  const ctx: Ctx = { db: capture.db as Db, actor: { userId: d.id, subscriberId: d.subscriberId, userName: 'dispatcher' }, now: new Date() };
  const access = (await accessOf(capture.db, d.subscriberId, d.id))!;
  const client = await pool.connect();
  const md: string[] = [];
  try {
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    await client.query(HAND_WRITTEN_SETUP);
    const rows: [string, Measured, Measured][] = [];
    const mismatches: string[] = [];
    for (const q of terms) {
      const query = searchRecordsQuery.parse({ q, take: '5' });
      // Both must answer the same page: the same rows of each group, in the same order, with the same names.
      const answer = await searchRecords(ctx, access, query);
      const hw = handWrittenSearch(d.subscriberId, query);
      const hand0 = (await client.query<HandWrittenAnswer>(hw.sql, hw.params as unknown[])).rows[0];
      const same = JSON.stringify({ workOrders: answer.workOrders, customers: answer.customers, contacts: answer.contacts }) ===
        JSON.stringify({ workOrders: hand0.workOrders ?? [], customers: hand0.customers ?? [], contacts: hand0.contacts ?? [] });
      if (!same) mismatches.push(q);
      const captured = await capture.capture(() => searchRecords(ctx, access, query));
      const product = await asCompany(client, d.subscriberId, () => measure(client, pid, captured));
      const hand = await measure(client, pid, [hw]);
      rows.push([q, product, hand]);
      console.log(`${q.padEnd(20)} product ${product.ms.toFixed(2).padStart(7)} ms (${product.statements.map((s) => s.ms.toFixed(2)).join(' + ')})   hand-written ${hand.ms.toFixed(2).padStart(7)} ms`);
    }
    const mean = (f: (r: [string, Measured, Measured]) => number) => rows.reduce((a, r) => a + f(r), 0) / rows.length;
    console.log(`mean: product ${mean((r) => r[1].ms).toFixed(2)} ms, hand-written ${mean((r) => r[2].ms).toFixed(2)} ms of PostgreSQL CPU per search`);
    console.log(mismatches.length === 0 ? 'the hand-written query answers the same page as the product for every search' : `DIFFERENT ANSWERS: ${mismatches.join(', ')}`);
    if (write) {
      const pgVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0].server_version;
      md.push(
        '# Search plans on the office data set',
        '',
        `${new Date().toISOString()} · PostgreSQL ${pgVersion} · 1,000,000 work orders, 100,000 customers, 100,000 contacts over four companies; ` +
          `a dispatcher of company 1 (All WorkOrders), 5 of each group. Written by \`npx tsx scripts/bench/office-explain.ts --write\`.`,
        '',
        'PostgreSQL CPU per search, the best of ' + runs + ' runs, measured on the backend (`/proc/<pid>/schedstat`): the statements the product sends ' +
          '(begin, settings, customers, work orders, contacts, commit), and the hand-written query for the same page (one statement, ' +
          '`scripts/bench/office-search-sql.ts`), which answers the same rows. Below, the plans of the last run of ' +
          `${arg('plans') === 'all' ? 'each search' : PLANNED.map((q) => `\`${q}\``).join(', ')}, the customers found shown as \`{…}\`, two spaces a level.`,
        '',
        '| search | product ms | its statements ms | hand-written ms |',
        '|---|---|---|---|',
        ...rows.map(([q, p, h]) => `| \`${q}\` | ${p.ms.toFixed(2)} | ${p.statements.map((s) => s.ms.toFixed(2)).join(' + ')} | ${h.ms.toFixed(2)} |`),
        `| mean | ${mean((r) => r[1].ms).toFixed(2)} | | ${mean((r) => r[2].ms).toFixed(2)} |`,
        '',
      );
      for (const [q, p, h] of rows.filter(([q]) => planned(q))) {
        md.push(`## \`${q}\``, '');
        for (const s of p.statements.filter((x) => x.plan)) md.push(`Product: \`${oneLine(s.sql).slice(0, 160)}…\``, '', '```', compact(s.plan!), '```', '');
        md.push('Hand-written:', '', '```', compact(h.statements[0].plan ?? ''), '```', '');
      }
      const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench-results', 'office-plans.md');
      writeFileSync(file, md.join('\n'));
      console.log(`wrote ${file}`);
    }
  } finally {
    client.release();
    await pool.end();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
