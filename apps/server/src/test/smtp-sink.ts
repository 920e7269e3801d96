/**
 * A real SMTP server for the outbox tests (smtp-server from npm on a free loopback port): it keeps every message it
 * accepts, parsed with mailparser, and can answer chosen messages with an SMTP error instead, or take its time.
 */
import { createServer, type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An SMTP error to answer a message with, e.g. `{ code: 451, message: '4.3.0 Try again later' }`. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  /** Every accepted message, in the order they were accepted. */
  received: ParsedMail[];
  /** How often each Message-ID was offered (accepted or refused). */
  offered: Map<string, number>;
  /** How many accepted messages carry this Message-ID. */
  receivedCount(messageId: string): number;
  /** The SMTP envelope's recipients (RCPT TO) of each accepted message, by Message-ID: blind copies show here only. */
  envelopeRecipients: Map<string, string[]>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Decides each offered message: a refusal, or null to accept. `attempt` counts the offers of its Message-ID from 1. */
  answer?: (mail: ParsedMail, attempt: number) => SmtpRefusal | null;
  /** Waits this long before answering each message (a slow server). */
  delayMs?: number;
  /** Refuses a recipient at RCPT TO, or null to take it. */
  recipient?: (address: string) => SmtpRefusal | null;
  /** The port to listen on (a server was told it); a free one when left out. */
  port?: number;
}

/** Starts the sink on 127.0.0.1, on the port asked for or a free one. */
export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const offered = new Map<string, number>();
  const envelopeRecipients = new Map<string, string[]>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    // A sender's pooled connection stays open between messages: closing waits this long for it, then says 421 and
    // hangs up (the library's own wait of 30 s held every browser test file that read mail for half a minute).
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      const refusal = opts.recipient?.(address.address) ?? null;
      callback(refusal ? Object.assign(new Error(refusal.message), { responseCode: refusal.code }) : undefined);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const id = mail.messageId ?? '';
          const attempt = (offered.get(id) ?? 0) + 1;
          offered.set(id, attempt);
          if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
          const refusal = opts.answer?.(mail, attempt) ?? null;
          if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          // Kept before the 250 leaves: a message the sender saw accepted is always here.
          envelopeRecipients.set(id, session.envelope.rcptTo.map((r) => r.address));
          received.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    offered,
    envelopeRecipients,
    receivedCount: (messageId) => received.filter((m) => m.messageId === messageId).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` answers true, reading it every 25 ms; fails with `what` after `timeoutMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A mail server that hangs up without an answer: at `rcpt` before the message is handed over, at `body` once the
 * whole message has arrived. Answers its URL, how many messages it got to the end of, and how to close it.
 */
export async function startHangingUpSmtp(at: 'rcpt' | 'body'): Promise<{ url: string; bodies: () => number; close(): Promise<void> }> {
  let bodies = 0;
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.on('error', () => undefined);
    socket.write('220 hangup.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      if (inData) {
        if (!buffer.includes('\r\n.\r\n')) return;
        bodies++;
        return void socket.destroy();
      }
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end).toUpperCase();
        buffer = buffer.slice(end + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 hangup.test\r\n');
        else if (line.startsWith('MAIL')) socket.write('250 OK\r\n');
        else if (line.startsWith('RCPT')) {
          if (at === 'rcpt') return void socket.destroy();
          socket.write('250 OK\r\n');
        } else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 Go ahead\r\n');
          return;
        } else if (line.startsWith('QUIT')) return void socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    bodies: () => bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
