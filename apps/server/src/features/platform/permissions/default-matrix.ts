import { PERMISSION_AREA_NAMES, PERMISSION_AREAS, ROLE, type Functionality, type PermissionArea, type RoleName } from '@sm/shared';

type Grant = [PermissionArea, 'r' | 'rw', Functionality[]?];

const ALL_AREAS_RW: Grant[] = PERMISSION_AREA_NAMES.map((a) => [a, 'rw', [...PERMISSION_AREAS[a]] as Functionality[]]);
const technician: Grant[] = [
  ['Work Orders', 'rw', ['My WorkOrders', 'Create Work Order']],
  ['Timesheet', 'r'],
  ['Fleet', 'r', ['My Auto']],
  ['Customers', 'r'],
  ['Materials', 'rw'],
  ['Inventory', 'r'],
  ['Standard Items', 'r'],
  ['Scheduler', 'r'],
];
const sales: Grant[] = [
  ['Sales Scheduler', 'rw'],
  ['Customers', 'rw'],
  ['Contacts', 'rw'],
  ['Tags', 'rw'],
  ['Quotes', 'rw', ['Create Quote', 'Sales Quotes']],
  ['Reports', 'r', ['Sales Reports']],
  ['Work Orders', 'r', ['Sales WorkOrders']],
  ['Timesheet', 'r', ['Sales Timesheet']],
];
const salesManager: Grant[] = [...sales.filter(([a]) => a !== 'Reports'), ['Reports', 'r', ['Sales Reports', 'All Sales Reports']]];
const projects: Grant[] = [
  ['PM Lists', 'rw'],
  ['Work Orders', 'rw', ['All WorkOrders', 'Create Work Order', 'Change Status']],
  ['Scheduler', 'r'],
  ['Quotes', 'r', ['All Quotes']],
  ['Customers', 'r', ['All Customers']],
];

/**
 * The permission matrix a new company starts with. Super Admin needs no rows: it passes every check.
 * Filtration Installer is a role of its own with installer rights (not mapped to Super Admin).
 */
export const DEFAULT_MATRIX: Partial<Record<RoleName, Grant[]>> = {
  Administrator: ALL_AREAS_RW,
  Accounting: [
    ['Billing', 'rw', ['Manage Invoice Numbers', 'Apply Credits', 'Change QB Import Status', 'View QB Import List Detail']],
    ['Billing Methods', 'rw'],
    ['Payment Methods', 'rw'],
    ['Chart Of Accounts', 'rw'],
    ['Customers', 'r', ['All Customers', 'Access Customer Credit Limit & OnHold']],
    ['Collection', 'rw'],
    ['Reports', 'r', ['All Reports']],
    ['Purchase Orders', 'rw', ['Manage PO Numbers']],
    ['Inventory', 'r', ['Can See Total Part Cost']],
    ['Vendor', 'rw'],
  ],
  'Regional VP Of Projects': [...projects, ['Reports', 'r', ['All Reports']], ['Dashboard', 'r']],
  'Regional VP Of Service': [
    ['Team Leader', 'r'],
    ['Work Orders', 'r', ['All WorkOrders', 'WorkOrder History', 'Status History']],
    ['Reports', 'r', ['All Reports']],
    ['Dashboard', 'r'],
    ['DSM Dashboard', 'r'],
  ],
  'Team Leader': [
    ['Team Leader', 'rw'],
    ['Work Orders', 'rw', ['All WorkOrders', 'Create Work Order', 'Change Status', 'WorkOrder History', 'Status History']],
    ['Scheduler', 'rw', ['Can Access Schedule Grid']],
    ['Customers', 'r', ['All Customers']],
    ['Timesheet', 'r', ['Main Timesheet']],
    ['Users', 'r'],
    ['Fleet', 'r', ['All Fleet Records']],
    ['Flags', 'rw'],
    ['Dashboard', 'r'],
  ],
  Technician: technician,
  Plumber: technician,
  'Master Plumber': technician,
  'Responsible Master Plumber': technician,
  'Sales Person': sales,
  'Sales Manager': salesManager,
  'Business Development Manager': salesManager,
  'Territory Sales': sales,
  'Area Sales Manager': salesManager,
  'Regional Manager': [...salesManager, ['Team Leader', 'r']],
  'Payroll Manager': [
    ['Timesheet', 'rw', ['Main Timesheet', 'Lock Timesheet', 'Can Access Payroll', 'Can Save Without Payroll Info']],
    ['Users', 'r', ['All Users']],
    ['Pay Raise Types', 'rw'],
    ['Bonus Types', 'rw'],
    ['PTO', 'rw'],
    ['Loan', 'rw'],
    ['Reimbursement', 'rw'],
    ['Car Allowance', 'rw'],
    ['Reports', 'r'],
    ['Billing', 'r'],
  ],
  Customer: [['Users', 'r', ['Customer Profile']]],
  'Project Specialist': [['Quotes', 'rw', ['Create Quote', 'Can Access Quotes Grid']], ['Work Orders', 'rw', ['All WorkOrders']], ['Customers', 'r']],
  'Data Specialist': [
    ['Work Orders', 'rw', ['All WorkOrders', 'Change Status', 'Status History']],
    ['Customers', 'rw', ['All Customers']],
    ['Equipment Category', 'rw'],
    ['Make', 'rw'],
  ],
  Dispatcher: [
    ['Scheduler', 'rw', ['Can Access Schedule Grid']],
    ['Work Orders', 'rw', ['All WorkOrders', 'Create Work Order', 'Change Status', 'Status History']],
    ['Customers', 'rw', ['All Customers']],
    ['Contacts', 'rw'],
    ['Materials', 'rw'],
    ['Inventory', 'rw', ['Inventory Management', 'Inventory Add']],
    ['Purchase Orders', 'rw'],
    ['Vendor', 'r'],
    ['Warehouse', 'r'],
    ['Standard Items', 'r'],
    ['Users', 'r'],
    ['Dashboard', 'r'],
    ['Quotes', 'rw', ['All Quotes', 'Create Quote', 'Can Access Quotes Grid']],
    ['Billing', 'r'],
    ['Collection', 'r'],
  ],
  'PM Director': projects,
  'Project Manager': projects,
  'PM Manager': projects,
  'Service Manager': [
    ['Team Leader', 'r'],
    ['Work Orders', 'rw', ['All WorkOrders', 'Change Status', 'Status History', 'WorkOrder History']],
    ['Scheduler', 'rw', ['Can Access Schedule Grid']],
    ['Customers', 'r', ['All Customers']],
  ],
  'Filtration Installer': [
    ['Work Orders', 'rw', ['Installer WorkOrders', 'My WorkOrders']],
    ['Water Filter Settings', 'r'],
    ['Materials', 'rw'],
    ['Timesheet', 'r'],
  ],
};

/** Rows of role_permissions for one company, from the default matrix. */
export function defaultMatrixRows(subscriberId: number) {
  return Object.entries(DEFAULT_MATRIX).flatMap(([role, grants]) =>
    (grants ?? []).map(([area, level, functionalities]) => ({
      subscriberId,
      roleId: ROLE[role as RoleName],
      area,
      canRead: true,
      canWrite: level === 'rw',
      functionalities: functionalities ?? [],
    })),
  );
}
