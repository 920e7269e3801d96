/**
 * A process that generates preventive-maintenance visits through the job runner, for the test that kills it: with
 * `prepare`, it first adds CONTRACTS approved contracts to the demo's first company and queues the company's generation
 * in batches of BATCH contracts; then it runs the waiting jobs one at a time (a rerun: the batch the killed one left), printing `batch <n>` after each commit.
 * At the end it prints the company's tally as JSON. The database is DATABASE_URL, or the embedded one in DATA_DIR.
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { addDays } from '@sm/shared';
import { openDatabase } from '../../../db/client';
import { scheduledJobs } from '../../../db/schema';
import { runDueJobs, scheduleJob } from '../../platform/jobs/job-runner';
import { PM_GENERATION_JOB, pmGenerationKey } from './pm-generation.job';
import { insertContract, pmCompany, pmTally } from './pm-test-contracts';

const CONTRACTS = Number(process.env.CONTRACTS ?? 200);
const BATCH = Number(process.env.BATCH ?? 10);
// The instant both runs generate at: in the future of the real clock, since a batch queues the next one at the later
// of the two (the test passes the same one to both runs).
const NOW = new Date(process.env.NOW ?? Date.now() + 86_400_000);
const today = NOW.toISOString().slice(0, 10);
const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: join(process.env.DATA_DIR!, 'pglite') });
const db = database.db;
const company = await pmCompany(db, 'Polar Refrigeration', 'tech', 'admin');
if (process.argv.includes('prepare')) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < CONTRACTS; i++) {
      await insertContract(tx, company, { name: `Kill site ${i}`, startsOn: addDays(today, -30), endsOn: addDays(today, 334), rule: 'FREQ=DAILY', leadDays: 29, visitTime: i % 2 ? '08:00' : null });
    }
  });
  await db.delete(scheduledJobs).where(eq(scheduledJobs.kind, PM_GENERATION_JOB));
  await scheduleJob(db, { kind: PM_GENERATION_JOB, runAt: NOW, subscriberId: company.subscriberId, dedupeKey: pmGenerationKey(company.subscriberId), payload: { afterContractId: 0, limit: BATCH } });
}
console.log('ready');
for (let n = 1; (await runDueJobs(db, { now: NOW, limit: 1, onError: (_, e) => console.error(e) })) > 0; n++) console.log(`batch ${n}`);
console.log(JSON.stringify(await pmTally(db, company.subscriberId, 'Kill site ')));
await database.close();
