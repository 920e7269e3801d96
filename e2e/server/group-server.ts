import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The server built once for the run by the global setup (apps/server/src/test/server-bundle.ts), in apps/server/dist. */
export const SERVER_BUNDLE_NAME = 'e2e-server.mjs';
const SERVER_BUNDLE = `apps/server/dist/${SERVER_BUNDLE_NAME}`;

/** What a browser-test server runs on: its port, its mail server, and the database it starts from. */
export interface ServerOptions {
  port: number;
  /** The SMTP server the tests start on this port, for the server's outbox. */
  smtpPort?: number;
  /** The seeded demo with its two last pay periods worked (db/seed/payroll-history.ts). */
  payrollHistory?: boolean;
  /** An empty database without the demo, with these settings; otherwise the seeded demo. */
  empty?: Record<string, string>;
}

/**
 * A browser-test server: the server built once for the run, on a data directory of its own under .tmp. A group's
 * server is started by its first test and stopped when the group ends (e2e/tests/fixtures.ts); a test may stop
 * and start it in its middle. The data directory survives a restart, as a real installation's does.
 */
export class GroupServer {
  private child: ChildProcess | null = null;
  private readonly root = fileURLToPath(new URL('../..', import.meta.url));
  readonly dataDir: string;

  constructor(readonly options: ServerOptions) {
    this.dataDir = `.tmp/e2e-data-${options.port}`;
  }

  get port(): number {
    return this.options.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * The data directory, unless this run already made it (the run's global setup removes the last run's): a copy of the
   * seeded demo (e2e/seeded-data-dir.ts, which makes the seeded archive once for all servers), or an empty folder.
   */
  prepareOnce(): void {
    const dir = `${this.root}/${this.dataDir}`;
    if (existsSync(dir)) return;
    if (this.options.empty) {
      mkdirSync(dir, { recursive: true });
      return;
    }
    const args = ['tsx', 'e2e/seeded-data-dir.ts', this.dataDir, ...(this.options.payrollHistory ? ['--payroll-history'] : [])];
    execFileSync('npx', args, { cwd: this.root, stdio: ['ignore', 'ignore', 'pipe'] });
  }

  async start(): Promise<void> {
    const { smtpPort, empty } = this.options;
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: this.root,
      env: {
        ...process.env,
        ...empty,
        SEED_DEMO: empty ? '0' : '1',
        ...(smtpPort ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } : {}),
        // Links the server makes (e-mails, QR labels) lead to the address the browser opens the app at.
        PUBLIC_URL: this.url,
        DATA_DIR: this.dataDir,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      // The server ends when its standard input closes: it never outlives this process.
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    this.child = child;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server on port ${this.port} ended with ${child.exitCode} before it answered.`);
      const healthy = await fetch(`${this.url}/api/health`).then((r) => r.ok, () => false);
      if (healthy) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Stops the server and waits until it has exited and closed its database. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}
