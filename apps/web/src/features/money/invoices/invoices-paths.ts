import type { Requirement } from '@sm/shared';

/** The billing addresses of spec platform 2.1, and the billing settings pages under /administration. */
export const INVOICE_PATHS = {
  billing: '/billing',
  creditMemos: '/creditMemos',
  invoiceNumber: '/administration/account-settings/invoiceNumber',
  taxStatusPerState: '/administration/locations/taxStatusPerState',
} as const;

// The shared BILLING_READ, written here as a plain value: the navbar reads this file, and the shared module it lives in
// carries the invoice schemas with it.
/** Reading invoices, credit memos and billing settings. */
export const BILLING_AREA_REQUIREMENT: Requirement = { kind: 'area', area: 'Billing', level: 'read' };
