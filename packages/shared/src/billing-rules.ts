import { hasRole, satisfies, type Access, type Requirement } from './access';
import { ROLE } from './roles';

/**
 * The rules of billing that the web app's frame needs without the schemas (and zod): who may do what, billable
 * material statuses, payment methods and invoice statuses. The request and answer schemas are in schemas/invoices.ts.
 */

/** Who may do what with invoices (spec platform 6.2, 6.3). */
export const BILLING_READ: Requirement = { kind: 'area', area: 'Billing', level: 'read' };
export const BILLING_WRITE: Requirement = { kind: 'area', area: 'Billing', level: 'write' };
export const MANAGE_INVOICE_NUMBERS: Requirement = { kind: 'area', area: 'Billing', level: 'write', functionality: 'Manage Invoice Numbers' };
export const APPLY_CREDITS: Requirement = { kind: 'area', area: 'Billing', level: 'write', functionality: 'Apply Credits' };

/** The Tax Exempt dialog (spec platform 6.2): open to Super Admin and to whoever may write customers. */
export const TAX_EXEMPT_DIALOG: Requirement = { kind: 'area', area: 'Customers', level: 'write' };

/** Exempt certificate files are added (renamed, deleted) only by a Super Admin or a Payroll Manager (spec platform 6.2). */
export const canAddExemptFiles = (access: Access | null) => !!access && hasRole(access, ROLE['Payroll Manager']);

/** The certificate files are seen by whoever opens the dialog or may add them. */
export const canSeeExemptFiles = (access: Access | null) => satisfies(access, TAX_EXEMPT_DIALOG) || canAddExemptFiles(access);

/** Material statuses billed to the customer (spec platform 4.10): sold from inventory and incurred. */
export const BILLABLE_MATERIAL_STATUS_IDS: readonly number[] = [2, 6];

/**
 * The payment methods every company takes, whatever its Payment Methods list holds (a new company's list starts with
 * them); a company's list adds its own. A card payment carries the company's convenience fee.
 */
export const PAYMENT_METHODS = ['Cash', 'Check', 'Credit Card', 'ACH'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CARD_PAYMENT_METHOD: PaymentMethod = 'Credit Card';
/** The longest name of a payment method a payment keeps. */
export const PAYMENT_METHOD_MAX = 100;

export const INVOICE_STATUSES = ['Submitted', 'Paid'] as const;
