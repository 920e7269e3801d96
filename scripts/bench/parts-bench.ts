/**
 * `npm run bench:parts`: 200 technicians using parts from 2,000 stocked items at once, through the API beside the same
 * statements sent bare through `pg`, on PostgreSQL. Each technician has a truck holding 100 of the items and a work
 * order of his own; one cycle adds a part to the work order as Sold From Inventory from his truck (the stock ledger
 * takes it off the truck) and then marks it Canceled (the ledger gives it back): two requests, four ledger-touching
 * statements. Saturated phases give throughput, paced ones latency at a stated load. Afterwards every level's on hand
 * must equal its ledger's sum, and none may be below zero. Results go to bench-results/parts.json and parts.md.
 *
 * A fresh database (PARTS_BENCH_DATABASE_URL, default sm_parts_bench on the local server) is made for the run.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { addMaterialBody, updateMaterialBody } from '@sm/shared';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDemoIfEmpty } from '../../apps/server/src/db/seed/demo';
import { buildClaims } from '../../apps/server/src/features/platform/auth/auth.service';
import { signAccessToken } from '../../apps/server/src/features/platform/auth/tokens';
import { accessOf } from '../../apps/server/src/features/platform/permissions/access-cache';
import { addMaterial, updateMaterial } from '../../apps/server/src/features/office/work-order-items/materials.service';
import { replay } from './bare-load';
import { startCpuProbe, waitForQuietMachine, type CpuUse } from './cpu';
import { RawHttpUser } from './raw-http';
import { startServerProcess, type ServerProcess } from './server-process';
import { capturingDb, keepAccess, type CapturedQuery } from './setup';
import { pacedPhase, phaseTable, saturatedPhase, stopAfter, targetTable, type Step } from './phases';
import { messageOf, type Recorder, type Summary } from './stats';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CONFIG = {
  technicians: num('PARTS_BENCH_TECHNICIANS', 200),
  items: num('PARTS_BENCH_ITEMS', 2_000),
  itemsPerTruck: 100,
  stockPerItem: 1_000,
  durationSec: num('BENCH_DURATION', 10),
  warmupSec: num('BENCH_WARMUP', 3),
  poolSize: num('BENCH_POOL', 20),
  /** Cycles a second per technician in the paced phases. */
  cycleRatePerUser: num('PARTS_BENCH_RATE', 0.2),
  maxRunSec: num('BENCH_MAX_RUN', 900),
};
const URL_ = process.env.PARTS_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sm_parts_bench';
const DATABASE = new URL(URL_).pathname.slice(1);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const log = (m: string) => console.log(`[bench:parts] ${m}`);
const ADD_PATH = '/api/v1/WorkOrder/material/add';
const SOLD_FROM_INVENTORY = 2;
const CANCELED = 5;

interface Technician {
  userId: number;
  subscriberId: number;
  userName: string;
  token: string;
  workOrderId: number;
  truckId: number;
  itemIds: number[];
}

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(URL_), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${DATABASE}"`);
  await admin.end();
}

/** The first demo company gets the technicians (copies of its technician), their trucks and work orders, and the items. */
async function addData(pool: pg.Pool) {
  const { technicians: n, items, itemsPerTruck, stockPerItem } = CONFIG;
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  const { rows: [tech] } = await q(`select id, subscriber_id from users where user_name = 'tech'`);
  const s = tech.subscriber_id as number;
  await q(`insert into users (subscriber_id, user_name, name, email, password_hash, user_status_id)
    select subscriber_id, 'parts.tech' || i, 'Parts Tech ' || i, 'parts.tech' || i || '@example.com', password_hash, user_status_id
      from users, generate_series(1, $2::int) i where id = $1`, [tech.id, n]);
  await q(`insert into user_roles (subscriber_id, user_id, role_id)
    select $1, u.id, r.role_id from users u join user_roles r on r.user_id = $2 where u.user_name like 'parts.tech%'`, [s, tech.id]);
  await q(`insert into warehouses (subscriber_id, name, type_id, is_truck, technician_id, truck_stock_type_id)
    select $1, 'Bench Truck ' || u.user_name, w.type_id, true, u.id, w.truck_stock_type_id
      from users u join warehouses w on w.technician_id = $2 where u.user_name like 'parts.tech%'`, [s, tech.id]);
  await q(`insert into work_orders (subscriber_id, work_order_number, customer_id, billing_customer_id, work_order_status_id, problem, priority)
    select $1, 'P' || u.id, w.customer_id, w.billing_customer_id, 13, 'Parts bench', 'Normal'
      from users u cross join (select customer_id, billing_customer_id from work_orders where subscriber_id = $1 order by id limit 1) w
     where u.user_name like 'parts.tech%'`, [s]);
  await q(`insert into work_order_technicians (subscriber_id, work_order_id, user_id)
    select $1, w.id, u.id from users u join work_orders w on w.work_order_number = 'P' || u.id and w.subscriber_id = $1 where u.user_name like 'parts.tech%'`, [s]);
  await q(`insert into inventory_items (subscriber_id, part_number, description, unit_cost, barcode)
    select $1, 'BENCH-' || lpad(i::text, 5, '0'), 'Bench part ' || i, 10 + i % 90, '99' || lpad(i::text, 10, '0') from generate_series(1, $2::int) i`, [s, items]);
  // Truck k holds items k*10 .. k*10+99 (wrapping): every item sits on ten trucks.
  await q(`insert into stock_movements (subscriber_id, item_id, warehouse_id, kind, quantity, reason)
    select $1, it.id, w.id, 'counted', $4, 'Opening count'
      from (select w.id, row_number() over (order by w.id) - 1 as k from warehouses w where w.name like 'Bench Truck %') w
      cross join generate_series(0, $3::int - 1) j
      join (select id, row_number() over (order by id) - 1 as n from inventory_items where part_number like 'BENCH-%') it on it.n = (w.k * 10 + j) % $2`,
  [s, items, itemsPerTruck, stockPerItem]);
  await q('analyze');
}

async function technicians(pool: pg.Pool, db: Parameters<typeof buildClaims>[0], jwtSecret: string): Promise<Technician[]> {
  const { rows } = await pool.query<{ user_id: number; work_order_id: number; truck_id: number; item_ids: number[] }>(
    `select u.id as user_id, wo.id as work_order_id, w.id as truck_id,
            (select array_agg(l.item_id order by l.item_id) from stock_levels l where l.warehouse_id = w.id) as item_ids
       from users u join warehouses w on w.technician_id = u.id
       join work_orders wo on wo.work_order_number = 'P' || u.id and wo.subscriber_id = u.subscriber_id
      where u.user_name like 'parts.tech%' order by u.id`,
  );
  const out: Technician[] = [];
  for (const r of rows) {
    const { subscriberName: _, ...claims } = await buildClaims(db, r.user_id);
    out.push({ userId: r.user_id, subscriberId: claims.subscriberId, userName: claims.userName, token: await signAccessToken(jwtSecret, claims, new Date()), workOrderId: r.work_order_id, truckId: r.truck_id, itemIds: r.item_ids });
  }
  return out;
}

const fields = (t: Technician, k: number, statusId: number) => ({
  materialStatusId: statusId,
  description: 'Bench part',
  quantity: 1,
  unitCost: 10,
  markupPercent: 35,
  itemId: t.itemIds[k % t.itemIds.length],
  warehouseId: t.truckId,
});
const addBodyOf = (t: Technician, k: number) => ({ workOrderId: t.workOrderId, ...fields(t, k, SOLD_FROM_INVENTORY) });
const cancelBodyOf = (t: Technician, k: number) => fields(t, k, CANCELED);

interface CapturedUse {
  add: CapturedQuery[];
  cancel: CapturedQuery[];
  materialId: number;
}

/** The statements of one add and one cancel request per technician, captured by running the product's code once. */
async function captureUses(pool: pg.Pool, capture: ReturnType<typeof capturingDb>, techs: Technician[]): Promise<CapturedUse[]> {
  // Material ids far above every other id the statements carry, so that the bare side's swap of the id touches nothing else.
  await pool.query(`select setval(pg_get_serial_sequence('work_order_materials', 'id'), 1000000000)`);
  const out: CapturedUse[] = [];
  for (const t of techs) {
    const access = await accessOf(capture.db, t.subscriberId, t.userId);
    if (!access) throw new Error(`technician ${t.userId} has no access`);
    const ctx = { db: capture.db, actor: { userId: t.userId, subscriberId: t.subscriberId, userName: t.userName }, now: new Date() };
    let materialId = 0;
    const add = await capture.capture(async () => {
      materialId = (await addMaterial(ctx, access, addMaterialBody.parse(addBodyOf(t, 0)))).materialId;
    });
    const cancel = await capture.capture(() => updateMaterial(ctx, access, materialId, updateMaterialBody.parse(cancelBodyOf(t, 0))));
    out.push({ add, cancel, materialId });
  }
  return out;
}

/** One cycle through the API: add, then cancel what was added. Answers whether both went through. */
async function apiCycle(c: RawHttpUser, t: Technician, k: number, rec: Recorder): Promise<boolean> {
  try {
    const added = await c.post(ADD_PATH, addBodyOf(t, k));
    if (added.status !== 200) return (rec.fail(`add HTTP ${added.status}: ${added.body.slice(0, 80)}`), false);
    const { materialId } = JSON.parse(added.body) as { materialId: number };
    const canceled = await c.put(`/api/v1/WorkOrder/material/${materialId}`, cancelBodyOf(t, k));
    if (canceled.status !== 200) return (rec.fail(`cancel HTTP ${canceled.status}: ${canceled.body.slice(0, 80)}`), false);
    return true;
  } catch (e) {
    rec.fail(messageOf(e));
    return false;
  }
}

/**
 * The same cycle bare: the captured statements, the new material's id in place of the captured one, each sent unnamed
 * as the API sends them (it prepares none of these).
 */
async function bareCycle(pool: pg.Pool, use: CapturedUse, rec: Recorder): Promise<boolean> {
  try {
    const materialId = await replay(pool, use.add, undefined, 'work_order_materials', false);
    if (materialId === null) throw new Error('the add inserted no material');
    await replay(pool, use.cancel, (q) => q.params.map((p) => (p === use.materialId ? materialId : p)), 'work_order_materials', false);
    return true;
  } catch (e) {
    rec.fail(messageOf(e));
    return false;
  }
}

async function ledgerCheck(pool: pg.Pool) {
  const { rows: [r] } = await pool.query<{ levels: number; mismatched: number; negative: number; movements: number }>(`select
      (select count(*)::int from stock_levels) as levels,
      (select count(*)::int from stock_levels l where l.on_hand <> coalesce((select sum(m.quantity) from stock_movements m
          where m.subscriber_id = l.subscriber_id and m.item_id = l.item_id and m.warehouse_id = l.warehouse_id and m.kind not in ('reserved', 'released')), 0)
        or l.reserved <> coalesce((select sum(m.quantity) from stock_movements m
          where m.subscriber_id = l.subscriber_id and m.item_id = l.item_id and m.warehouse_id = l.warehouse_id and m.kind in ('reserved', 'released')), 0)) as mismatched,
      (select count(*)::int from stock_levels where on_hand < 0) as negative,
      (select count(*)::int from stock_movements) as movements`);
  return r;
}

let server: ServerProcess | null = null;

async function main() {
  const started = Date.now();
  log('making a fresh database with the demo companies');
  await freshDatabase();
  const database = await openDatabase({ url: URL_, poolSize: 4 });
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  await database.close();
  const pool = new pg.Pool({ connectionString: URL_, max: CONFIG.poolSize, idleTimeoutMillis: 0 });
  pool.on('error', () => undefined);
  const cpu: Record<string, CpuUse | null> = {};
  try {
    log(`adding ${CONFIG.technicians} technicians with their trucks and work orders, and ${CONFIG.items} items`);
    await addData(pool);
    const jwtSecret = randomBytes(32).toString('hex');
    const capture = capturingDb(pool);
    const stopKeepingAccess = await keepAccess(capture.db, URL_);
    const techs = await technicians(pool, capture.db, jwtSecret);
    const uses = await captureUses(pool, capture, techs);
    await stopKeepingAccess();
    server = await startServerProcess({ databaseUrl: URL_, jwtSecret, poolSize: CONFIG.poolSize, maxRunSec: CONFIG.maxRunSec });
    const clients = techs.map((t) => new RawHttpUser(server!.port, t.token));
    const api: Step = (i, k, rec) => apiCycle(clients[i], techs[i], k, rec);
    const bare: Step = (i, _k, rec) => bareCycle(pool, uses[i], rec);
    const { durationSec: d, warmupSec: w, cycleRatePerUser: rate } = CONFIG;
    const measure = async (name: string, fn: () => Promise<Summary>) => {
      await pool.query('CHECKPOINT');
      await waitForQuietMachine(server?.pid, DATABASE, 15);
      const probe = startCpuProbe(server?.pid, DATABASE);
      const s = await fn();
      cpu[name] = probe.stop();
      log(`${name}: ${s.perSec.toFixed(1)} cycles/s, p50 ${s.p50Ms.toFixed(1)} ms, p99 ${s.p99Ms.toFixed(1)} ms, ${s.errors} errors`);
      return s;
    };
    log(`API server on 127.0.0.1:${server.port}; ${d} s per phase after ${w} s warm-up; paced at ${rate} cycles/s per technician`);
    await saturatedPhase(techs.length, w, api);
    await saturatedPhase(techs.length, w, bare);
    const apiSat = await measure('API, saturated', () => saturatedPhase(techs.length, d, api));
    const bareSat = await measure('bare, saturated', () => saturatedPhase(techs.length, d, bare));
    const apiPaced = await measure('API, paced', () => pacedPhase(techs.length, rate, d, api));
    const barePaced = await measure('bare, paced', () => pacedPhase(techs.length, rate, d, bare));
    for (const c of clients) c.close();
    await server.stop();
    const ledger = await ledgerCheck(pool);
    const throughput = apiSat.perSec / bareSat.perSec;
    const p99 = apiPaced.p99Ms / barePaced.p99Ms;
    const errors = [apiSat, bareSat, apiPaced, barePaced].reduce((n, s) => n + s.errors, 0);
    const targets = [
      { name: 'throughput, API / bare (saturated)', target: '>= 0.5', value: throughput.toFixed(2), pass: throughput >= 0.5 },
      { name: 'p99, API / bare (paced)', target: '<= 2', value: p99.toFixed(2), pass: p99 <= 2 },
      { name: 'levels whose on hand or reserved differs from the ledger', target: '0', value: String(ledger.mismatched), pass: ledger.mismatched === 0 },
      { name: 'levels below zero', target: '0', value: String(ledger.negative), pass: ledger.negative === 0 },
      { name: 'errors, all phases', target: '0', value: String(errors), pass: errors === 0 },
    ];
    const results = { date: new Date().toISOString(), config: CONFIG, phases: { apiSat, bareSat, apiPaced, barePaced }, cpu, ledger, targets };
    writeResults(results);
    for (const t of targets) log(`${t.pass ? 'PASS' : 'FAIL'} ${t.name}: ${t.value} (wanted ${t.target})`);
    log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await server?.stop();
    await pool.end();
  }
}

function writeResults(r: { date: string; config: typeof CONFIG; phases: Record<string, Summary>; cpu: Record<string, CpuUse | null>; ledger: Awaited<ReturnType<typeof ledgerCheck>>; targets: { name: string; target: string; value: string; pass: boolean }[] }) {
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results/parts.json'), `${JSON.stringify(r, null, 2)}\n`);
  const md = [
    `# Parts bench (${r.date.slice(0, 10)})`,
    '',
    `${r.config.technicians} technicians, ${r.config.items} items (${r.config.itemsPerTruck} on each truck), PostgreSQL. A cycle: a part added to the technician's work order as Sold From Inventory from his truck, then marked Canceled (two requests; the ledger takes the part and gives it back). Bare: the statements the API sends, captured from the product's code, sent through \`pg\` as the API sends them (unnamed: parsed and planned each time), on a pool of the same size (${r.config.poolSize}). The server runs with the Node flags of \`npm start\` (a 64 MB young generation). ${r.config.durationSec} s a phase; paced at ${r.config.cycleRatePerUser} cycles/s per technician.`,
    '',
    ...phaseTable(r.phases, r.cpu, 'cycle'),
    `Afterwards: ${r.ledger.levels} stock levels, ${r.ledger.movements} ledger rows.`,
    '',
    ...targetTable(r.targets),
  ].join('\n');
  writeFileSync(join(ROOT, 'bench-results/parts.md'), md);
}

stopAfter('bench:parts', CONFIG.maxRunSec);

main().then(
  () => process.exit(0),
  async (e: unknown) => {
    console.error(e);
    await server?.stop().catch(() => undefined);
    process.exit(1);
  },
);
