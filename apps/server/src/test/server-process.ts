/**
 * The product's own server as a separate process, for the soak and the multi-process tests: `main.ts` started with
 * `node` itself (from the file built for the run under Vitest, else with `--import tsx`), so that a SIGKILL hits the
 * server and not a wrapper around it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';

export interface ServerProcess {
  port: number;
  child: ChildProcess;
}

const ROOT = resolve(import.meta.dirname, '../../../..');
/** Every server started, so that none outlives the soak, however it ends. */
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
const MAIN = resolve(import.meta.dirname, '../main.ts');
/** One SECRETS_KEY for every server of a run (they may share a database), so none writes a key into ./data. */
const SECRETS_KEY = randomBytes(32).toString('base64');

/**
 * Starts one server on `port` and resolves once its health route answers. `env` says the rest: DATABASE_URL or
 * DATA_DIR, JWT_SECRET, SEED_DEMO, REDIS_URL. The provider simulator stays off: these servers sit on neighbouring
 * ports, where each one's simulator (port + 1) would take the next server's port. They run as in production, on the
 * demo's databases, so demo accounts are allowed unless `env` says otherwise (ALLOW_DEMO_ACCOUNTS).
 */
export async function startServer(opts: { port: number; env: Record<string, string>; log: WriteStream }): Promise<ServerProcess> {
  // Under Vitest, the server built once for the run (test/server-bundle.ts), which ends when its standard input closes.
  const bundle = process.env.TEST_SERVER_BUNDLE;
  const child = spawn(process.execPath, bundle ? [bundle] : ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ALLOW_DEMO_ACCOUNTS: '1', PROVIDER_SIMULATOR: 'off', SECRETS_KEY, ...opts.env, PORT: String(opts.port) },
    stdio: [bundle ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.stdout?.pipe(opts.log, { end: false });
  child.stderr?.pipe(opts.log, { end: false });
  // The last words a server wrote, for the error of one that exits before it answers.
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-800);
  });
  await waitForHealth(opts.port, child, () => said);
  return { port: opts.port, child };
}

/**
 * How long a server may take to answer. A server that exits ends the wait at once, so this only bounds a start that
 * hangs; an embedded database recovering after a kill on a machine loaded many times over its cores took over 120 s.
 */
export const HEALTH_DEADLINE_MS = 300_000;

async function waitForHealth(port: number, child: ChildProcess, said: () => string) {
  const deadline = Date.now() + HEALTH_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      // Its stream may still hold the last lines it wrote.
      await new Promise((r) => setTimeout(r, 100));
      throw new Error(`server on port ${port} exited with ${child.exitCode} before it answered; it wrote: ${said().trim().replace(/\s+/g, ' ') || 'nothing'}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on port ${port} did not answer its health route within ${HEALTH_DEADLINE_MS / 1000} s`);
}

/** SIGKILL: no shutdown hook runs, open transactions die with their connections. Resolves once the process is gone. */
export async function killHard(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const gone = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGKILL');
  await gone;
}

/** Stops a server gently at the end of the run. */
export async function stopServer(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const gone = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(timer);
}

export const openLog = (file: string) => createWriteStream(file, { flags: 'w' });

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
