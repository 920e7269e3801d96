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

/** Receivables by customer, their aging and credit (spec platform 2.1 /collection). */
export const COLLECTION_PATH = '/collection';
/** The dunning e-mails of each aging bucket (administration collectionSettings/collectionTemplate). */
export const COLLECTION_TEMPLATES_PATH = '/administration/collectionSettings/collectionTemplate';
export const COLLECTION_TASKS_PATH = '/collection/tasks';

/** The office's inventory page and the technician's truck (spec platform 2.1 /inventory). */
export const INVENTORY_PATH = '/inventory';
export const MY_TRUCK_PATH = '/inventory/my-truck';
/** Purchase orders (spec platform 2.1 /purchaseOrders): the grid, the new-order form, one order and its edit form. */
export const PURCHASE_ORDERS_PATH = '/purchaseOrders';
export const PURCHASE_ORDER_NEW_PATH = '/purchaseOrders/new';
export const PURCHASE_ORDER_PATH = '/purchaseOrders/:purchaseOrderId';
export const PURCHASE_ORDER_EDIT_PATH = '/purchaseOrders/:purchaseOrderId/edit';

/**
 * The accounting pages (spec platform 2.1, administration intacct/*: chartOfAccount, departments, additionalLineItem,
 * itemGLGroup), with the connection, the account of each kind of line and the sync log beside them. The invoice links
 * to a sync log entry as `INTACCT_PATHS.syncLog?posting={postingId}`.
 */
export const INTACCT_PATHS = {
  settings: '/administration/intacct/settings',
  chartOfAccount: '/administration/intacct/chartOfAccount',
  departments: '/administration/intacct/departments',
  itemGLGroup: '/administration/intacct/itemGLGroup',
  additionalLineItem: '/administration/intacct/additionalLineItem',
  lineKindAccounts: '/administration/intacct/lineKindAccounts',
  syncLog: '/administration/intacct/syncLog',
} as const;

/** Who may open each page, as its API asks: the connection, the line mapping and the sync log are Billing's. */
export const INTACCT_BILLING_READ: Requirement = { kind: 'area', area: 'Billing', level: 'read' };
export const CHART_OF_ACCOUNTS_READ: Requirement = { kind: 'area', area: 'Chart Of Accounts', level: 'read' };
export const DEPARTMENTS_READ: Requirement = { kind: 'area', area: 'Departments', level: 'read' };
export const ITEM_GL_GROUP_READ: Requirement = { kind: 'area', area: 'Item GL Group', level: 'read' };
export const ADDITIONAL_LINE_ITEMS_READ: Requirement = { kind: 'area', area: 'Additional Line Items', level: 'read' };

/**
 * QuickBooks Online, the other accounting system: its connection, and its import list (spec platform 2.1
 * administration `qbImportList`, kept under QuickBooks: the address `/administration/qbImportList` itself is the
 * import history's).
 */
export const QUICKBOOKS_PATHS = {
  settings: '/administration/quickbooks/settings',
  importList: '/administration/quickbooks/qbImportList',
} as const;

/** Changing a row's import status: Billing writers with "Change QB Import Status", as the API asks. */
export const QB_IMPORT_STATUS_WRITE: Requirement = { kind: 'area', area: 'Billing', level: 'write', functionality: 'Change QB Import Status' };
/** A row's detail (what QuickBooks said of it): "View QB Import List Detail", as the API asks. */
export const QB_IMPORT_DETAIL_READ: Requirement = IMPORT_HISTORY_ACCESS;

/** The customer portal (spec platform 2.1 /customerPortal/{clientAuthenticationId}), opened from an e-mailed link without signing in. */
export const CUSTOMER_PORTAL_PATH = '/customerPortal';
/** Who sends and revokes portal links from the customer page: "Manage Customer User Access" (spec platform 6). */
export const CUSTOMER_PORTAL_LINKS_ACCESS: Requirement = { kind: 'area', area: 'Users', level: 'read', functionality: 'Manage Customer User Access' };
/** A portal link's contact asks for a sign-in of their own (spec platform 2.1), with the link in `?link=`. */
export const CUSTOMER_ACCESS_REQUEST_PATH = '/users/registerForCustomerAccess';
/** A signed-in customer user reads their own billing customer's portal: the Customer role's "Customer Profile". */
export const CUSTOMER_PROFILE_ACCESS: Requirement = { kind: 'area', area: 'Users', level: 'read', functionality: 'Customer Profile' };

/**
 * The office's role boards (spec platform 2.1 /management/dataSpecialist, in `LANDING_PATHS`, and quoteSpecialist) and
 * who may open them: the data specialist's needs Work Orders write with Change Status (the Data Specialist role's; fixing a work order's
 * data ends in moving its status on, which technicians, who write their own work orders, may not), the quote
 * specialist's Quotes read with Can Access Quotes Grid (the Project Specialist's and the Dispatcher's).
 */
export const QUOTE_SPECIALIST_BOARD_PATH = '/management/quoteSpecialist';
export const DATA_SPECIALIST_BOARD_ACCESS: Requirement = { kind: 'area', area: 'Work Orders', level: 'write', functionality: 'Change Status' };
export const QUOTE_SPECIALIST_BOARD_ACCESS: Requirement = { kind: 'area', area: 'Quotes', level: 'read', functionality: 'Can Access Quotes Grid' };
/** The DSM dashboard (spec platform 2.1 /management/dsmDashboard, in `LANDING_PATHS`): DSM Dashboard read, as 2.4 lands it. */
export const DSM_DASHBOARD_ACCESS: Requirement = { kind: 'area', area: 'DSM Dashboard', level: 'read' };

/** The company dashboard (administration dashboard): the Dashboard permission area. */
export const COMPANY_DASHBOARD_PATH = '/administration/dashboard';
export const COMPANY_DASHBOARD_ACCESS: Requirement = { kind: 'area', area: 'Dashboard', level: 'read' };

/** Fleet (spec platform 2.1): the technician's vehicle on his phone, and the office's list of vehicles. */
export const MY_AUTO_PATH = '/fleetManagement/myAuto';
export const FLEET_ADMIN_PATH = '/administration/fleetManagement';

/** Sales (spec platform 2.1 /sales/*, administration salesCommissionStructure) and who may open each page. */
export const SALES_PATHS = {
  workOrders: '/sales/work-order',
  quotes: '/sales/quotes',
  reports: '/sales/reports',
  tags: '/sales/tags',
  commissionStructure: '/administration/salesCommissionStructure',
} as const;
export const SALES_WORK_ORDERS_ACCESS: Requirement = { kind: 'area', area: 'Work Orders', level: 'read', functionality: 'Sales WorkOrders' };
export const SALES_QUOTES_ACCESS: Requirement = { kind: 'area', area: 'Quotes', level: 'read', functionality: 'Sales Quotes' };
export const SALES_REPORTS_ACCESS: Requirement = { kind: 'area', area: 'Reports', level: 'read', functionality: 'Sales Reports' };
export const SALES_TAGS_ACCESS: Requirement = { kind: 'area', area: 'Tags', level: 'read' };
export const COMMISSION_STRUCTURE_ACCESS: Requirement = { kind: 'area', area: 'Sales Items', level: 'read' };
/** An invoice's commissions: everyone's commissions are All Sales Reports' to read. */
export const INVOICE_COMMISSIONS_ACCESS: Requirement = { kind: 'area', area: 'Reports', level: 'read', functionality: 'All Sales Reports' };
/** Setting a billing customer's sales team, or who sold a work order: Change SalesPerson. */
export const SALES_TEAM_WRITE: Requirement = { kind: 'area', area: 'Customers', level: 'write', functionality: 'Change SalesPerson' };
/**
 * Projects and the work-order jobs board (spec platform 2.1 /management/projects, in `LANDING_PATHS`, and
 * workOrderJobs): the office's people who see every work order (Work Orders with All WorkOrders) read them, and those
 * who also write work orders change them: the project roles Project Manager and Regional VP Of Projects (the Project
 * Specialist, who reads work orders, reads them), not technicians, who see their own work orders only.
 */
export const PROJECTS_PATH = '/management/projects';
export const WORK_ORDER_JOBS_BOARD_PATH = '/management/workOrderJobs';
export const PROJECTS_READ_ACCESS: Requirement = { kind: 'area', area: 'Work Orders', level: 'read', functionality: 'All WorkOrders' };
export const PROJECTS_WRITE_ACCESS: Requirement = { kind: 'area', area: 'Work Orders', level: 'write', functionality: 'All WorkOrders' };
