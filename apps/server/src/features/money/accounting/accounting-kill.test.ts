import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonNumberOf, type Posting } from '@sm/shared';
import { api, databaseEnv } from '../../../test/process-database';
import { killHard, openLog, startServer, stopServer, type ServerProcess } from '../../../test/server-process';
import { waitUntil } from '../../../test/smtp-sink';
import { startProviderSimulator } from '../../field/providers/simulator/simulator-server';
import { INTACCT_DEMO_CREDENTIALS } from './intacct-simulator-data';
import { intacctSimulator } from './intacct-simulator';

/** The simulated Intacct and the product listen on ports of their own. */
const SIMULATOR_PORT = 5650;
const SERVER_PORT = 5651;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

type Ledger = { invoices: { RECORDID: string; TOTALENTERED: string }[] };

describe('the accounting outbox when the server is killed while it posts', () => {
  /**
   * The real server posts an invoice to the simulated Intacct, which carries out the create and then holds its answer;
   * the server is killed (SIGKILL) while it waits, so Intacct has the invoice and the posting never committed. Started
   * again, the job runs again, Intacct answers the same document number as a duplicate, and the posting is posted:
   * the invoice stands once in Intacct's ledger, with the invoice's total to the cent.
   */
  it('posts the invoice once', async () => {
    const sim = await startProviderSimulator({ plugins: [intacctSimulator()], port: SIMULATOR_PORT });
    cleanups.push(() => sim.close());
    const company = `${sim.url}/intacct/__company/${INTACCT_DEMO_CREDENTIALS.companyId}`;
    const hold = (answerDelayMs: number) => fetch(company, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answerDelayMs }) });
    const ledger = async () => ((await (await fetch(`${sim.url}/__state`)).json()) as { intacct: { companies: Record<string, Ledger> } }).intacct.companies[INTACCT_DEMO_CREDENTIALS.companyId]!;

    const log = openLog(join(tmpdir(), `sm-accounting-kill-${process.pid}.log`));
    const env = { ...(await databaseEnv(cleanups, 'acctkill')), JWT_SECRET: randomBytes(32).toString('base64url'), OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${SIMULATOR_PORT}` };
    let server: ServerProcess = await startServer({ port: SERVER_PORT, env, log });
    cleanups.push(() => stopServer(server));
    const base = `http://127.0.0.1:${SERVER_PORT}`;
    const login = async () => (await api<{ accessToken: string }>(base, null, 'Account/login', { userName: 'admin', password: 'demo1234' })).json.accessToken;
    let token = await login();
    const ok = async <T>(path: string, body?: unknown, method?: string) => {
      const res = await api<T>(base, token, path, body, method);
      expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
      return res.json;
    };

    // Connect the company, keep Intacct's chart, and map every kind of line to an income account (tax to its own).
    await ok('Intacct/account', { endpointUrl: `${sim.url}/intacct/ia/xml/xmlgw.phtml`, ...INTACCT_DEMO_CREDENTIALS, isEnabled: true }, 'PUT');
    const { rows } = await ok<{ rows: { glAccountId: number; accountNo: string }[] }>('Intacct/chartOfAccount/refresh', {});
    const mapping = await ok<{ lineKind: string }[]>('Intacct/lineKindAccounts');
    for (const { lineKind } of mapping) await ok(`Intacct/lineKindAccounts/${lineKind}`, { glAccountId: rows.find((r) => r.accountNo === (lineKind === 'tax' ? '2300' : '4000'))!.glAccountId }, 'PUT');

    // A material on a work order of the demo, and its invoice submitted while Intacct holds its answers.
    const wo = await ok<{ workOrderId: number }>('WorkOrder/240001');
    await ok('WorkOrder/material/add', { workOrderId: wo.workOrderId, materialStatusId: 6, description: 'Contactor, 40 A', quantity: 2, unitCost: 20, unitPrice: 35.55 });
    await hold(30_000);
    const invoice = await ok<{ invoiceId: number; invoiceNumber: number; totals: { total: number } }>('Invoice/submit', { workOrderId: wo.workOrderId });
    const number = String(invoice.invoiceNumber);
    await waitUntil(async () => (await ledger()).invoices.some((i) => i.RECORDID === number), 'Intacct to take the invoice', 60_000);
    await killHard(server);
    await hold(0);

    server = await startServer({ port: SERVER_PORT, env, log });
    token = await login();
    let posting: Posting | undefined;
    await waitUntil(
      async () => {
        posting = (await ok<{ data: Posting[] }>(`Intacct/syncLog?invoiceId=${invoice.invoiceId}`)).data[0];
        return posting?.status === 'posted';
      },
      'the posting to be posted after the restart',
      120_000,
    );
    expect(posting!.message).toContain('it was not posted again');
    const posted = (await ledger()).invoices.filter((i) => i.RECORDID === number);
    expect(posted).toHaveLength(1);
    const { totals } = await ok<{ totals: { total: number } }>(`Invoice/${invoice.invoiceId}`);
    expect(jsonNumberOf(posted[0]!.TOTALENTERED)).toBe(totals.total);
  }, 300_000);
});
