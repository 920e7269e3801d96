import { and, eq } from 'drizzle-orm';
import { applyCreditBody, createCreditMemoBody, documentEmailBody, invoiceBody, processPaymentBody, type PaymentMethod } from '@sm/shared';
import type { Db } from '../client';
import { customers } from '../schema';
import { applyCredit, createCreditMemo } from '../../features/money/invoices/credit-memos.service';
import { getInvoice, submitInvoice } from '../../features/money/invoices/invoices.service';
import { processPayment } from '../../features/money/invoices/payments.service';
import { emailInvoice } from '../../features/money/documents/invoice-document.service';
import { later, type DemoActor, type DemoClock, type DemoCompany } from './demo-actors';
import type { DemoJob } from './demo-work';

/** How an invoice was settled: a payment of part or all of what is due, or a credit memo and the rest paid. */
interface Settlement {
  daysAgo: number;
  method: PaymentMethod;
  /** What was paid: all that was due, or part of it. */
  amount: number | 'all';
  reference: string;
}

/** The invoice of each billed job, in the order of `DemoWork.billed`: when it was dated and how it stands today. */
const INVOICES: { invoicedDaysAgo?: number; freight?: number; settle: Settlement[]; credit?: string; email?: 'sent' | 'failed' }[] = [
  { invoicedDaysAgo: 73, settle: [{ daysAgo: 44, method: 'Check', amount: 'all', reference: 'Check 20417' }], email: 'sent' },
  { invoicedDaysAgo: 67, settle: [{ daysAgo: 60, method: 'Credit Card', amount: 'all', reference: 'Visa ending 4242' }] },
  { invoicedDaysAgo: 60, freight: 18.5, settle: [{ daysAgo: 31, method: 'ACH', amount: 500, reference: 'ACH TRN 88120-55' }], email: 'sent' },
  { invoicedDaysAgo: 53, settle: [], email: 'sent' },
  { invoicedDaysAgo: 48, settle: [{ daysAgo: 21, method: 'Check', amount: 'all', reference: 'Check 20588' }], credit: 'Returned unused low-pressure control for credit' },
  { invoicedDaysAgo: 45, settle: [{ daysAgo: 12, method: 'ACH', amount: 'all', reference: 'ACH TRN 90311-02' }] },
  { settle: [], email: 'sent' },
  { settle: [], email: 'failed' },
];

/** The invoices the demo made, and the outbox messages it queued with what became of each. */
export interface DemoBilling {
  invoiceIds: number[];
  emails: { emailOutboxId: number; outcome: 'sent' | 'failed' }[];
}

/**
 * Billing as the office did it, through the invoice, payment and credit services: every billed job invoiced the day
 * after the work (the first two months ago), one paid by check, one by card (with its convenience fee), one half paid
 * by ACH and past due, one past due with nothing paid, one settled by a credit memo and a check, one paid by ACH, and
 * two submitted yesterday and still due; a second credit memo waits to be applied. Invoices are e-mailed to the
 * customer's accounts payable address through the outbox.
 */
export async function seedDemoBilling(db: Db, company: DemoCompany, clock: DemoClock, billed: (DemoJob & { doneAt: Date })[], people: { admin: DemoActor; payroll: DemoActor }): Promise<DemoBilling> {
  const { admin } = people;
  const invoiceIds: number[] = [];
  const emails: DemoBilling['emails'] = [];
  for (const [i, job] of billed.entries()) {
    const plan = INVOICES[i];
    // Invoiced on the given day, or the morning after the work, or at the seed time when that is still to come.
    const nextMorning = later(job.doneAt, 14 * 60);
    const submittedAt = plan.invoicedDaysAgo ? clock.at(clock.day(-plan.invoicedDaysAgo), '10:15') : nextMorning < clock.now ? nextMorning : clock.now;
    const date = clock.dateOf(submittedAt);
    const body = invoiceBody.parse({ workOrderId: job.workOrderId, invoiceDate: date, freight: plan.freight ?? 0 });
    const invoice = await submitInvoice(admin.at(submittedAt), body);
    invoiceIds.push(invoice.invoiceId);
    if (plan.email) {
      const to = await accountsPayableOf(db, company.id, invoice.billingCustomerId);
      const mail = documentEmailBody.parse({
        to: [to],
        subject: `Invoice ${invoice.invoiceNumber} from Polar Refrigeration for work order ${job.workOrderNumber}`,
        message: `<p>Hello,</p><p>Please find attached invoice ${invoice.invoiceNumber} for the service at ${job.site}. Payment is due within 30 days.</p><p>Thank you for your business,<br>Alicia Moreno<br>Polar Refrigeration</p>`,
      });
      const { emailOutboxId } = await emailInvoice(admin.at(submittedAt), invoice.invoiceId, 'summary', mail);
      emails.push({ emailOutboxId, outcome: plan.email });
    }
    if (plan.credit) {
      const memoDate = later(submittedAt, 6 * 24 * 60);
      const memo = await createCreditMemo(admin.at(memoDate), createCreditMemoBody.parse({ billingCustomerId: invoice.billingCustomerId, amount: 150, reason: plan.credit }));
      await applyCredit(admin.at(memoDate), applyCreditBody.parse({ creditMemoId: memo.creditMemoId, invoiceId: invoice.invoiceId, amount: 150 }));
    }
    for (const s of plan.settle) {
      const when = clock.at(clock.day(-s.daysAgo), '14:00');
      const amount = s.amount === 'all' ? (await getInvoice(admin.at(when), invoice.invoiceId, 'summary')).totals.totalDue : s.amount;
      await processPayment(people.payroll.at(when), invoice.invoiceId, processPaymentBody.parse({ amount, paymentMethod: s.method, paidOn: clock.day(-s.daysAgo), reference: s.reference }));
    }
  }
  const [restaurants] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.subscriberId, company.id), eq(customers.name, 'Lone Star Restaurant Group')));
  await createCreditMemo(admin.at(clock.at(clock.day(-9), '11:00')), createCreditMemoBody.parse({ billingCustomerId: restaurants.id, amount: 85, reason: 'Trip charge waived: technician arrived after the agreed window' }));
  return { invoiceIds, emails };
}

/** The billing customer's accounts payable address, as its primary contact's company domain would have it. */
async function accountsPayableOf(db: Db, subscriberId: number, billingCustomerId: number): Promise<string> {
  const [row] = await db.select({ name: customers.name }).from(customers).where(and(eq(customers.subscriberId, subscriberId), eq(customers.id, billingCustomerId)));
  const domain = row.name.toLowerCase().replace(/\b(inc|llc|group)\b/g, '').replace(/[^a-z]+/g, '');
  return `ap@${domain}.example`;
}
