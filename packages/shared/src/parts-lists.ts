import { simpleList, type ReferenceColumn, type ReferenceListDefinition } from './reference-list-types';

/**
 * The lists parts stand on (spec platform 2.1 administration warehouses, vendors, shipToAddress; account-settings
 * wareHouseTypes, truckStockTypes): where stock is kept (a warehouse, or a technician's truck), who it is bought from,
 * and where it is shipped. The stock ledger, purchase orders and vendor credits name these rows by id. Part of the
 * reference lists (reference-list-definitions.ts), described the same way.
 */
const SETTINGS = '/administration/account-settings';

/** The kinds of warehouse and of truck stock every company starts with. */
export const STARTING_WAREHOUSE_TYPES = ['Main Warehouse', 'Satellite Warehouse'] as const;
export const STARTING_TRUCK_STOCK_TYPES = ['Standard Van Stock', 'Refrigeration Van Stock'] as const;

const text = (field: string, label: string, maxLength: number, more: Partial<ReferenceColumn> = {}): ReferenceColumn => ({ field, label, type: 'text', isRequired: false, maxLength, ...more });

/** Street, city, two-letter state and zip, each optional. */
const ADDRESS: readonly ReferenceColumn[] = [
  text('street', 'Street', 200),
  text('city', 'City', 100),
  text('state', 'State', 2),
  text('zip', 'Zip', 10, { isFormOnly: true }),
];

export const PARTS_LISTS: readonly ReferenceListDefinition[] = [
  simpleList('wareHouseTypes', 'Warehouse Types', 'warehouse type', 'The kinds of place stock is kept in: the main warehouse, a satellite warehouse...', `${SETTINGS}/wareHouseTypes`, 'Warehouse', 'Parts Cage'),
  simpleList(
    'truckStockTypes',
    'Truck Stock Types',
    'truck stock type',
    'The kinds of stock a technician\'s truck carries: standard van stock, refrigeration van stock...',
    `${SETTINGS}/truckStockTypes`,
    'Truck Stock Types',
    'Plumbing Van Stock',
  ),
  simpleList(
    'warehouses',
    'Warehouses',
    'warehouse',
    'The places the company keeps stock: its warehouses and each technician\'s truck (a technician has one truck).',
    '/administration/warehouses',
    'Warehouse',
    'Truck 12',
    [
      { field: 'typeId', label: 'Warehouse Type', type: 'reference', isRequired: true, list: 'wareHouseTypes' },
      // The table shows where a warehouse is by its city, and a truck by its technician.
      ...ADDRESS.map((c) => (c.field === 'city' ? c : { ...c, isFormOnly: true })),
      { field: 'isTruck', label: 'Technician\'s Truck', type: 'flag', isRequired: false, isFormOnly: true },
      { field: 'technicianId', label: 'Technician', type: 'user', isRequired: false, requiredWhen: 'isTruck', unique: { noun: 'truck' } },
      { field: 'truckStockTypeId', label: 'Truck Stock Type', type: 'reference', isRequired: false, list: 'truckStockTypes', requiredWhen: 'isTruck' },
    ],
    { typeId: 1, street: '4100 Industrial Blvd', city: 'Dallas', state: 'TX', zip: '75207', isTruck: true, technicianId: 7, truckStockTypeId: 2 },
  ),
  simpleList(
    'vendors',
    'Vendors',
    'vendor',
    'The suppliers the company buys parts from, with their terms and the person to call.',
    '/administration/vendors',
    'Vendor',
    'Gulf Coast Refrigeration Supply',
    [
      text('accountNumber', 'Account Number', 50),
      { field: 'termsId', label: 'Terms', type: 'reference', isRequired: false, list: 'terms', isFormOnly: true },
      { field: 'phone', label: 'Phone', type: 'phone', isRequired: false },
      { field: 'email', label: 'Email', type: 'email', isRequired: false },
      ...ADDRESS.map((c) => ({ ...c, isFormOnly: true })),
      text('contactName', 'Contact', 100),
      { field: 'contactPhone', label: 'Contact Phone', type: 'phone', isRequired: false, isFormOnly: true },
      { field: 'contactEmail', label: 'Contact Email', type: 'email', isRequired: false, isFormOnly: true },
      { field: 'notes', label: 'Notes', type: 'longText', isRequired: false, maxLength: 2000, isFormOnly: true },
    ],
    {
      accountNumber: 'PR-20417', termsId: 1, phone: '214-555-0142', email: 'orders@example.com', street: '1200 Commerce St', city: 'Dallas', state: 'TX', zip: '75202',
      contactName: 'Dana Ortiz', contactPhone: '214-555-0143', contactEmail: 'dana@example.com', notes: 'Will-call counter opens at 7 am.',
    },
  ),
  {
    ...simpleList(
      'shipToAddresses',
      'Ship-To Addresses',
      'ship-to address',
      'Where the company\'s purchase orders ask vendors to ship; the default one is offered first.',
      '/administration/shipToAddress',
      'Ship To Address',
      'Main Shop',
      [...ADDRESS, { field: 'phone', label: 'Phone', type: 'phone', isRequired: false }, { field: 'isDefault', label: 'Default', type: 'flag', isRequired: false, isOnlyOne: true }],
      { street: '4100 Industrial Blvd', city: 'Dallas', state: 'TX', zip: '75207', phone: '214-555-0100', isDefault: true },
    ),
    // An address is either in use or not: purchase orders keep the address they were sent with.
    canRetire: false,
    example: { name: 'Main Shop', street: '4100 Industrial Blvd', city: 'Dallas', state: 'TX', zip: '75207', phone: '214-555-0100', isDefault: true },
  },
];
