import { expect, test } from '@playwright/test';
import { startSmtpSink, waitUntil, type SmtpSink } from '../../apps/server/src/test/smtp-sink';

/** The messages the group's server sent while this file's tests ran, and the links they carry. */
export interface Mailbox {
  /** Every message accepted so far, oldest first. */
  readonly received: SmtpSink['received'];
  /** The link of the last message to `address` whose subject says `subject`, waiting up to 30 s for it to arrive. */
  linkTo(address: string, subject: string | RegExp): Promise<string>;
}

/**
 * Starts a real SMTP server where the group's server sends its mail (its port + 2) before this file's tests and
 * closes it after them: the groups whose server has SMTP_URL set (playwright.config.ts) read their e-mails here.
 */
export function mailboxOfGroup(): Mailbox {
  let sink: SmtpSink | undefined;
  test.beforeAll(async ({}, info) => {
    sink = await startSmtpSink({ port: Number(new URL(info.project.use.baseURL!).port) + 2 });
  });
  test.afterAll(async () => {
    await sink?.close();
  });
  const open = () => {
    if (!sink) throw new Error('The mail server is not started.');
    return sink;
  };
  return {
    get received() {
      return open().received;
    },
    async linkTo(address, subject) {
      const matches = (m: SmtpSink['received'][number]) => (m.to && 'text' in m.to ? m.to.text : '').includes(address) && new RegExp(subject).test(m.subject ?? '');
      await waitUntil(() => open().received.some(matches), `the message "${subject}" to ${address} to reach the mail server`, 30_000);
      const mail = open().received.filter(matches).at(-1)!;
      const link = /href="([^"]+)"/.exec(String(mail.html))?.[1];
      expect(link, 'the message carries a link').toBeTruthy();
      return link!.replaceAll('&amp;', '&');
    },
  };
}
