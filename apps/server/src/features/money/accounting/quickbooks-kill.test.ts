import { describe, expect, it } from 'vitest';
import { jsonNumberOf } from '@sm/shared';
import { postKilledInvoice } from './accounting-kill-kit';
import { QUICKBOOKS_DEMO_CREDENTIALS } from './quickbooks-simulator-data';
import { quickBooksSimulator } from './quickbooks-simulator';

type Ledger = { invoices: { DocNumber: string; TotalAmt: string }[] };

describe('posting to QuickBooks when the server is killed while it posts', () => {
  /**
   * The real server posts an invoice to the simulated QuickBooks and is killed while QuickBooks holds its answer
   * (accounting-kill-kit.ts); started again, the job finds the document number in QuickBooks by query, and the posting
   * is posted: the invoice stands once in QuickBooks' ledger, with the invoice's total to the cent.
   */
  it('posts the invoice once', async () => {
    const { realmId, clientId, clientSecret, refreshToken } = QUICKBOOKS_DEMO_CREDENTIALS;
    const run = await postKilledInvoice({
      label: 'qbokill',
      simulator: quickBooksSimulator(),
      simulatorPort: 5850,
      serverPort: 5851,
      companyPath: `/quickbooks/__company/${realmId}`,
      ledger: async (simUrl) =>
        ((await (await fetch(`${simUrl}/__state`)).json()) as { quickbooks: { companies: Record<string, Ledger> } }).quickbooks.companies[realmId]!.invoices.map((i) => ({ documentNumber: i.DocNumber, total: i.TotalAmt })),
      // Connect the company (the test renews and stores the token), keep QuickBooks' accounts, map every kind of line
      // to the service income account (tax to its own), and match the work order's billing customer to QuickBooks'.
      async connect(ok, simUrl, wo) {
        const connection = { baseUrl: `${simUrl}/quickbooks`, tokenUrl: `${simUrl}/quickbooks/oauth2/v1/tokens/bearer`, realmId, clientId, clientSecret, refreshToken, isEnabled: true };
        await ok('QuickBooks/account', connection, 'PUT');
        expect(await ok<{ isConnected: boolean }>('QuickBooks/account/test', {})).toMatchObject({ isConnected: true });
        const { rows } = await ok<{ rows: { glAccountId: number; accountNo: string }[] }>('Intacct/chartOfAccount/refresh', {});
        const mapping = await ok<{ lineKind: string }[]>('Intacct/lineKindAccounts');
        for (const { lineKind } of mapping) await ok(`Intacct/lineKindAccounts/${lineKind}`, { glAccountId: rows.find((r) => r.accountNo === (lineKind === 'tax' ? '89' : '79'))!.glAccountId }, 'PUT');
        await ok('QuickBooks/import', {});
        const customers = await ok<{ data: { qbImportRowId: number; qbId: string }[] }>('QuickBooks/import?kind=customer');
        await ok(`QuickBooks/import/${customers.data.find((r) => r.qbId === '58')!.qbImportRowId}/status`, { status: 'matched', recordId: wo.billingCustomerId }, 'PUT');
      },
    });
    expect(run.posting).toMatchObject({ system: 'QuickBooks', message: `QuickBooks already had document ${run.number} (record ${run.posting.recordNo}); it was not posted again.` });
    expect(run.posted).toHaveLength(1);
    expect(jsonNumberOf(run.posted[0]!.total)).toBe(run.total);
  }, 600_000);
});
