import type { Requirement } from './access';

/**
 * Pages the server's e-mails and answers link to, and the web app's routes for them. Kept apart from the request
 * schemas: the web app's first download holds its routes, and importing a schema module for its path would bring
 * its validators along.
 */
export const PM_CONTRACTS_PATH = '/preventative-maintenance';
export const PM_CONTRACT_PATH = '/preventative-maintenance/view-pm-contract';
export const PM_CONTRACT_APPROVAL_PATH = '/preventiveMaintenanceApproval';
/** Vendor credits (spec platform 2.1 /vendorCredits), kept under Purchase Orders. */
export const VENDOR_CREDITS_PATH = '/vendorCredits';
export const RATE_SHEET_PATH = '/administration/account-settings/rateSheet';
export const RATE_SHEET_APPROVAL_PATH = '/customerRateSheetApproval';
export const INVITATION_PATH = '/users/acceptInvitation';
export const PASSWORD_RESET_PATH = '/users/resetPassword';
export const SIGNUP_CONFIRM_PATH = '/register/confirm';

/** The import history page: Billing with "View QB Import List Detail" (spec platform 2.1 /administration/qbImportList). */
export const IMPORT_HISTORY_ACCESS: Requirement = { kind: 'area', area: 'Billing', level: 'read', functionality: 'View QB Import List Detail' };

/** The office's inventory page and the technician's truck (spec platform 2.1 /inventory). */
export const INVENTORY_PATH = '/inventory';
export const MY_TRUCK_PATH = '/inventory/my-truck';
/** Purchase orders (spec platform 2.1 /purchaseOrders): the grid, the new-order form, one order and its edit form. */
export const PURCHASE_ORDERS_PATH = '/purchaseOrders';
export const PURCHASE_ORDER_NEW_PATH = '/purchaseOrders/new';
export const PURCHASE_ORDER_PATH = '/purchaseOrders/:purchaseOrderId';
export const PURCHASE_ORDER_EDIT_PATH = '/purchaseOrders/:purchaseOrderId/edit';
