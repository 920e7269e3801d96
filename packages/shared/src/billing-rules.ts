import type { Requirement } from './access';

/**
 * The rules of billing that the web app's frame needs without the schemas (and zod): who may do what, billable
 * material statuses, payment methods and invoice statuses. The request and answer schemas are in schemas/invoices.ts.
 */

/** Who may do what with invoices (spec platform 6.2, 6.3). */
export const BILLING_READ: Requirement = { kind: 'area', area: 'Billing', level: 'read' };
export const BILLING_WRITE: Requirement = { kind: 'area', area: 'Billing', level: 'write' };
export const MANAGE_INVOICE_NUMBERS: Requirement = { kind: 'area', area: 'Billing', level: 'write', functionality: 'Manage Invoice Numbers' };
export const APPLY_CREDITS: Requirement = { kind: 'area', area: 'Billing', level: 'write', functionality: 'Apply Credits' };

/** Material statuses billed to the customer (spec platform 4.10): sold from inventory and incurred. */
export const BILLABLE_MATERIAL_STATUS_IDS: readonly number[] = [2, 6];

/** How a payment was made; a card payment carries the company's convenience fee. */
export const PAYMENT_METHODS = ['Cash', 'Check', 'Credit Card', 'ACH'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CARD_PAYMENT_METHOD: PaymentMethod = 'Credit Card';

export const INVOICE_STATUSES = ['Submitted', 'Paid'] as const;
