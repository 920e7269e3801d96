import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './db/seed/demo';
import { seedReference } from './db/seed/reference';
import { demoAccountsRefusal } from './db/seed/demo-guard';
import { seedPayrollHistory } from './db/seed/payroll-history';
import { seedDemoActivity } from './db/seed/demo-activity';
import { seedDemoFiles } from './db/seed/demo-files';
import { connectDemoToSimulator } from './db/seed/providers';
import { resealProviderSecrets } from './features/field/providers/provider-secrets';
import { demoSimulatorPort, simulatorGeocoderUrl, startDemoSimulator } from './features/field/providers/simulator/demo-simulator';
import { diskStore, diskStoreRoot } from './features/platform/files/storage/disk-store';
import { s3Store } from './features/platform/files/storage/s3-store';
import { startOutboxWorker } from './features/platform/email-outbox/outbox-worker';
import { startJobRunner } from './features/platform/jobs/job-runner';
import { ensurePmGenerationJobs } from './features/office/pm-contracts/pm-generation.job';
import { ensureCreditHoldJobs } from './features/money/collections/credit-hold-rule.job';
import { ensureDunningJobs } from './features/money/collections/dunning.job';
import { hubChannel, redisBus } from './features/platform/realtime/event-bus';
import { lockDataDir } from './lib/data-dir-lock';
import { readEnv } from './lib/env';
import { errorText } from './lib/error-log';
import { secretKeysOf, useSecretKeys } from './lib/secret-box';
import { allowOutboundHosts } from './lib/outbound-http';

const env = readEnv();
allowOutboundHosts(env.outboundAllowedHosts);
const here = dirname(fileURLToPath(import.meta.url));
const unlock = env.databaseUrl ? () => undefined : lockDataDir(env.dataDir);
process.on('exit', unlock);
const database = await openDatabase({ url: env.databaseUrl, dataDir: env.databaseUrl ? null : join(env.dataDir, 'pglite') });
await database.migrate();
// The roles and statuses every company refers to, so that the first company can be set up without the demo.
await seedReference(database.db);
// Production does not run with accounts anyone can sign in to with the published demo password.
const refusal = await demoAccountsRefusal(database.db, env);
if (refusal) {
  console.error(refusal);
  await database.close();
  process.exit(1);
}
const files = env.s3 ? s3Store(env.s3) : diskStore(diskStoreRoot(env.dataDir));
// A fresh demo also gets a working company on every screen (jobs, invoices, quotes, the current pay period, e-mails),
// worked pay periods before it, so that its timesheets have something to show, and files on its jobs.
if (env.seedDemo && (await seedDemoIfEmpty(database.db))) {
  await seedDemoActivity(database.db);
  await seedPayrollHistory(database.db);
  await seedDemoFiles(database.db, files);
}
// Provider secrets are stored sealed (lib/secret-box.ts): plain ones, stored by an earlier version, and ones under a
// previous key are sealed anew under SECRETS_KEY; a secret that none of the keys opens stops the start, naming its key.
const secretKeys = secretKeysOf(process.env, env.dataDir);
useSecretKeys(secretKeys);
const resealed = await resealProviderSecrets(database.db).catch(async (err: unknown) => {
  console.error(errorText(err));
  await database.close();
  process.exit(1);
});

// The outside services' stand-in beside the product (PROVIDER_SIMULATOR=off to talk to real services only): the
// providers, and the geocoder unless GEOCODER_URL names another.
const simulatorPort = demoSimulatorPort(process.env, env.port);
const simulatorNotes: string[] = [];
const simulator = simulatorPort === null ? null : await startDemoSimulator(simulatorPort, (m) => simulatorNotes.push(m));
// The simulator listens on this machine's loopback, which outbound calls may otherwise not reach.
if (simulator) allowOutboundHosts([new URL(simulator.url).host]);
const geocoderUrl = env.geocoderUrl ?? (simulator ? simulatorGeocoderUrl(simulator.url) : undefined);

const channel = hubChannel(env.databaseUrl ?? `file:${env.dataDir}`);
const bus = env.redisUrl ? await redisBus(env.redisUrl, channel, (msg) => console.error(msg)) : undefined;
const app = await buildApp({
  db: database.db,
  watch: database.watch,
  bus,
  jwtSecret: env.jwtSecret,
  files,
  webDist: env.webDist ?? resolve(here, '../../web/dist'),
  logger: { level: env.logLevel },
  isSmtpConfigured: !!env.smtpUrl,
  trustProxy: env.trustProxy,
  publicUrl: env.publicUrl,
  publicSignup: env.publicSignup,
  providerLoginPages: env.providerLoginPages,
  geocoder: geocoderUrl ? { url: geocoderUrl, timeoutMs: env.geocoderTimeoutMs } : undefined,
});
if (resealed > 0) app.log.info(`The secrets of ${resealed} provider account(s) were sealed under key ${secretKeys[0]!.id}.`);
// The e-mail outbox is sent only when a mail server is configured; otherwise messages wait, shown to administrators.
if (env.smtpUrl) {
  const outbox = startOutboxWorker({ db: database.db, smtpUrl: env.smtpUrl, log: app.log, leaseMs: env.mailLeaseMs, publicUrl: env.publicUrl });
  app.addHook('onClose', () => outbox.stop());
} else app.log.info('SMTP_URL is not set: e-mails are kept in the outbox and not sent.');
// Every company's preventive-maintenance visits are generated daily; a company without its waiting run gets the next one.
await ensurePmGenerationJobs(database.db);
// Every company's credit-hold rule is applied nightly, the same way.
await ensureCreditHoldJobs(database.db);
// Every company's dunning e-mails are sent nightly, the same way.
await ensureDunningJobs(database.db);
// Scheduled work (reminders, notices) runs in every server process; the queue gives each job to one of them.
const jobs = startJobRunner({ db: database.db, log: app.log, events: app.events });
app.addHook('onClose', () => jobs.stop());
if (simulator) {
  for (const note of simulatorNotes) app.log.warn(note);
  await connectDemoToSimulator(database.db, simulator.url);
  app.log.info(`Provider simulator is ready on ${simulator.url}`);
}
if (!geocoderUrl) app.log.info('GEOCODER_URL is not set and the simulator is off: addresses are not placed on the map.');
await app.listen({ port: env.port, host: env.host });
app.log.info(`Service Managed is ready on http://localhost:${env.port} (${database.driver === 'pg' ? 'PostgreSQL' : `embedded database in ${env.dataDir}`})`);

let closing = false;
/** Closes the server, the simulator and the database once, on the first signal; a failure to close is logged and exits 1. */
async function shutDown() {
  if (closing) return;
  closing = true;
  try {
    await app.close();
    await simulator?.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'Could not shut down cleanly');
    process.exit(1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutDown());
