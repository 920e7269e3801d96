import { IconFileDollar, IconNumber, IconPercentage, IconReceiptRefund } from '@tabler/icons-react';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { BILLING_AREA_REQUIREMENT, INVOICE_PATHS } from './invoices-paths';

/**
 * The billing pages (spec platform 2.1): the grid of submitted invoices and the credit memos, for users with the Billing
 * permission. Invoices themselves live on their work order's page.
 */
export const INVOICES_AREAS: AreaDefinition[] = [
  {
    path: INVOICE_PATHS.billing,
    domain: 'money',
    label: 'Billing',
    description: 'Submitted invoices with their totals and what is still due.',
    icon: IconFileDollar,
    requirement: BILLING_AREA_REQUIREMENT,
    component: lazyArea(() => import('./billing-page')),
  },
  {
    path: INVOICE_PATHS.creditMemos,
    domain: 'money',
    label: 'Credit Memos',
    description: 'Money owed to billing customers, applied to their invoices.',
    icon: IconReceiptRefund,
    requirement: BILLING_AREA_REQUIREMENT,
    component: lazyArea(() => import('./credit-memos-page')),
  },
];

/**
 * The billing settings the administration index links to: invoice numbers with the card fee, and tax per state. Billing
 * readers see them; changing the number needs "Manage Invoice Numbers", the rest Billing write.
 */
export const INVOICE_SETTINGS = [
  {
    path: INVOICE_PATHS.invoiceNumber,
    domain: 'money',
    label: 'Manage Invoice Numbers',
    description: 'The number the next invoice gets, and the convenience fee on card payments.',
    icon: IconNumber,
    requirement: BILLING_AREA_REQUIREMENT,
    component: lazyArea(() => import('./billing-settings-page')),
    isLinkTargetOnly: true,
  },
  {
    path: INVOICE_PATHS.taxStatusPerState,
    domain: 'money',
    label: 'Tax Status Per State',
    description: 'The sales tax rate of each state, and whether it taxes labor and services.',
    icon: IconPercentage,
    requirement: BILLING_AREA_REQUIREMENT,
    component: lazyArea(() => import('./tax-status-page')),
    isLinkTargetOnly: true,
  },
] satisfies AreaDefinition[];
