import { and, eq, sql } from 'drizzle-orm';
import { addDays, cityLineOf } from '@sm/shared';
import { customers, subscribers } from '../../../db/schema';
import type { DbOrTx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { documentLookOf } from '../documents/document-templates.service';
import { customerAgingOf, type CompanyReader } from './aging.service';
import { renderStatementPdf, type StatementContent } from './statement-pdf';

/** The days of payments and credits a statement lists when no period is asked: the 30 days up to the company's today. */
export const STATEMENT_DAYS = 30;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The company as its documents are signed: its name and, when it gave one at sign-up, its address. */
async function companyLinesOf(db: DbOrTx, subscriberId: number): Promise<{ name: string; lines: string[]; timeZone: string }> {
  const [c] = await db.select().from(subscribers).where(eq(subscribers.id, subscriberId));
  if (!c) throw notFound('Company');
  return { name: c.name, lines: [c.name, c.street ?? '', cityLineOf({ city: c.city, state: c.state, zip: c.zip })].filter(Boolean), timeZone: c.timeZone };
}

/**
 * What a customer's statement says, as of the company's today: its open invoices and aging exactly as the aging API
 * answers them (the same service), and the payments on its invoices and the credit memos it was given in the period.
 * Another company's customer is missing (404).
 */
export async function statementContent(r: CompanyReader, customerId: number, from?: string): Promise<StatementContent> {
  const db = r.db;
  const s = r.subscriberId;
  const [customer] = await db.select().from(customers).where(and(eq(customers.subscriberId, s), eq(customers.id, customerId)));
  if (!customer) throw notFound('Customer');
  const aging = await customerAgingOf(r, customerId);
  const company = await companyLinesOf(db, s);
  const periodFrom = from && from <= aging.asOf ? from : addDays(aging.asOf, -STATEMENT_DAYS);
  const payments = rowsOf<{ paid_on: string; invoice_number: number; method: string; reference: string | null; amount: string }>(
    await db.execute(sql`select p.paid_on::text, i.invoice_number, p.payment_method as method, p.reference, p.amount::text
      from invoice_payments p join invoices i on i.id = p.invoice_id
     where i.subscriber_id = ${s} and i.billing_customer_id = ${customerId} and p.subscriber_id = ${s}
       and p.paid_on between ${periodFrom}::date and ${aging.asOf}::date
     order by p.paid_on, p.id`),
  );
  const credits = rowsOf<{ on: string; reason: string; amount: string; applied: string }>(
    await db.execute(sql`select (m.created_at at time zone ${company.timeZone})::date::text as on, m.reason, m.amount::text, m.amount_applied::text as applied
      from credit_memos m
     where m.subscriber_id = ${s} and m.billing_customer_id = ${customerId}
       and (m.created_at at time zone ${company.timeZone})::date between ${periodFrom}::date and ${aging.asOf}::date
     order by m.created_at, m.id`),
  );
  return {
    companyName: company.name,
    companyLines: company.lines,
    customerLines: [customer.name, customer.address ?? '', cityLineOf(customer)].filter(Boolean),
    asOf: aging.asOf,
    periodFrom,
    termsName: aging.termsName,
    aging: { current: aging.current, days1to30: aging.days1to30, days31to60: aging.days31to60, days61to90: aging.days61to90, over90: aging.over90, balance: aging.balance },
    invoices: aging.invoices,
    payments: payments.map((p) => ({ on: p.paid_on, invoiceNumber: p.invoice_number, method: p.method, reference: p.reference, amount: p.amount })),
    credits: credits.map((c) => ({ on: c.on, reason: c.reason, amount: c.amount, applied: c.applied })),
  };
}

export const statementFileName = (customerId: number, asOf: string) => `Statement-${customerId}-${asOf}.pdf`;

/**
 * `GET Collection/customers/{customerId}/statement`: the customer's statement as a PDF, in the company's invoice
 * template (its colours, logo and footer).
 */
export async function customerStatementPdf(r: CompanyReader, customerId: number, from?: string): Promise<{ pdf: Buffer; fileName: string; content: StatementContent }> {
  const content = await statementContent(r, customerId, from);
  const { template, logo } = await documentLookOf(r.db, { actor: { subscriberId: r.subscriberId } }, 'invoice');
  return { pdf: await renderStatementPdf(template, logo, content), fileName: statementFileName(customerId, content.asOf), content };
}
