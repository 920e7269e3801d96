import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { secretKeyOf } from '../../../lib/secret-box';
import { api, databaseEnv } from '../../../test/process-database';
import { freePort, openLog, startServer, stopServer } from '../../../test/server-process';
import { waitUntil } from '../../../test/smtp-sink';
import { CORRIGO_DEMO_CLIENT } from './corrigo/corrigo-simulator-data';
import { corrigoSimulator } from './corrigo/corrigo-simulator';
import { SC_DEMO_CREDENTIALS } from './service-channel/service-channel-demo-data';
import { serviceChannelSimulator } from './service-channel/service-channel-simulator';
import { startProviderSimulator } from './simulator/simulator-server';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const PLAIN = [CORRIGO_DEMO_CLIENT.clientSecret, SC_DEMO_CREDENTIALS.clientSecret, SC_DEMO_CREDENTIALS.password];
const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('hex');
const idA = secretKeyOf(keyA, 'A').id;
const idB = secretKeyOf(keyB, 'B').id;

/** Runs `work` on the server's database while no server runs (the embedded one has one process at a time). */
async function withDatabase<T>(env: Record<string, string>, work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: 1 } : { dataDir: join(env.DATA_DIR!, 'pglite') });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
type Row = { provider: string; client_secret: string; password: string | null };
const rowsOf = (env: Record<string, string>) =>
  withDatabase(env, async (db) => ((await db.execute(sql`select provider, client_secret, password from provider_accounts order by id`)) as unknown as { rows: Row[] }).rows);
const keyIdsOf = (rows: Row[]) => [...new Set(rows.flatMap((r) => [r.client_secret, r.password]).filter((v): v is string => v !== null).map((v) => v.split(':').slice(0, 3).join(':')))];

describe('provider secrets across server starts', () => {
  it('seals plain secrets at start-up, refuses to start without the key they are under, and re-seals them after a rotation', async () => {
    const env = { ...(await databaseEnv(cleanups, 'secrets')), JWT_SECRET: randomBytes(32).toString('base64url') };
    const seeded = await rowsOf(env);
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(seeded)).toContain(CORRIGO_DEMO_CLIENT.clientSecret);
    const port = await freePort();
    const logs = mkdtempSync(join(tmpdir(), 'sm-secrets-logs-'));
    cleanups.push(() => rmSync(logs, { recursive: true, force: true }));
    const logFile = (n: number) => join(logs, `server-${n}.log`);

    // 1. SECRETS_KEY=A: the demo's plain secrets are sealed under A as the server starts.
    const first = await startServer({ port, env: { ...env, SECRETS_KEY: keyA }, log: openLog(logFile(1)) });
    await stopServer(first);
    const underA = await rowsOf(env);
    expect(keyIdsOf(underA)).toEqual([`enc:v1:${idA}`]);
    for (const plain of PLAIN) expect(JSON.stringify(underA)).not.toContain(plain);

    // 2. Only B: the server does not start, and says which key it lacks without showing any secret.
    const log2 = openLog(logFile(2));
    await expect(startServer({ port, env: { ...env, SECRETS_KEY: keyB }, log: log2 })).rejects.toThrow(/exited with 1/);
    await waitUntil(() => readFileSync(logFile(2), 'utf8').includes(idA), 'the refusal to be written', 5000);
    const refusal = readFileSync(logFile(2), 'utf8');
    expect(refusal).toContain(`key ${idA}`);
    expect(refusal).toContain('SECRETS_PREVIOUS_KEYS');
    for (const plain of PLAIN) expect(refusal).not.toContain(plain);
    expect(refusal).not.toContain(keyA);
    expect(refusal).not.toContain(keyB);
    expect(await rowsOf(env)).toEqual(underA);

    // 3. B with A as a previous key: the secrets read fine (the simulator takes them) and are sealed again under B.
    const sim = await startProviderSimulator({ plugins: [corrigoSimulator(), serviceChannelSimulator()] });
    cleanups.push(() => sim.close());
    await withDatabase(env, (db) => db.execute(sql`update provider_accounts set base_url = ${sim.url} || case provider when 'corrigo' then '/corrigo' else '/service-channel' end`));
    const third = await startServer({ port, env: { ...env, SECRETS_KEY: keyB, SECRETS_PREVIOUS_KEYS: keyA, OUTBOUND_ALLOWED_HOSTS: new URL(sim.url).host }, log: openLog(logFile(3)) });
    try {
      const base = `http://127.0.0.1:${port}`;
      const token = (await api<{ accessToken: string }>(base, null, 'Account/login', { userName: 'admin', password: 'demo1234' })).json.accessToken;
      for (const provider of ['corrigo', 'serviceChannel']) {
        const tested = await api<{ ok: boolean; message: string }>(base, token, `ThirdParty/${provider}/test`, {});
        expect(tested.json, provider).toMatchObject({ ok: true });
      }
    } finally {
      await stopServer(third);
    }
    const underB = await rowsOf(env);
    expect(keyIdsOf(underB)).toEqual([`enc:v1:${idB}`]);
    for (const plain of PLAIN) expect(JSON.stringify(underB)).not.toContain(plain);
  }, 600_000);
});
