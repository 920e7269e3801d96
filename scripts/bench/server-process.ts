/**
 * The API server under test in a process of its own (bench-server.ts), so that the load generator does not share its
 * event loop: started with the bench database and a token secret, stopped by a message, killed if it lingers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The Node flags `npm start` gives the server (apps/server/package.json): a young generation of 64 MB, in which a
 * request's short-lived objects die instead of being promoted to the old one. With V8's default the server promoted
 * about 1.6 MB a scavenge under bench:parts' paced load, and each paced phase had one stall of 200-330 ms (in neither
 * process's event loop nor in a slow statement): its p99 was over twice the bare p99 in 11 runs of 13; with the flag,
 * 1.28 to 1.86 times in 7 of 7.
 */
function serverNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../../apps/server/package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

export interface ServerProcess {
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function startServerProcess(opts: { databaseUrl: string; jwtSecret: string; poolSize: number; maxRunSec: number }): Promise<ServerProcess> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [], {
    // BENCH_SERVER_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    execArgv: [...process.execArgv, ...serverNodeFlags(), ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: opts.databaseUrl,
      BENCH_JWT_SECRET: opts.jwtSecret,
      BENCH_POOL: String(opts.poolSize),
      BENCH_MAX_RUN: String(opts.maxRunSec),
      NODE_ENV: 'production',
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the API server did not start within 60 s')), 60_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve((m as { port: number }).port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API server exited early (${code})`));
    });
  });
  let stopped = false;
  return {
    port,
    pid: child.pid,
    async stop() {
      if (stopped || child.exitCode !== null) return;
      stopped = true;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.send('stop');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}
