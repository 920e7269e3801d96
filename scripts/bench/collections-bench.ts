/**
 * `npm run bench:collections`: the receivables' aging (`GET Collection/aging`) on 1,000,000 invoices of 100,000 billing
 * customers in one company, on PostgreSQL, through the API beside the same statements sent bare through `pg` in the
 * same run (read-bench.ts). Office users ask for a few pages as collectors do (by name, by balance, the over-90 bucket,
 * a name search, over their limit, a later page). Results go to bench-results/collections.json and collections.md.
 *
 * A fresh database (COLLECTIONS_BENCH_DATABASE_URL, default sm_collections_bench on the local server) is made for the
 * run and dropped after it unless BENCH_KEEP=1.
 */
import { agingQuery } from '@sm/shared';
import { listAging } from '../../apps/server/src/features/money/collections/aging.service';
import { addCollectionsData } from './collections-data';
import { runAsScript } from './read-bench';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SHAPE = { customers: num('COLLECTIONS_BENCH_CUSTOMERS', 100_000), invoices: num('COLLECTIONS_BENCH_INVOICES', 1_000_000) };

/** The pages collectors ask for, each user starting at another. */
const PAGES = ['', 'sort=balance&dir=desc', 'bucket=over90&sort=oldestPastDueDays&dir=desc', 'search=customer%200123', 'overLimit=true&sort=balance&dir=desc', 'skip=500'];

runAsScript({
  name: 'collections',
  databaseUrl: process.env.COLLECTIONS_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sm_collections_bench',
  makeData: (pool, log) => addCollectionsData(pool, SHAPE, log),
  unit: 'page',
  groups: [
    {
      name: 'aging',
      requests: PAGES.map((page) => ({
        path: `/api/v1/Collection/aging${page ? `?${page}` : ''}`,
        run: (ctx) => listAging(ctx, agingQuery.parse(Object.fromEntries(new URLSearchParams(page)))),
      })),
    },
  ],
  describe: (f, c) =>
    `The aging (\`GET Collection/aging\`) of one company with ${f.customers.toLocaleString('en-US')} customers and ${f.invoices.toLocaleString('en-US')} invoices (${f.openInvoices.toLocaleString('en-US')} open, ${f.payments.toLocaleString('en-US')} payments), PostgreSQL; data made in ${c.generationSec} s. ${c.users} office users ask in turn for: ${PAGES.map((p) => `\`${p || 'first page by name'}\``).join(', ')}. Bare: the statements the API sends, captured from the product's code, sent through \`pg\` unnamed as the API sends them, on a pool of the same size (${c.poolSize}). ${c.durationSec} s a phase.`,
});
