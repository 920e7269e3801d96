import { simpleList, type ReferenceColumn, type ReferenceListDefinition } from './reference-list-types';

/**
 * The lists parts stand on (spec platform 2.1 administration warehouses, vendors, shipToAddress; account-settings
 * wareHouseTypes, truckStockTypes): where stock is kept (a warehouse, or a technician's truck), who it is bought from,
 * and where it is shipped. The stock ledger, purchase orders and vendor credits name these rows by id. Part of the
 * reference lists (reference-list-definitions.ts), described the same way.
 */
const SETTINGS = '/administration/account-settings';

/** An optional column; text ones take at most `maxLength` characters. */
const optional = (field: string, label: string, type: ReferenceColumn['type'], more: Partial<ReferenceColumn> = {}): ReferenceColumn => ({ field, label, type, isRequired: false, ...more });
const text = (field: string, label: string, maxLength: number, more: Partial<ReferenceColumn> = {}) => optional(field, label, 'text', { maxLength, ...more });

/** Street, city, two-letter state and zip, each optional. */
const ADDRESS: readonly ReferenceColumn[] = [
  text('street', 'Street', 200),
  text('city', 'City', 100),
  text('state', 'State', 2),
  text('zip', 'Zip', 10, { isFormOnly: true }),
];

export const PARTS_LISTS: readonly ReferenceListDefinition[] = [
  simpleList('wareHouseTypes', 'Warehouse Types', 'warehouse type', 'Kinds of warehouse: main, satellite...', `${SETTINGS}/wareHouseTypes`, 'Warehouse', 'Parts Cage'),
  simpleList(
    'truckStockTypes',
    'Truck Stock Types',
    'truck stock type',
    'Kinds of stock a truck carries.',
    `${SETTINGS}/truckStockTypes`,
    'Truck Stock Types',
    'Plumbing Van Stock',
  ),
  simpleList(
    'warehouses',
    'Warehouses',
    'warehouse',
    'Warehouses and technicians\' trucks.',
    '/administration/warehouses',
    'Warehouse',
    'Truck 12',
    [
      { field: 'typeId', label: 'Warehouse Type', type: 'reference', isRequired: true, list: 'wareHouseTypes' },
      // The table shows where a warehouse is by its city, and a truck by its technician.
      ...ADDRESS.map((c) => (c.field === 'city' ? c : { ...c, isFormOnly: true })),
      optional('isTruck', 'Technician\'s Truck', 'flag', { isFormOnly: true }),
      optional('technicianId', 'Technician', 'user', { requiredWhen: 'isTruck', unique: { noun: 'truck' } }),
      optional('truckStockTypeId', 'Truck Stock Type', 'reference', { list: 'truckStockTypes', requiredWhen: 'isTruck' }),
    ],
    { typeId: 1, city: 'Dallas', state: 'TX', isTruck: true, technicianId: 7, truckStockTypeId: 2 },
  ),
  simpleList(
    'vendors',
    'Vendors',
    'vendor',
    'Suppliers of parts.',
    '/administration/vendors',
    'Vendor',
    'Gulf Coast Refrigeration Supply',
    [
      text('accountNumber', 'Account Number', 50),
      optional('termsId', 'Terms', 'reference', { list: 'terms', isFormOnly: true }),
      optional('phone', 'Phone', 'phone'),
      optional('email', 'Email', 'email'),
      ...ADDRESS.map((c) => ({ ...c, isFormOnly: true })),
      text('contactName', 'Contact', 100),
      optional('contactPhone', 'Contact Phone', 'phone', { isFormOnly: true }),
      optional('contactEmail', 'Contact Email', 'email', { isFormOnly: true }),
      optional('notes', 'Notes', 'longText', { maxLength: 2000, isFormOnly: true }),
    ],
    { accountNumber: 'GC-1001', termsId: 1, state: 'TX' },
  ),
  {
    ...simpleList(
      'shipToAddresses',
      'Ship-To Addresses',
      'ship-to address',
      'Where vendors ship purchase orders.',
      '/administration/shipToAddress',
      'Ship To Address',
      'Main Shop',
      [...ADDRESS, optional('phone', 'Phone', 'phone'), optional('isDefault', 'Default', 'flag', { isOnlyOne: true })],
    ),
    // An address is either in use or not: purchase orders keep the address they were sent with.
    canRetire: false,
    example: { name: 'Main Shop', city: 'Dallas', state: 'TX', isDefault: true },
  },
];
