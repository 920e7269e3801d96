/**
 * The API server under test in a process of its own (bench-server.ts), so that the load generator does not share its
 * event loop: started with the bench database and a token secret, stopped by a message, killed if it lingers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function startServerProcess(opts: { databaseUrl: string; jwtSecret: string; poolSize: number; maxRunSec: number }): Promise<ServerProcess> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [], {
    // BENCH_SERVER_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    execArgv: [...process.execArgv, ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [])],
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
