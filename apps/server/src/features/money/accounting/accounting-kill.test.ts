import { describe, expect, it } from 'vitest';
import { jsonNumberOf } from '@sm/shared';
import { postKilledInvoice } from './accounting-kill-kit';
import { INTACCT_DEMO_CREDENTIALS } from './intacct-simulator-data';
import { intacctSimulator } from './intacct-simulator';

type Ledger = { invoices: { RECORDID: string; TOTALENTERED: string }[] };

describe('the accounting outbox when the server is killed while it posts', () => {
  /**
   * The real server posts an invoice to the simulated Intacct and is killed while Intacct holds its answer
   * (accounting-kill-kit.ts); started again, Intacct answers the same document number as a duplicate, and the posting
   * is posted: the invoice stands once in Intacct's ledger, with the invoice's total to the cent.
   */
  it('posts the invoice once', async () => {
    const { companyId } = INTACCT_DEMO_CREDENTIALS;
    const run = await postKilledInvoice({
      label: 'acctkill',
      simulator: intacctSimulator(),
      simulatorPort: 5650,
      serverPort: 5651,
      companyPath: `/intacct/__company/${companyId}`,
      ledger: async (simUrl) =>
        ((await (await fetch(`${simUrl}/__state`)).json()) as { intacct: { companies: Record<string, Ledger> } }).intacct.companies[companyId]!.invoices.map((i) => ({ documentNumber: i.RECORDID, total: i.TOTALENTERED })),
      // Connect the company, keep Intacct's chart, and map every kind of line to an income account (tax to its own).
      async connect(ok, simUrl) {
        await ok('Intacct/account', { endpointUrl: `${simUrl}/intacct/ia/xml/xmlgw.phtml`, ...INTACCT_DEMO_CREDENTIALS, isEnabled: true }, 'PUT');
        const { rows } = await ok<{ rows: { glAccountId: number; accountNo: string }[] }>('Intacct/chartOfAccount/refresh', {});
        const mapping = await ok<{ lineKind: string }[]>('Intacct/lineKindAccounts');
        for (const { lineKind } of mapping) await ok(`Intacct/lineKindAccounts/${lineKind}`, { glAccountId: rows.find((r) => r.accountNo === (lineKind === 'tax' ? '2300' : '4000'))!.glAccountId }, 'PUT');
      },
    });
    expect(run.posting).toMatchObject({ system: 'Intacct', message: expect.stringContaining('it was not posted again') });
    expect(run.posted).toHaveLength(1);
    expect(jsonNumberOf(run.posted[0]!.total)).toBe(run.total);
  }, 600_000);
});
