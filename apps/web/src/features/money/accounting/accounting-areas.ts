import { IconBuildingBank, IconCloudDownload, IconCategory2, IconHierarchy2, IconListDetails, IconPlugConnected, IconReceipt2, IconTransfer } from '@tabler/icons-react';
import { ADDITIONAL_LINE_ITEMS_READ, CHART_OF_ACCOUNTS_READ, DEPARTMENTS_READ, INTACCT_BILLING_READ, INTACCT_PATHS, ITEM_GL_GROUP_READ, QUICKBOOKS_PATHS } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

const chartPage = lazyArea(() => import('./chart-page'));
const mappingListPage = lazyArea(() => import('./mapping-list-page'));

/**
 * The accounting pages the administration index links to (spec platform 2.1, administration intacct/*): the Sage
 * Intacct connection, the chart of accounts and departments kept from it, item GL groups, additional line items, the
 * account of each kind of line, and the sync log. Each asks the permission its API asks.
 */
export const INTACCT_SETTINGS = [
  {
    path: INTACCT_PATHS.settings,
    domain: 'money',
    label: 'Intacct Settings',
    description: "Connect your company's Sage Intacct, and test the connection.",
    icon: IconPlugConnected,
    requirement: INTACCT_BILLING_READ,
    component: lazyArea(() => import('./intacct-settings-page')),
    isLinkTargetOnly: true,
  },
  {
    path: INTACCT_PATHS.chartOfAccount,
    domain: 'money',
    label: 'Chart of Accounts',
    description: 'The GL accounts kept from Intacct; refresh them from Intacct.',
    icon: IconBuildingBank,
    requirement: CHART_OF_ACCOUNTS_READ,
    component: chartPage,
    isLinkTargetOnly: true,
  },
  {
    path: INTACCT_PATHS.departments,
    domain: 'money',
    label: 'Departments',
    description: 'The departments kept from Intacct; refresh them from Intacct.',
    icon: IconHierarchy2,
    requirement: DEPARTMENTS_READ,
    component: chartPage,
    isLinkTargetOnly: true,
  },
  {
    path: INTACCT_PATHS.itemGLGroup,
    domain: 'money',
    label: 'Item GL Groups',
    description: 'Groups of items and the income account each posts to.',
    icon: IconCategory2,
    requirement: ITEM_GL_GROUP_READ,
    component: mappingListPage,
    isLinkTargetOnly: true,
  },
  {
    path: INTACCT_PATHS.additionalLineItem,
    domain: 'money',
    label: 'Additional Line Items',
    description: 'Extra invoice lines with their GL account and department.',
    icon: IconReceipt2,
    requirement: ADDITIONAL_LINE_ITEMS_READ,
    component: mappingListPage,
    isLinkTargetOnly: true,
  },
  {
    path: INTACCT_PATHS.lineKindAccounts,
    domain: 'money',
    label: 'Line Accounts',
    description: 'The GL account each kind of invoice line posts to in Intacct.',
    icon: IconListDetails,
    requirement: INTACCT_BILLING_READ,
    component: lazyArea(() => import('./line-kinds-page')),
    isLinkTargetOnly: true,
  },
  {
    path: INTACCT_PATHS.syncLog,
    domain: 'money',
    label: 'Sync Log',
    description: 'What was posted to Intacct or QuickBooks, what waits, and what stopped and why; send a failed one again.',
    icon: IconTransfer,
    requirement: INTACCT_BILLING_READ,
    component: lazyArea(() => import('./sync-log-page')),
    isLinkTargetOnly: true,
  },
] satisfies AreaDefinition[];

/**
 * The QuickBooks Online pages (spec platform 2.1, administration `qbImportList`): its connection, and the import list
 * of its customers and items. Both are Billing's, as their API is.
 */
export const QUICKBOOKS_SETTINGS = [
  {
    path: QUICKBOOKS_PATHS.settings,
    domain: 'money',
    label: 'QuickBooks Settings',
    description: "Connect your company's QuickBooks Online, and test the connection.",
    icon: IconPlugConnected,
    requirement: INTACCT_BILLING_READ,
    component: lazyArea(() => import('./quickbooks-settings-page')),
    isLinkTargetOnly: true,
  },
  {
    path: QUICKBOOKS_PATHS.importList,
    domain: 'money',
    label: 'QuickBooks Import List',
    description: 'Customers and items read from QuickBooks: match, create or ignore each.',
    icon: IconCloudDownload,
    requirement: INTACCT_BILLING_READ,
    component: lazyArea(() => import('./qb-import-list-page')),
    isLinkTargetOnly: true,
  },
] satisfies AreaDefinition[];
