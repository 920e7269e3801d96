import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { companyListRows, customers } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { runDueJobs } from '../../platform/jobs/job-runner';
import { knownBody, knownWorkOrder } from '../invoices/invoice-fixtures';
import { runPosting } from './accounting-worker';

/** Every kind of line the posting tests map to an account. */
export const POSTED_KINDS = ['regular', 'overtime', 'standby', 'apprentice', 'material', 'standardItem', 'rateSheetItem', 'quoted', 'tripCharge', 'freight', 'tax', 'creditMemo', 'payment'];

/**
 * What the posting tests of each accounting system do alike, on the test app `app()` gives once it is started: call
 * a route expecting 200, run the worker, submit a known invoice, and read an invoice's posting from the sync log.
 */
export function accountingKit(app: () => TestApp, workOrderPrefix: string) {
  let woCount = 0;
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, as = 'admin') => {
    const res = await app().call(method, url, as, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  return {
    ok,
    /** Runs the worker's due jobs, as the server's job runner does; `later` runs the retries waiting for their backoff. */
    work: (later = false) => runDueJobs(app().db, { now: later ? new Date(Date.now() + 3 * 3600_000) : new Date() }),
    /** Submits the invoice of a fresh known work order (total 1193.58, with every kind of line and tax). */
    async submitKnown() {
      const known = await knownWorkOrder(app(), `${workOrderPrefix}-${++woCount}`);
      return ok('POST', '/api/v1/Invoice/submit', knownBody(known.workOrder.id, known.laborIds[0]));
    },
    /**
     * Gives the known invoices' billing customer (FreshMart Grocers) the company's Terms row of that name, or none;
     * answers the days it gives.
     */
    async setKnownTerms(name: string | null): Promise<number | null> {
      const [site] = await app().db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
      const [terms] = name
        ? await app().db.select().from(companyListRows).where(and(eq(companyListRows.subscriberId, site.subscriberId), eq(companyListRows.listKey, 'terms'), eq(companyListRows.name, name)))
        : [null];
      if (name) expect(terms, `the Terms row ${name}`).toBeTruthy();
      await app().db.update(customers).set({ termsId: terms?.id ?? null }).where(eq(customers.id, site.billingCustomerId!));
      return terms?.wholeNumber ?? null;
    },
    postingOf: async (invoiceId: number) => (await ok('GET', `/api/v1/Intacct/syncLog?invoiceId=${invoiceId}`)).data.find((p: { documentKind: string }) => p.documentKind === 'invoice'),
    /**
     * A card payment of 200.00 (its convenience fee 6.00 at the demo company's 3%) and a cash payment of 50.00 of a
     * posted invoice, paid on 2026-11-06 and posted while the convenience fee is mapped to no account: the card payment
     * stops with its sentence and the cash one posts. Then the fee is mapped to `feeAccountNo`, the card payment is sent
     * again, and a first run is lost after the system took its documents (the process died before the commit); the
     * worker runs twice after it. Answers the card payment's document number and its posting.
     */
    async postFeeOfCardPayment(invoice: { invoiceId: number; invoiceNumber: number }, system: string, feeAccountNo: string) {
      const pay = async (amount: number, paymentMethod: string) => {
        const { payments } = await ok('POST', `/api/v1/Invoice/${invoice.invoiceId}/payments`, { amount, paymentMethod, paidOn: '2026-11-06' });
        return { ...payments.at(-1), documentNumber: `${invoice.invoiceNumber}-P${payments.at(-1).paymentId}` };
      };
      const card = await pay(200, 'Credit Card');
      expect(card.convenienceFee).toBe(6);
      const cash = await pay(50, 'Cash');
      await runDueJobs(app().db);
      const postings: { postingId: number; documentNumber: string; status: string; message: string | null }[] = (await ok('GET', `/api/v1/Intacct/syncLog?invoiceId=${invoice.invoiceId}`)).data;
      const posting = postings.find((p) => p.documentNumber === card.documentNumber)!;
      expect(posting).toMatchObject({ status: 'failed', message: `Payment '${card.documentNumber}' carries a convenience fee of $6.00 with no GL account: map Convenience fees in ${system} settings.` });
      expect(postings.find((p) => p.documentNumber === cash.documentNumber)).toMatchObject({ status: 'posted', message: null });
      const accounts: { glAccountId: number; accountNo: string }[] = await ok('GET', '/api/v1/Intacct/chartOfAccount');
      await ok('PUT', '/api/v1/Intacct/lineKindAccounts/convenienceFee', { glAccountId: accounts.find((a) => a.accountNo === feeAccountNo)!.glAccountId });
      await ok('POST', `/api/v1/Intacct/syncLog/${posting.postingId}/resend`);
      const lost = await app().db.transaction(async (tx) => {
        await runPosting(tx, posting.postingId);
        tx.rollback();
      }).catch((e: unknown) => e);
      expect(lost).toBeInstanceOf(Error);
      await runDueJobs(app().db);
      await runDueJobs(app().db);
      const detail = await ok('GET', `/api/v1/Intacct/syncLog/${posting.postingId}`);
      expect(detail).toMatchObject({ status: 'posted', message: expect.stringContaining('it was not posted again') });
      return { documentNumber: card.documentNumber as string, recordNo: detail.recordNo as string };
    },
  };
}
