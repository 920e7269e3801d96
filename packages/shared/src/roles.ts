/**
 * Roles, permission areas and named special permissions of the specification (platform 6, clock 6).
 * Ids are stable: they are stored in the database and carried in the access token.
 */
export const ROLES = [
  { roleId: 1, roleName: 'Super Admin' },
  { roleId: 2, roleName: 'Administrator' },
  { roleId: 3, roleName: 'Accounting' },
  { roleId: 4, roleName: 'Regional VP Of Projects' },
  { roleId: 5, roleName: 'Regional VP Of Service' },
  { roleId: 6, roleName: 'Team Leader' },
  { roleId: 7, roleName: 'Technician' },
  { roleId: 8, roleName: 'Plumber' },
  { roleId: 9, roleName: 'Master Plumber' },
  { roleId: 10, roleName: 'Responsible Master Plumber' },
  { roleId: 11, roleName: 'Sales Person' },
  { roleId: 12, roleName: 'Sales Manager' },
  { roleId: 13, roleName: 'Business Development Manager' },
  { roleId: 14, roleName: 'Territory Sales' },
  { roleId: 15, roleName: 'Area Sales Manager' },
  { roleId: 16, roleName: 'Regional Manager' },
  { roleId: 17, roleName: 'Payroll Manager' },
  { roleId: 18, roleName: 'Customer' },
  { roleId: 19, roleName: 'Project Specialist' },
  { roleId: 20, roleName: 'Data Specialist' },
  { roleId: 21, roleName: 'Dispatcher' },
  { roleId: 22, roleName: 'PM Director' },
  { roleId: 23, roleName: 'Project Manager' },
  { roleId: 24, roleName: 'PM Manager' },
  { roleId: 25, roleName: 'Service Manager' },
  { roleId: 26, roleName: 'Filtration Installer' },
] as const;

export type RoleName = (typeof ROLES)[number]['roleName'];

/** Role ids by name, for code that asks "is this user a Technician?". */
export const ROLE = Object.fromEntries(ROLES.map((r) => [r.roleName, r.roleId])) as Record<RoleName, number>;

/**
 * Permission areas (modules). Each has canRead/canWrite and the named special permissions
 * (functionalities) that belong to it.
 */
export const PERMISSION_AREAS = {
  'Additional Line Items': [],
  Billing: ['Manage Invoice Numbers', 'Apply Credits', 'Change QB Import Status', 'View QB Import List Detail'],
  'Billing Methods': [],
  'Base Cities': [],
  'Chart Of Accounts': [],
  Contacts: ['Can Export Contacts'],
  'Customer Markup Groups': [],
  Customers: [
    'All Customers',
    'Change SalesPerson',
    'Change Social Media Enabled',
    'Change Commissionable',
    'Access Customer Credit Limit & OnHold',
    'Change Only Bill To',
  ],
  'Customer Questions': [],
  Templates: [],
  Dashboard: [],
  Departments: [],
  'Discount Reasons': [],
  Dropbox: [],
  'Email Settings': [],
  'Equipment Category': [],
  Fleet: ['All Fleet Records', 'My Auto'],
  'Item GL Group': [],
  Inventory: [
    'Inventory Management',
    'Inventory Add',
    'Inventory Import',
    'Inventory Export',
    'Add Inventory Without Location',
    'Change Part Class',
    'Can See Total Part Cost',
    'Can Add All Inventory',
  ],
  'Job Title': [],
  Make: [],
  Statuses: [],
  Materials: [],
  'Payment Methods': [],
  'PM Lists': [],
  'Purchase Orders': ['Manage PO Numbers', 'Change PO After Import'],
  Quotes: ['All Quotes', 'Create Quote', 'Can Access Quotes Grid', 'Sales Quotes'],
  Refrigerant: [],
  Regions: [],
  Collection: [],
  Reports: ['All Reports', 'All Sales Reports', 'Sales Reports'],
  'Sales Items': [],
  'Sales Scheduler': [],
  Scheduler: ['Can Access Schedule Grid'],
  Tags: [],
  'Service Channel': [],
  'Ship To Address': [],
  'Standard Items': [],
  'Team Leader': [],
  Terms: [],
  Timesheet: ['Main Timesheet', 'Lock Timesheet', 'Sales Timesheet', 'Can Access Payroll', 'Can Save Without Payroll Info'],
  'Truck Stock Types': [],
  Users: ['All Users', 'Customer Profile', 'Manage Customer User Access'],
  Vendor: [],
  Voltage: [],
  Warehouse: [],
  'Water Filter Settings': [],
  'Work Orders': [
    'All WorkOrders',
    'My WorkOrders',
    'Create Work Order',
    'Change Status',
    'Delete Labor Standard Items & Equipments',
    'Installer WorkOrders',
    'WorkOrder History',
    'Status History',
    'Sales WorkOrders',
    'Manage Status Filter',
  ],
  'Work Order Classes': [],
  'Bonus Types': [],
  PTO: [],
  Loan: [],
  Flags: [],
  Reimbursement: [],
  'Car Allowance': [],
  'Pay Raise Types': [],
  'DSM Dashboard': [],
  'Adjust Markup': [],
} as const satisfies Record<string, readonly string[]>;

export type PermissionArea = keyof typeof PERMISSION_AREAS;
export type Functionality = (typeof PERMISSION_AREAS)[PermissionArea][number];

export const PERMISSION_AREA_NAMES = Object.keys(PERMISSION_AREAS) as PermissionArea[];
