import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * A server the test starts and stops itself, on the seeded demo, for tests that restart the server in their middle
 * (the group's own server cannot be restarted). The data directory survives a restart, as a real installation's does.
 */
export class OwnServer {
  private child: ChildProcess | null = null;
  private readonly root = fileURLToPath(new URL('../..', import.meta.url));
  readonly dataDir: string;

  constructor(readonly port: number) {
    this.dataDir = `.tmp/e2e-data-${port}`;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** A fresh copy of the seeded demo in the data directory. */
  prepare(): void {
    execFileSync('npx', ['tsx', 'e2e/seeded-data-dir.ts', this.dataDir], { cwd: this.root, stdio: ['ignore', 'ignore', 'pipe'] });
  }

  async start(): Promise<void> {
    const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
      cwd: this.root,
      env: { ...process.env, SEED_DEMO: '1', DATA_DIR: this.dataDir, PORT: String(this.port), HOST: '127.0.0.1', PUBLIC_URL: this.url, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    this.child = child;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server on port ${this.port} ended with ${child.exitCode} before it answered.`);
      const healthy = await fetch(`${this.url}/api/health`).then((r) => r.ok, () => false);
      if (healthy) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Stops the server (SIGTERM to its process group) and waits until it has exited and closed its database. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}
