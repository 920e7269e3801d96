import { randomBytes, randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmailOutboxRow } from '@sm/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { api, databaseEnv } from '../../../test/process-database';
import { freePort, killHard, openLog, startServer, stopServer, type ServerProcess } from '../../../test/server-process';
import { startSmtpSink, waitUntil, type SmtpSink } from '../../../test/smtp-sink';

const MESSAGES = 60;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const login = async (base: string) => (await api<{ accessToken: string }>(base, null, 'Account/login', { userName: 'admin', password: 'demo1234' })).json.accessToken;

describe('the outbox when the server is killed while it sends', () => {
  /**
   * The real server sends through a slow SMTP server; it is killed (SIGKILL, no shutdown) at a random moment after the
   * first messages arrived, then started again. Whatever the moment, once the outbox settles every message was either
   * received exactly once, or is uncertain and was received at most once (or, after a passing failure, waits queued
   * for its next attempt and was not received); none was received twice, none vanished.
   */
  it('loses nothing and sends nothing twice', async () => {
    const sink: SmtpSink = await startSmtpSink({ delayMs: 60 });
    cleanups.push(() => sink.close());
    const log = openLog(join(tmpdir(), `sm-outbox-kill-${process.pid}.log`));
    const env = { ...(await databaseEnv(cleanups, 'outbox')), JWT_SECRET: randomBytes(32).toString('base64url'), SMTP_URL: sink.url, MAIL_LEASE_SECONDS: '8' };
    const port = await freePort();
    const started = Date.now();
    let server: ServerProcess = await startServer({ port, env, log });
    const firstStart = Date.now() - started;
    cleanups.push(() => stopServer(server));
    const base = `http://127.0.0.1:${port}`;
    const token = await login(base);

    // Enqueue through the API, ten at a time; each 200 is a message the product promised to send.
    const acknowledged: string[] = [];
    const killAfter = randomInt(3, 25);
    const enqueue = (async () => {
      for (let n = 0; n < MESSAGES; n += 10) {
        const answers = await Promise.allSettled(
          Array.from({ length: Math.min(10, MESSAGES - n) }, (_, i) => api<{ messageId: string }>(base, token, 'EmailOutbox/test', { to: `reader${n + i}@lonestar.example` })),
        );
        for (const a of answers) if (a.status === 'fulfilled' && a.value.status === 200) acknowledged.push(a.value.json.messageId);
        if (answers.some((a) => a.status === 'rejected')) return;
      }
    })();
    await waitUntil(() => sink.received.length >= killAfter, `${killAfter} messages to arrive`, 45_000);
    await killHard(server);
    await enqueue;
    const receivedBeforeKill = sink.received.length;

    const killedAt = Date.now();
    server = await startServer({ port, env, log });
    const restart = Date.now() - killedAt;
    const again = await login(base);
    // Settled: nothing is being sent, and every message was tried at least once since (a passing failure waits its
    // backoff as queued, with its attempt counted).
    let rows: EmailOutboxRow[] = [];
    await waitUntil(
      async () => {
        rows = (await api<{ data: EmailOutboxRow[] }>(base, again, 'EmailOutbox/list', { take: 500 })).json.data;
        return rows.every((r) => r.status !== 'sending' && !(r.status === 'queued' && r.attempts === 0));
      },
      'the outbox to settle',
      60_000,
    );

    const settled = Date.now() - killedAt - restart;
    const byId = new Map(rows.map((r) => [r.messageId, r]));
    for (const id of acknowledged) expect(byId.has(id), `acknowledged message ${id} is gone`).toBe(true);
    const receivedIds = sink.received.map((m) => m.messageId ?? '');
    expect(new Set(receivedIds).size, 'a Message-ID was received twice').toBe(receivedIds.length);
    for (const id of receivedIds) expect(byId.has(id), `received ${id}, which the outbox does not hold`).toBe(true);
    for (const r of rows) {
      const count = sink.receivedCount(r.messageId);
      if (r.status === 'sent') expect(count, `${r.messageId} is sent`).toBe(1);
      else if (r.status === 'queued') expect(count, `${r.messageId} waits for another attempt`).toBe(0);
      else {
        expect(r.status, `${r.messageId} (received ${count} times)`).toBe('uncertain');
        expect(count).toBeLessThanOrEqual(1);
      }
    }
    const uncertain = rows.filter((r) => r.status === 'uncertain');
    console.info(
      `outbox kill: ${acknowledged.length} acknowledged, ${rows.length} in the outbox; killed after ${receivedBeforeKill} arrived; ` +
        `${rows.filter((r) => r.status === 'sent').length} sent exactly once, ${uncertain.length} uncertain (${uncertain.filter((r) => sink.receivedCount(r.messageId) === 1).length} of them had arrived), ` +
        `${rows.filter((r) => r.status === 'queued').length} queued for another attempt; started in ${firstStart} ms, again in ${restart} ms, settled ${settled} ms later`,
    );
  }, 600_000);
});
