import type { Requirement } from './access';

/**
 * Who may read and set the company's purchase order numbering (spec platform 2.1 account-settings
 * purchaseOrdersNumber), for the web app's frame without the schemas (and zod); the schemas are in schemas/purchasing.ts.
 */
export const PURCHASE_ORDERS_READ: Requirement = { kind: 'area', area: 'Purchase Orders', level: 'read' };
export const MANAGE_PO_NUMBERS: Requirement = { kind: 'area', area: 'Purchase Orders', level: 'write', functionality: 'Manage PO Numbers' };
/** Who creates, changes, sends, receives and closes purchase orders. */
export const PURCHASE_ORDERS_WRITE: Requirement = { kind: 'area', area: 'Purchase Orders', level: 'write' };
