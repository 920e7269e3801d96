/**
 * `npm run bench:pm`: 10,000 approved preventive-maintenance contracts covering 50,000 pieces of equipment (five each,
 * three tasks a piece) in each of the two demo companies, on PostgreSQL. The first company's next 30 days of visits
 * are generated through the job (the job runner's batches of 1,000 contracts, each visit with its work order, the
 * equipment and tasks, technician, first status and scheduler slot); the second company's same rows are inserted by
 * one bare SQL statement (the dates worked out in SQL). Reports visits per second of both and their ratio (goal: the
 * job keeps at least half the bare throughput), then runs the job again, which must generate nothing. Results go to
 * bench-results/pm.json and pm.md.
 *
 * A fresh database (PM_BENCH_DATABASE_URL, default sm_pm_bench on the local server) is made for the run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../../apps/server/src/db/client';
import { seedDemoIfEmpty } from '../../apps/server/src/db/seed/demo';
import { runDueJobs } from '../../apps/server/src/features/platform/jobs/job-runner';
import { queuePmGeneration } from '../../apps/server/src/features/office/pm-contracts/pm-generation.job';
import { dateIn } from '../../apps/server/src/features/platform/subscribers/company-time';

const CONTRACTS = Number(process.env.PM_BENCH_CONTRACTS ?? 10_000);
const PIECES = 5;
const LEAD_DAYS = 30;
const URL_ = process.env.PM_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sm_pm_bench';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const log = (m: string) => console.log(`[bench:pm] ${m}`);
const rowsOf = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

async function freshDatabase() {
  const name = new URL(URL_).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(URL_), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

/** A company's sites, equipment and approved contracts, made in SQL: contract i is monthly on day 1 + i % 28. */
async function addContracts(db: Db, subscriberId: number, technicianId: number, startsOn: string) {
  await db.execute(sql`insert into customers (subscriber_id, name, address, city, state, zip, is_billing_customer)
    select ${subscriberId}, 'PM Site ' || i, i || ' Elm St', 'Dallas', 'TX', '75201', true from generate_series(1, ${CONTRACTS}) i`);
  const [category] = await rowsOf<{ id: number }>(db, sql`select id from equipment_categories where subscriber_id = ${subscriberId} order by id limit 1`);
  await db.execute(sql`insert into equipment (subscriber_id, customer_id, name, category_id)
    select ${subscriberId}, c.id, 'Unit ' || p, ${category.id} from customers c cross join generate_series(1, ${PIECES}) p
     where c.subscriber_id = ${subscriberId} and c.name like 'PM Site %'`);
  await db.execute(sql`insert into pm_contracts (subscriber_id, customer_id, name, recurrence_rule, price, price_basis, starts_on, ends_on, technician_user_id, visit_time,
      visit_minutes, lead_days, status, approved_at, approver_name)
    select ${subscriberId}, c.id, 'PM of ' || c.name, 'FREQ=MONTHLY;BYMONTHDAY=' || (1 + c.id % 28), 1200, 'year', ${startsOn}::date, ${startsOn}::date + 364,
           ${technicianId}, '08:00', 90, ${LEAD_DAYS}, 'approved', now(), 'Bench'
      from customers c where c.subscriber_id = ${subscriberId} and c.name like 'PM Site %'`);
  await db.execute(sql`insert into pm_contract_equipment (subscriber_id, contract_id, equipment_id, tasks)
    select ${subscriberId}, p.id, e.id, array['Check pressures', 'Clean coil', 'Inspect belts']
      from pm_contracts p join equipment e on e.customer_id = p.customer_id where p.subscriber_id = ${subscriberId} and p.name like 'PM of PM Site %'`);
  await db.execute(sql`analyze`);
}

/** The same rows the job writes, for every contract of a company, in one statement: the dates worked out in SQL. */
async function bareInsert(db: Db, subscriberId: number, today: string, timeZone: string) {
  const result = await rowsOf<{ visits: number }>(db, sql`with x as (
      select p.id as contract_id, d::date as due_on from pm_contracts p
        cross join generate_series(${today}::date, ${today}::date + ${LEAD_DAYS}::int, interval '1 day') d
       where p.subscriber_id = ${subscriberId} and p.status = 'approved' and p.name like 'PM of PM Site %'
         and extract(day from d) = substring(p.recurrence_rule from 'BYMONTHDAY=([0-9]+)')::int
    ),
    v as (
      insert into pm_visits (subscriber_id, contract_id, due_on, work_order_id)
      select ${subscriberId}, x.contract_id, x.due_on, nextval(pg_get_serial_sequence('work_orders', 'id')) from x
      returning contract_id, due_on, work_order_id
    ),
    c as (select v.*, row_number() over (order by v.due_on, v.contract_id) as k, p.name, p.customer_id, p.technician_user_id, p.visit_time, p.visit_minutes
            from v join pm_contracts p on p.id = v.contract_id),
    wo as (insert into work_orders (id, subscriber_id, work_order_number, customer_id, billing_customer_id, work_order_status_id, problem, priority)
           select c.work_order_id, ${subscriberId}, 'B' || c.k, c.customer_id, c.customer_id, 16, 'Preventive maintenance: ' || c.name, 'Normal' from c returning id),
    t as (insert into work_order_technicians (subscriber_id, work_order_id, user_id) select ${subscriberId}, c.work_order_id, c.technician_user_id from c),
    h as (insert into work_order_status_history (subscriber_id, work_order_id, to_status_id) select ${subscriberId}, c.work_order_id, 16 from c),
    e as (insert into work_order_equipment (subscriber_id, work_order_id, equipment_id)
          select ${subscriberId}, c.work_order_id, pe.equipment_id from c join pm_contract_equipment pe on pe.contract_id = c.contract_id),
    k as (insert into work_order_equipment_tasks (subscriber_id, work_order_id, equipment_id, equipment_name, task)
          select ${subscriberId}, c.work_order_id, pe.equipment_id, eq.name, task from c join pm_contract_equipment pe on pe.contract_id = c.contract_id
            join equipment eq on eq.id = pe.equipment_id cross join unnest(pe.tasks) task),
    s as (insert into schedule_items (subscriber_id, work_order_id, technician_user_id, kind, start_at, duration_hours, time_zone)
          select ${subscriberId}, c.work_order_id, c.technician_user_id, 'service', (c.due_on + c.visit_time) at time zone ${timeZone}, c.visit_minutes / 60.0, ${timeZone} from c)
    select count(*)::int as visits from wo`);
  return result[0].visits;
}

/** Queues the company's generation and runs the job runner until nothing is due: answers the visits written. */
async function viaJob(db: Db, subscriberId: number, now: Date) {
  const count = async () => (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from pm_visits where subscriber_id = ${subscriberId}`))[0].n;
  const before = await count();
  await queuePmGeneration(db, subscriberId, now);
  let jobs = 0;
  for (let ran = 1; ran > 0; jobs += ran) ran = await runDueJobs(db, { limit: 10, onError: (_, e) => console.error(e) });
  return { visits: (await count()) - before, jobs };
}

async function main() {
  log('making a fresh database with the demo companies');
  await freshDatabase();
  const database = await openDatabase({ url: URL_, poolSize: 4 });
  await database.migrate();
  const db = database.db;
  await seedDemoIfEmpty(db);
  const companies = await rowsOf<{ id: number; timeZone: string; tech: number }>(
    db,
    sql`select s.id, s.time_zone as "timeZone", (select u.id from users u where u.subscriber_id = s.id and u.user_name like '%tech' order by u.id limit 1) as tech
          from subscribers s order by s.id`,
  );
  const [job, bare] = companies;
  const now = new Date();
  const today = dateIn(now, job.timeZone);
  log(`adding ${CONTRACTS} contracts with ${CONTRACTS * PIECES} pieces of equipment to each company`);
  await addContracts(db, job.id, job.tech, today);
  await addContracts(db, bare.id, bare.tech, dateIn(now, bare.timeZone));

  let started = Date.now();
  const viaJobRun = await viaJob(db, job.id, now);
  const jobMs = Date.now() - started;
  log(`job: ${viaJobRun.visits} visits in ${jobMs} ms (${viaJobRun.jobs} jobs)`);
  started = Date.now();
  const bareVisits = await bareInsert(db, bare.id, dateIn(now, bare.timeZone), bare.timeZone);
  const bareMs = Date.now() - started;
  log(`bare: ${bareVisits} visits in ${bareMs} ms`);
  const second = await viaJob(db, job.id, now);
  log(`second run: ${second.visits} visits generated (${second.jobs} jobs)`);
  if (second.visits !== 0) throw new Error(`the second run generated ${second.visits} visits`);
  const [tally] = await rowsOf<{ orphans: number; twice: number }>(db, sql`select
      (select count(*)::int from work_orders w where w.subscriber_id = ${job.id} and w.problem like 'Preventive maintenance:%' and not exists (select 1 from pm_visits v where v.work_order_id = w.id)) as orphans,
      (select count(*)::int from (select 1 from pm_visits where subscriber_id = ${job.id} group by contract_id, due_on having count(*) > 1) d) as twice`);
  await database.close();

  const jobRate = Math.round((viaJobRun.visits * 1000) / jobMs);
  const bareRate = Math.round((bareVisits * 1000) / bareMs);
  const results = {
    date: now.toISOString(),
    contracts: CONTRACTS,
    equipment: CONTRACTS * PIECES,
    note: 'Each visit is a work order (status PM) with 5 pieces of equipment, 15 tasks, its technician, its first status and a scheduler slot. Job: the job runner\'s batches of 1,000 contracts (rules expanded in TypeScript, one statement a batch). Bare: the same rows of the other company in one SQL statement, its dates worked out in SQL.',
    job: { visits: viaJobRun.visits, totalMs: jobMs, visitsPerSecond: jobRate, jobs: viaJobRun.jobs },
    bare: { visits: bareVisits, totalMs: bareMs, visitsPerSecond: bareRate },
    ratio: Math.round((jobRate / bareRate) * 100) / 100,
    ratioGoal: 0.5,
    secondRun: { visits: second.visits },
    orphans: tally.orphans,
    duplicates: tally.twice,
  };
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results/pm.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(
    join(ROOT, 'bench-results/pm.md'),
    [
      `# PM generation bench (${results.date.slice(0, 10)})`,
      '',
      `${CONTRACTS} approved contracts, ${results.equipment} pieces of equipment, the next ${LEAD_DAYS} days. ${results.note}`,
      '',
      '| path | visits | time | visits/s |',
      '|---|---|---|---|',
      `| the generation job | ${viaJobRun.visits} | ${jobMs} ms | ${jobRate} |`,
      `| one bare SQL statement | ${bareVisits} | ${bareMs} ms | ${bareRate} |`,
      '',
      `Ratio job / bare: **${results.ratio}** (goal at least ${results.ratioGoal}: ${results.ratio >= results.ratioGoal ? 'met' : 'not met'}).`,
      '',
      `Second run: ${second.visits} visits generated. Work orders without their visit: ${tally.orphans}; dates generated twice: ${tally.twice}.`,
      '',
    ].join('\n'),
  );
  log(`ratio ${results.ratio}; second run generated ${second.visits}`);
}

await main();
