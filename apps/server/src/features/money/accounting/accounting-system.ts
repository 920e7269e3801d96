import type { AccountingSystemName } from '@sm/shared';
import { AppError } from '../../../lib/errors';

/**
 * What the product asks of an accounting system, in its own shapes: post an invoice, a payment or a credit memo under
 * a document number that is the key in both systems, and read the chart of accounts and the departments. Amounts are
 * exact decimal strings. Each adapter (Sage Intacct, QuickBooks Online) implements it; nothing else knows its wire format.
 */

/** One line posted to one account. */
export interface AccountingLine {
  glAccountNo: string;
  departmentNo: string | null;
  /** Exact decimal, two places. */
  amount: string;
  memo: string;
}

export interface AccountingInvoice {
  /** Our invoice number: the document number in the accounting system, and the key that keeps it from posting twice. */
  documentNumber: string;
  customerId: string;
  /** YYYY-MM-DD. */
  date: string;
  dueDate: string;
  description: string;
  lines: AccountingLine[];
}

/** What part of a payment settles one record (an invoice, or a payment's convenience-fee invoice). */
export interface AccountingApplication {
  /** The accounting system's record of the invoice. */
  recordNo: string;
  amount: string;
}

export interface AccountingPayment {
  documentNumber: string;
  customerId: string;
  date: string;
  /** Everything received: the sum of the applications. */
  amount: string;
  /** The records the payment settles, each with its part, in order. */
  applications: AccountingApplication[];
  paymentMethod: string;
  /** The account the money waits in before it is deposited. */
  undepositedGlAccountNo: string;
}

export interface AccountingCreditMemo {
  documentNumber: string;
  customerId: string;
  date: string;
  description: string;
  lines: AccountingLine[];
}

/** A document the accounting system holds: its record number, and whether it was already there before this call. */
export interface Posted {
  recordNo: string;
  isAlreadyThere: boolean;
}

export interface ChartRow {
  number: string;
  title: string;
  isActive: boolean;
}

export interface AccountingSystem {
  /** The system's name in sentences ("Intacct already had document 1042"). */
  readonly name: AccountingSystemName;
  postInvoice(invoice: AccountingInvoice): Promise<Posted>;
  postPayment(payment: AccountingPayment): Promise<Posted>;
  postCreditMemo(memo: AccountingCreditMemo): Promise<Posted>;
  readGlAccounts(): Promise<ChartRow[]>;
  readDepartments(): Promise<ChartRow[]>;
}

/**
 * The accounting system refused or failed a call. `isRetryable` marks a passing failure (no answer, a server error, a
 * rate limit) worth another try later; otherwise the sentence says what to fix (a closed period, an unknown account,
 * refused credentials), in the system's own words where it gave any.
 */
export class AccountingError extends AppError {
  constructor(
    status: number,
    message: string,
    public readonly isRetryable: boolean,
    public readonly errorNo?: string,
  ) {
    super(status, message);
  }
}
