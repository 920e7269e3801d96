/**
 * `npm run bench:import`: 100,000 customers, each with a service location, imported through the API (upload and
 * preview, commit, the job runner's batches) beside the same rows inserted bare (plain batched INSERTs through `pg`,
 * 1,000 rows a statement, one transaction a batch), in one run on PostgreSQL. Reports rows per second of both, their
 * ratio (goal: the import keeps at least half the bare throughput) and the server's resident memory sampled during
 * the import (goal: flat, since the file is streamed). Results go to bench-results/import.json and import.md.
 *
 * A fresh database (IMPORT_BENCH_DATABASE_URL, default sm_import_bench on the local server) is made for the run,
 * with the demo companies: the import goes to the first company, the bare rows to the second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 100_000);
const BATCH = 1000;
const URL_ = process.env.IMPORT_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sm_import_bench';
const PORT = Number(process.env.IMPORT_BENCH_PORT ?? 4790);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const log = (m: string) => console.log(`[bench:import] ${m}`);

/** The customer and location of row i, as the CSV has them and as the bare inserts write them. */
function rowOf(i: number) {
  return {
    externalId: `B-${i}`, name: `Bench Customer ${i}`, address: `${i} Main St`, city: 'Dallas', state: 'TX', zip: '75201', phone: '214-555-0100',
    locationExternalId: `B-${i}-L`, locationName: `Store ${i}`, locationAddress: `${i} Elm St`,
  };
}

async function writeCsv(path: string) {
  const out = createWriteStream(path);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write('External ID,Name,Address,City,State,Zip,Phone,Location External ID,Location Name,Location Address,Location City,Location State,Location Zip\r\n');
  for (let i = 1; i <= ROWS; i++) {
    const r = rowOf(i);
    await write(`${r.externalId},${r.name},${r.address},${r.city},${r.state},${r.zip},${r.phone},${r.locationExternalId},${r.locationName},${r.locationAddress},Dallas,TX,75201\r\n`);
  }
  await new Promise<void>((r) => out.end(() => r()));
}

async function freshDatabase() {
  const url = new URL(URL_);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(URL_), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

function startServer(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: URL_, PORT: String(PORT), SEED_DEMO: '1', PROVIDER_SIMULATOR: 'off', LOG_LEVEL: 'warn', DATA_DIR: join(tmpdir(), 'sm-import-bench') },
  });
}

async function waitUp() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start within 5 minutes');
}

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

async function viaApi(pid: number, csvPath: string) {
  const login = await fetch(`http://127.0.0.1:${PORT}/api/v1/Account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: 'demo1234' }) });
  const token = ((await login.json()) as { accessToken: string }).accessToken;
  const auth = { authorization: `Bearer ${token}` };
  const samples: { atMs: number; rssMb: number }[] = [];
  const started = Date.now();
  const timer = setInterval(() => samples.push({ atMs: Date.now() - started, rssMb: Math.round(rssMb(pid)) }), 250);
  const form = new FormData();
  form.append('file', await openAsBlob(csvPath), 'bench-customers.csv');
  const staged = await fetch(`http://127.0.0.1:${PORT}/api/v1/Imports/customers`, { method: 'POST', headers: auth, body: form });
  if (!staged.ok) throw new Error(`upload: ${staged.status} ${await staged.text()}`);
  const preview = (await staged.json()) as { importId: number; toCreate: number; rejectedRows: number };
  const previewMs = Date.now() - started;
  log(`preview after ${previewMs} ms: ${preview.toCreate} to create, ${preview.rejectedRows} rejected`);
  const commit = await fetch(`http://127.0.0.1:${PORT}/api/v1/Imports/${preview.importId}/commit`, { method: 'POST', headers: auth });
  if (!commit.ok) throw new Error(`commit: ${commit.status} ${await commit.text()}`);
  let state = { state: 'queued', processedRows: 0, createdRows: 0 };
  while (state.state !== 'done' && state.state !== 'failed') {
    await new Promise((r) => setTimeout(r, 250));
    state = (await (await fetch(`http://127.0.0.1:${PORT}/api/v1/Imports/${preview.importId}`, { headers: auth })).json()) as typeof state;
  }
  clearInterval(timer);
  const totalMs = Date.now() - started;
  if (state.state !== 'done') throw new Error(`the import ended ${state.state}`);
  return { previewMs, totalMs, created: state.createdRows, samples };
}

async function bare(subscriberId: number) {
  const pool = new pg.Pool({ connectionString: URL_, max: 1 });
  const started = Date.now();
  for (let from = 1; from <= ROWS; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, ROWS - from + 1) }, (_, k) => rowOf(from + k));
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const params: unknown[] = [];
      const values = rows.map((r, k) => {
        params.push(r.name, r.address, r.phone, `X${r.externalId}`);
        const p = k * 4;
        return `(${subscriberId}, $${p + 1}, $${p + 2}, 'Dallas', 'TX', '75201', $${p + 3}, true, $${p + 4})`;
      });
      const parents = await client.query<{ id: number }>(`INSERT INTO customers (subscriber_id, name, address, city, state, zip, phone, is_billing_customer, external_id) VALUES ${values.join(',')} RETURNING id`, params);
      const lparams: unknown[] = [];
      const lvalues = rows.map((r, k) => {
        lparams.push(r.locationName, r.locationAddress, parents.rows[k].id, `X${r.locationExternalId}`);
        const p = k * 4;
        return `(${subscriberId}, $${p + 1}, $${p + 2}, 'Dallas', 'TX', '75201', false, $${p + 3}, $${p + 4})`;
      });
      await client.query(`INSERT INTO customers (subscriber_id, name, address, city, state, zip, is_billing_customer, billing_customer_id, external_id) VALUES ${lvalues.join(',')}`, lparams);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  }
  const totalMs = Date.now() - started;
  await pool.end();
  return { totalMs };
}

async function main() {
  const dir = join(tmpdir(), 'sm-import-bench');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const csvPath = join(dir, 'customers.csv');
  log(`writing ${ROWS} rows to ${csvPath}`);
  await writeCsv(csvPath);
  log('making a fresh database with the demo companies');
  await freshDatabase();
  const server = startServer();
  try {
    await waitUp();
    const api = await viaApi(server.pid!, csvPath);
    log(`API: ${api.created} rows in ${api.totalMs} ms`);
    const client = new pg.Client({ connectionString: URL_ });
    await client.connect();
    const { rows } = await client.query<{ id: number }>("SELECT id FROM subscribers WHERE name = 'Coastal Air'");
    await client.end();
    const b = await bare(rows[0].id);
    log(`bare: ${ROWS} rows in ${b.totalMs} ms`);
    const apiRate = Math.round((ROWS * 1000) / api.totalMs);
    const bareRate = Math.round((ROWS * 1000) / b.totalMs);
    const rss = api.samples.map((s) => s.rssMb);
    const results = {
      date: new Date().toISOString(),
      rows: ROWS,
      note: 'Each row is a billing customer and its service location (two customer rows). API: upload with preview, commit, job runner batches of 1,000, timed from the upload to the import done. Bare: the same rows as plain INSERTs, 1,000 rows a statement, one transaction a batch, one connection.',
      api: { totalMs: api.totalMs, previewMs: api.previewMs, rowsPerSecond: apiRate },
      bare: { totalMs: b.totalMs, rowsPerSecond: bareRate },
      ratio: Math.round((apiRate / bareRate) * 100) / 100,
      ratioGoal: 0.5,
      serverRssMb: { first: rss[0] ?? 0, peak: Math.max(...rss), last: rss.at(-1) ?? 0, samples: api.samples.filter((_, i) => i % 4 === 0) },
      fileMb: Math.round(readFileSync(csvPath).length / 1024 / 1024),
    };
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results/import.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(
      join(ROOT, 'bench-results/import.md'),
      [
        `# Import bench (${results.date.slice(0, 10)})`,
        '',
        results.note,
        '',
        '| path | rows | time | rows/s |',
        '|---|---|---|---|',
        `| API import (preview ${api.previewMs} ms, then commit) | ${ROWS} | ${api.totalMs} ms | ${apiRate} |`,
        `| bare batched INSERTs | ${ROWS} | ${b.totalMs} ms | ${bareRate} |`,
        '',
        `Ratio import / bare: **${results.ratio}** (goal at least ${results.ratioGoal}: ${results.ratio >= results.ratioGoal ? 'met' : 'not met'}).`,
        '',
        `Server resident memory during the import (file of ${results.fileMb} MB): first ${results.serverRssMb.first} MB, peak ${results.serverRssMb.peak} MB, last ${results.serverRssMb.last} MB.`,
        '',
      ].join('\n'),
    );
    log(`ratio ${results.ratio}, peak RSS ${results.serverRssMb.peak} MB`);
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
