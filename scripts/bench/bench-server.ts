/**
 * The API server under test, in a process of its own so that the load generator does not share its event
 * loop. Started by server-process.ts with fork(); answers its port over IPC and exits when the parent goes away.
 */
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/client';

const url = process.env.BENCH_DATABASE_URL;
const jwtSecret = process.env.BENCH_JWT_SECRET;
const poolSize = Number(process.env.BENCH_POOL ?? 20);
const maxRunSec = Number(process.env.BENCH_MAX_RUN ?? 600);
if (!url || !jwtSecret || !process.send) throw new Error('bench-server is started by server-process.ts');

const database = await openDatabase({ url, poolSize });
const app = await buildApp({ db: database.db, watch: database.watch, jwtSecret, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(code), 3000).unref();
  await app.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(code);
}

process.on('disconnect', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('message', (m) => {
  if (m === 'stop') void stop(0);
});
setTimeout(() => void stop(3), maxRunSec * 1000).unref();
process.send({ port });
