/**
 * The all-work-orders grid's cost on the office data set, statement by statement: for each page of `GRID_PAGES`
 * (office-grid-sql.ts; the bench's page first), the PostgreSQL CPU time of the statements the product sends (captured
 * from its code for a dispatcher of company 1), and for the bench's page the hand-written query for the same page,
 * measured on the backend itself (/proc/<pid>/schedstat, so a busy machine delays but does not inflate it),
 * the best of a few runs; checks that the hand-written query answers the same rows and total as the product; with
 * `--write`, the figures and every page's EXPLAIN (ANALYZE, BUFFERS) plans go to bench-results/office-grid-plans.md.
 *
 *   npx tsx scripts/bench/office-grid-explain.ts [--write] [--runs=5] [--page="newest"]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { gridRequestSchema, type GridRequestParsed } from '@sm/shared';
import type { Db } from '../../apps/server/src/db/client';
import { accessOf } from '../../apps/server/src/features/platform/permissions/access-cache';
import { listAllWorkOrders } from '../../apps/server/src/features/office/work-orders/all-work-orders.service';
import type { Ctx } from '../../apps/server/src/lib/context';
import { GRID_BODY, GRID_PAGES, handWrittenGridPage, type HandWrittenGridAnswer } from './office-grid-sql';
import { dispatcherIds, ensureOfficeDataset, OFFICE_URL } from './office-data';
import { asCompany, measureCpu, type Measured } from './backend-cpu';
import { capturingDb, type CapturedQuery } from './setup';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const write = process.argv.includes('--write');
const runs = Number(arg('runs') ?? 5);
const pages = Object.entries(GRID_PAGES).filter(([name]) => !arg('page') || name.includes(arg('page')!));
/** A plan with a third of its indentation (EXPLAIN indents six spaces a level). */
const compact = (plan: string) => plan.replace(/^ +/gm, (spaces) => ' '.repeat(Math.ceil(spaces.length / 3)));
const oneLine = (sql: string) => sql.replace(/"/g, '').replace(/\s+/g, ' ').trim();

/** Whether a page's plans start parallel workers, whose CPU the backend's figure leaves out. */
const isParallel = (r: { product: Measured }) => r.product.statements.some((s) => /Workers Launched: [1-9]/.test(s.plan ?? ''));

/** The statements' CPU on the backend (scripts/bench/backend-cpu.ts), with their plans when asked to write them. */
async function measure(client: pg.PoolClient, pid: number, queries: CapturedQuery[]): Promise<Measured> {
  const { ms: bestTotal, statements } = await measureCpu(client, pid, queries, runs);
  if (write) {
    for (const [i, q] of queries.entries()) {
      const r = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params as unknown[]);
      statements[i].plan = r.rows.map((row) => row['QUERY PLAN']).join('\n');
    }
  }
  return { ms: bestTotal, statements };
}

/** The product's page and the hand-written one in one form: rows as JSON text with their keys in order, instants as ISO strings. */
const sameForm = (a: { data: object[] | null; total: number; isTotalCapped?: boolean }) =>
  JSON.stringify({
    data: (a.data ?? []).map((row) => {
      const r = { ...row, createdDate: new Date(String((row as { createdDate: string }).createdDate)).toISOString() } as Record<string, unknown>;
      return Object.fromEntries(Object.keys(r).sort().map((k) => [k, r[k]]));
    }),
    total: a.total,
    isTotalCapped: a.isTotalCapped === true,
  });

async function main() {
  await ensureOfficeDataset(false);
  const pool = new pg.Pool({ connectionString: OFFICE_URL, max: 2 });
  const capture = capturingDb(pool);
  const [d] = (await dispatcherIds()).filter((x) => x.subscriberId === 1);
  const ctx: Ctx = { db: capture.db as Db, actor: { userId: d.id, subscriberId: d.subscriberId, userName: 'dispatcher' }, now: new Date() };
  const access = (await accessOf(capture.db, d.subscriberId, d.id))!;
  const client = await pool.connect();
  try {
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const rows: { name: string; product: Measured; hand: Measured | null; total: string }[] = [];
    const mismatches: string[] = [];
    for (const [name, body] of pages) {
      const req: GridRequestParsed = gridRequestSchema.parse(body);
      const answer = await listAllWorkOrders(ctx, access, req);
      let hand: Measured | null = null;
      if (body === GRID_BODY) {
        const hw = handWrittenGridPage(d.subscriberId, req);
        const hand0 = (await client.query<HandWrittenGridAnswer>(hw.sql, hw.params as unknown[])).rows[0];
        if (sameForm(answer) !== sameForm(hand0)) mismatches.push(name);
        hand = await measure(client, pid, [hw]);
      }
      const captured = await capture.capture(() => listAllWorkOrders(ctx, access, req));
      const product = await asCompany(client, d.subscriberId, () => measure(client, pid, captured));
      const total = `${answer.total.toLocaleString('en-US')}${answer.isTotalCapped ? '+' : ''}`;
      rows.push({ name, product, hand, total });
      console.log(
        `${name.padEnd(56)} ${total.padStart(8)}  product ${product.ms.toFixed(2).padStart(7)} ms (${product.statements.map((s) => s.ms.toFixed(2)).join(' + ')})` +
          (hand ? `   hand-written ${hand.ms.toFixed(2).padStart(6)} ms` : ''),
      );
    }
    if (rows.some((r) => r.hand)) {
      console.log(mismatches.length === 0 ? 'the hand-written query answers the same page and total as the product' : `DIFFERENT ANSWERS: ${mismatches.join(', ')}`);
    }
    if (write) {
      const pgVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0].server_version;
      const md = [
        '# All-work-orders grid plans on the office data set',
        '',
        `${new Date().toISOString()} · PostgreSQL ${pgVersion} · 1,000,000 work orders, 100,000 customers over four companies (250,000 and 25,000 ` +
          'each); a dispatcher of company 1 (All WorkOrders), 25 rows a page. Written by `npx tsx scripts/bench/office-grid-explain.ts --write`.',
        '',
        `PostgreSQL CPU per page, the best of ${runs} runs, measured on the backend (\`/proc/<pid>/schedstat\`): the statements the product ` +
          'sends (the page, chosen on the ids with its rows read around them, and the total when the page does not tell it, counted up to ' +
          '10,000), and, for the bench\'s page, the hand-written query for the same page (one statement, `scripts/bench/office-grid-sql.ts`), ' +
          "which answers the same rows and total. The backend's own CPU only: a plan that starts parallel workers costs more than " +
          `shown (${rows.some(isParallel) ? 'marked in the table' : 'none of these does'}). Below, the plans of each page, two spaces a level.`,
        '',
        '| page | total | product ms | its statements ms | hand-written ms | parallel workers |',
        '|---|---|---|---|---|---|',
        ...rows.map(
          (r) =>
            `| ${r.name} | ${r.total} | ${r.product.ms.toFixed(2)} | ${r.product.statements.map((s) => s.ms.toFixed(2)).join(' + ')} | ` +
            `${r.hand ? r.hand.ms.toFixed(2) : ''} | ${isParallel(r) ? 'yes (not counted)' : 'none'} |`,
        ),
        '',
      ];
      for (const r of rows) {
        md.push(`## ${r.name}`, '', `Request: \`${JSON.stringify(GRID_PAGES[r.name])}\``, '');
        for (const s of r.product.statements.filter((x) => x.plan)) md.push(`Product (${s.ms.toFixed(2)} ms): \`${oneLine(s.sql).slice(0, 200)}…\``, '', '```', compact(s.plan!), '```', '');
        if (r.hand) md.push(`Hand-written (${r.hand.ms.toFixed(2)} ms):`, '', '```', compact(r.hand.statements[0].plan ?? ''), '```', '');
      }
      const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench-results', 'office-grid-plans.md');
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
