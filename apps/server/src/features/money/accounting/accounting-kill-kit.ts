import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Posting } from '@sm/shared';
import { api, databaseEnv } from '../../../test/process-database';
import { killHard, openLog, startServer, stopServer, type ServerProcess } from '../../../test/server-process';
import { waitUntil } from '../../../test/smtp-sink';
import { startProviderSimulator, type SimulatorPlugin } from '../../field/providers/simulator/simulator-server';

/** A call to the running server's API expecting 200, answering the body. */
export type KillOk = <T>(path: string, body?: unknown, method?: string) => Promise<T>;

/** What a kill test of one accounting system says of it; everything else the run does alike. */
export interface KillSetup {
  /** Names the database and the server's log file. */
  label: string;
  simulator: SimulatorPlugin;
  /** The fixed ports of the simulator and the product (never two kill tests at once). */
  simulatorPort: number;
  serverPort: number;
  /** The simulated company's path, where its answers are held (`answerDelayMs`). */
  companyPath: string;
  /** The invoices in the simulated company's ledger: each one's document number and total. */
  ledger: (simUrl: string) => Promise<{ documentNumber: string; total: string }[]>;
  /** Connects the company to the simulator and maps its lines, before the work order below is invoiced. */
  connect: (ok: KillOk, simUrl: string, workOrder: { workOrderId: number; billingCustomerId: number }) => Promise<void>;
}

/**
 * The run a kill test makes, on a real server process over its own database: the company is connected, a material
 * is added to a demo work order and its invoice submitted while the simulator, having carried out the create, holds
 * its answer; the server is killed (SIGKILL) while it waits, so the system has the invoice and the posting never
 * committed; started again, the job runs again. Answers the posting once posted, the invoice as the product totals
 * it, and the ledger's invoices of its document number; the server, the simulator and the database are gone after.
 */
export async function postKilledInvoice(setup: KillSetup) {
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    return await killedRun(setup, cleanups);
  } finally {
    for (const c of cleanups.reverse()) await c();
  }
}

async function killedRun(setup: KillSetup, cleanups: (() => Promise<void> | void)[]) {
  const sim = await startProviderSimulator({ plugins: [setup.simulator], port: setup.simulatorPort });
  cleanups.push(() => sim.close());
  const hold = (answerDelayMs: number) => fetch(`${sim.url}${setup.companyPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answerDelayMs }) });

  const log = openLog(join(tmpdir(), `sm-${setup.label}-${process.pid}.log`));
  const env = { ...(await databaseEnv(cleanups, setup.label)), JWT_SECRET: randomBytes(32).toString('base64url'), OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${setup.simulatorPort}` };
  let server: ServerProcess = await startServer({ port: setup.serverPort, env, log });
  cleanups.push(() => stopServer(server));
  const base = `http://127.0.0.1:${setup.serverPort}`;
  const login = async () => (await api<{ accessToken: string }>(base, null, 'Account/login', { userName: 'admin', password: 'demo1234' })).json.accessToken;
  let token = await login();
  const ok: KillOk = async <T>(path: string, body?: unknown, method?: string) => {
    const res = await api<T>(base, token, path, body, method);
    expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
    return res.json;
  };

  const wo = await ok<{ workOrderId: number; billingCustomerId: number }>('WorkOrder/240001');
  await setup.connect(ok, sim.url, wo);
  await ok('WorkOrder/material/add', { workOrderId: wo.workOrderId, materialStatusId: 6, description: 'Contactor, 40 A', quantity: 2, unitCost: 20, unitPrice: 35.55 });
  await hold(30_000);
  const invoice = await ok<{ invoiceId: number; invoiceNumber: number }>('Invoice/submit', { workOrderId: wo.workOrderId });
  const number = String(invoice.invoiceNumber);
  await waitUntil(async () => (await setup.ledger(sim.url)).some((i) => i.documentNumber === number), 'the accounting system to take the invoice', 60_000);
  await killHard(server);
  await hold(0);

  server = await startServer({ port: setup.serverPort, env, log });
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
  const { totals } = await ok<{ totals: { total: number } }>(`Invoice/${invoice.invoiceId}`);
  return { number, posting: posting!, total: totals.total, posted: (await setup.ledger(sim.url)).filter((i) => i.documentNumber === number) };
}
