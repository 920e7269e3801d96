import type { Readable } from 'node:stream';
import { createTransport } from 'nodemailer';
import type { Db } from '../../../db/client';
import { errorForLog } from '../../../lib/error-log';
import { sanitizeRichText } from '../../../lib/rich-text';
import { onOutboxSignal } from './outbox-signal';
import { attachmentsOf, claimDueMessages, markEnded, markInterrupted, markRetry, markSent, type ClaimedMessage } from './outbox-queue';

/** Waits between attempts after a passing failure: 1 minute, 5, 30, then 2 hours; the attempt after that is the last. */
export const DEFAULT_BACKOFF_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];

export interface OutboxLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OutboxWorkerOptions {
  db: Db;
  /** smtp:// or smtps:// with user, password and port; nodemailer's query options apply. */
  smtpUrl: string;
  log: OutboxLog;
  /** How often the outbox is read when nothing rings (default 5 s). */
  pollMs?: number;
  /** How long a claimed message is this process's; one not settled by then counts as interrupted (default 2 min). */
  leaseMs?: number;
  /** Messages sent at once, each over its own pooled connection (default 5). */
  batchSize?: number;
  /** Waits after each failed attempt; there are as many attempts as waits plus one. */
  backoffMs?: readonly number[];
  /**
   * PUBLIC_URL: the product's own root-relative addresses in a message (an uploaded picture of the rich text editor,
   * a page) are written on it as the message leaves, since a mail program cannot resolve them. Absent: as stored.
   */
  publicUrl?: string;
}

/** After an enqueue in this process, the outbox is read this often for a few seconds, until the writer has committed. */
const EAGER_MS = 50;
const EAGER_FOR_MS = 3000;

/** What an SMTP failure means for the message. */
type Outcome = { kind: 'retry' | 'failed' | 'uncertain'; error: string };

/**
 * Decides from the failure of one attempt: an answer of the server decides (4xx passes, 5xx is permanent); without
 * an answer, a message not one byte of which was handed over is safe to try again, and one that was handed over
 * may have been delivered, so it is uncertain.
 */
export function outcomeOf(err: unknown, wasHandedOver: boolean, isLastAttempt: boolean): Outcome {
  const e = err as { responseCode?: unknown; response?: unknown; message?: unknown };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const words = (typeof e.response === 'string' && e.response.trim()) || (typeof e.message === 'string' && e.message) || String(err);
  if (code !== null && code >= 500) return { kind: 'failed', error: words };
  if (code === null && wasHandedOver) {
    return { kind: 'uncertain', error: `The connection to the mail server failed after the message was handed over, so it may or may not have been delivered (${words}).` };
  }
  return { kind: isLastAttempt ? 'failed' : 'retry', error: words };
}

/** The server's words on recipients it refused while it accepted the message for the others, if any. */
function refusedRecipients(info: { rejected?: unknown[]; rejectedErrors?: { response?: string; message?: string }[] } | undefined): string | null {
  if (!info?.rejected?.length) return null;
  const words = (info.rejectedErrors ?? []).map((e) => e.response ?? e.message).filter(Boolean);
  return `Sent, but not to ${info.rejected.map((a) => (typeof a === 'string' ? a : (a as { address?: string }).address)).join(', ')}${words.length > 0 ? `: ${words.join('; ')}` : '.'}`;
}

/**
 * Sends the outbox through SMTP: claims due messages (several processes may run it on one database, each message
 * goes to one), sends each with its stored Message-ID over a pooled nodemailer transport, and records the result
 * with the server's words. Messages left `sending` by a process that died become uncertain, never sent twice on
 * their own. Reads the outbox every `pollMs`, at once when this process enqueues. `stop()` lets the messages in
 * hand finish, then closes the connections.
 */
export function startOutboxWorker(opts: OutboxWorkerOptions): { stop(): Promise<void> } {
  const { db, log } = opts;
  const pollMs = opts.pollMs ?? 5000;
  const leaseMs = opts.leaseMs ?? 120_000;
  const batchSize = opts.batchSize ?? 5;
  const backoff = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
  // A send that outlives half the lease is abandoned, so that no lease runs out while its process still lives.
  const sendTimeoutMs = Math.max(1000, Math.min(60_000, Math.floor(leaseMs / 2)));
  const transport = createTransport({
    url: opts.smtpUrl,
    pool: true,
    maxConnections: batchSize,
    connectionTimeout: sendTimeoutMs,
    greetingTimeout: sendTimeoutMs,
    socketTimeout: sendTimeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  // The streams nodemailer reads each message from: once one has been read, the message left this process.
  const streamsOf = new Map<string, Readable[]>();
  transport.use('stream', (mail, done) => {
    const streams = streamsOf.get(String(mail.data.messageId));
    const create = mail.message.createReadStream.bind(mail.message);
    if (streams) mail.message.createReadStream = (o) => {
      const stream = create(o);
      streams.push(stream);
      return stream;
    };
    done();
  });

  const deliver = async (m: ClaimedMessage) => {
    let info: { rejected?: unknown[]; rejectedErrors?: { response?: string; message?: string }[] } | undefined;
    const streams: Readable[] = [];
    streamsOf.set(m.messageId, streams);
    try {
      const files = await attachmentsOf(db, m.id);
      info = await transport.sendMail({
        from: { name: m.fromName, address: m.fromAddress },
        to: m.to,
        cc: m.cc.length > 0 ? m.cc : undefined,
        // nodemailer puts blind copies in the envelope only, never in the headers.
        bcc: m.bcc.length > 0 ? m.bcc : undefined,
        replyTo: m.replyTo ?? undefined,
        subject: m.subject,
        html: opts.publicUrl ? sanitizeRichText(m.html, opts.publicUrl) : m.html,
        text: m.text ?? undefined,
        messageId: m.messageId,
        attachments: files.map((f) => ({ filename: f.fileName, contentType: f.contentType, content: f.content })),
        signal: AbortSignal.timeout(sendTimeoutMs),
      });
    } catch (err) {
      const outcome = outcomeOf(err, streams.some((s) => s.readableDidRead), m.attempts > backoff.length);
      log.warn({ emailOutboxId: m.id, attempt: m.attempts, outcome: outcome.kind }, `E-mail ${m.messageId} was not sent: ${outcome.error}`);
      if (outcome.kind === 'retry') await markRetry(db, m.id, m.attempts, backoff[m.attempts - 1], outcome.error);
      else await markEnded(db, m.id, m.attempts, outcome.kind, outcome.error);
      return;
    } finally {
      streamsOf.delete(m.messageId);
    }
    await markSent(db, m.id, m.attempts, refusedRecipients(info));
  };

  const tick = async () => {
    try {
      const interrupted = await markInterrupted(db);
      if (interrupted.length > 0) log.warn({ emailOutboxIds: interrupted }, `${interrupted.length} e-mail(s) were being sent when a server stopped; they are marked uncertain.`);
      while (!stopped) {
        const batch = await claimDueMessages(db, batchSize, leaseMs);
        if (batch.length === 0) break;
        // A failure to record one result leaves its row sending; the lease then makes it uncertain.
        const results = await Promise.allSettled(batch.map(deliver));
        for (const r of results) if (r.status === 'rejected') log.error({ err: errorForLog(r.reason) }, 'The result of an e-mail could not be recorded.');
      }
    } catch (err) {
      log.error({ err: errorForLog(err) }, 'The e-mail outbox could not be read; it is read again at the next poll.');
    }
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let ringAgain = false;
  let eagerUntil = 0;
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  function run() {
    if (running) {
      ringAgain = true;
      return;
    }
    running = tick().finally(() => {
      running = null;
      const wasRung = ringAgain;
      ringAgain = false;
      schedule(wasRung ? 0 : Date.now() < eagerUntil ? EAGER_MS * 4 : pollMs);
    });
  }
  const unsubscribe = onOutboxSignal(() => {
    eagerUntil = Date.now() + EAGER_FOR_MS;
    schedule(EAGER_MS);
  });
  schedule(0);

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
