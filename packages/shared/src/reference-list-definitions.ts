import type { Requirement } from './access';
import type { PermissionArea } from './roles';

/**
 * The administration menu's short lists (spec platform 2.1 administration), each described once: what it is called,
 * where its page lives, which permission area guards it, its columns with their rules, and whether a row can be
 * retired instead of deleted. The server builds its routes and the web its pages from these descriptions.
 */
export const REFERENCE_LIST_KEYS = [
  'workOrderClasses',
  'jobTitles',
  'regions',
  'districts',
  'baseCities',
  'customerFlags',
  'workOrderFlags',
  'standardItems',
  'workOrderStatuses',
  'materialStatuses',
  'userStatuses',
  'markupGroups',
  'discountReasons',
  'sopTypes',
  'sopStatuses',
  'payRaiseTypes',
] as const;
export type ReferenceListKey = (typeof REFERENCE_LIST_KEYS)[number];

/**
 * How a column is typed and edited: one-line text, a longer text, an amount of money, a percentage (0 to 1000, two
 * decimals), one of a fixed set of choices, or a row of another list.
 */
export type ReferenceColumnType = 'text' | 'longText' | 'money' | 'percent' | 'choice' | 'reference';

export interface ReferenceColumn {
  /** The JSON field of rows and bodies. */
  field: string;
  label: string;
  type: ReferenceColumnType;
  isRequired: boolean;
  /** Longest text accepted. */
  maxLength?: number;
  /** For a 'reference' column: the list its value is picked from. */
  list?: ReferenceListKey;
  /** For a 'choice' column: the values it takes, each with its label. */
  choices?: readonly { value: string; label: string }[];
}

export interface ReferenceListDefinition {
  key: ReferenceListKey;
  /** Page title and menu label. */
  title: string;
  /** One row, in lower case, as sentences name it: "work order class". */
  singular: string;
  /** What the list is for, on the administration index. */
  description: string;
  /** The page's address (spec platform 2.1). */
  path: string;
  area: PermissionArea;
  /** Global lists whose ids are fixed by the specification and shared by every company: read, never edited. */
  isReadOnly: boolean;
  /** Rows carry isActive: a retired row stays for the records that use it but is no longer offered. */
  canRetire: boolean;
  /** Every column but the id; `name` first. */
  columns: readonly ReferenceColumn[];
  /** A body the add route documents. */
  example: Record<string, unknown>;
}

/** What a discount reason is for: labor lines, item lines (materials, standard items) or freight. */
export const DISCOUNT_REASON_KINDS = [
  { value: 'labor', label: 'Labor' },
  { value: 'item', label: 'Items' },
  { value: 'freight', label: 'Freight' },
] as const;

const NAME = (max = 100): ReferenceColumn => ({ field: 'name', label: 'Name', type: 'text', isRequired: true, maxLength: max });

const definitions: readonly ReferenceListDefinition[] = [
  {
    key: 'workOrderClasses',
    title: 'Work Order Classes',
    singular: 'work order class',
    description: 'The kinds of work a work order can be: service, maintenance, installation...',
    path: '/administration/account-settings/workOrderClasses',
    area: 'Work Order Classes',
    isReadOnly: false,
    canRetire: true,
    columns: [NAME()],
    example: { name: 'Emergency Service', isActive: true },
  },
  {
    key: 'jobTitles',
    title: 'Job Titles',
    singular: 'job title',
    description: 'The positions people hold in the company.',
    path: '/administration/jobTitle',
    area: 'Job Title',
    isReadOnly: false,
    canRetire: true,
    columns: [NAME()],
    example: { name: 'Senior Technician', isActive: true },
  },
  {
    key: 'regions',
    title: 'Regions',
    singular: 'region',
    description: 'The regions the company divides its territory into.',
    path: '/administration/account-settings/regions',
    area: 'Regions',
    isReadOnly: false,
    canRetire: true,
    columns: [NAME()],
    example: { name: 'West', isActive: true },
  },
  {
    key: 'districts',
    title: 'Districts',
    singular: 'district',
    description: 'The districts inside each region.',
    path: '/administration/account-settings/districts',
    area: 'Regions',
    isReadOnly: false,
    canRetire: true,
    columns: [NAME(), { field: 'regionId', label: 'Region', type: 'reference', isRequired: true, list: 'regions' }],
    example: { name: 'Arlington', regionId: 1, isActive: true },
  },
  {
    key: 'baseCities',
    title: 'Base Cities',
    singular: 'base city',
    description: 'The cities technicians start their day from.',
    path: '/administration/account-settings/baseCities',
    area: 'Base Cities',
    isReadOnly: false,
    canRetire: true,
    columns: [NAME()],
    example: { name: 'Fort Worth', isActive: true },
  },
  {
    key: 'customerFlags',
    title: 'Customer Flags',
    singular: 'customer flag',
    description: 'Marks the office puts on customers, like Key Account or Slow Payer.',
    path: '/administration/flags/customers',
    area: 'Flags',
    isReadOnly: false,
    canRetire: false,
    columns: [NAME()],
    example: { name: 'Cash On Delivery' },
  },
  {
    key: 'workOrderFlags',
    title: 'Work Order Flags',
    singular: 'work order flag',
    description: 'Flags a technician raises on a work order at the clock.',
    path: '/administration/flags/workOrders',
    area: 'Flags',
    isReadOnly: false,
    canRetire: false,
    columns: [NAME()],
    example: { name: 'Needs Second Visit' },
  },
  {
    key: 'standardItems',
    title: 'Standard Items',
    singular: 'standard item',
    description: 'Fixed-price items added to work orders: trip charges, fees, tolls.',
    path: '/administration/standardItems',
    area: 'Standard Items',
    isReadOnly: false,
    canRetire: true,
    columns: [
      NAME(),
      { field: 'description', label: 'Description', type: 'longText', isRequired: false, maxLength: 500 },
      { field: 'price', label: 'Price', type: 'money', isRequired: true },
    ],
    example: { name: 'After Hours Fee', description: 'Visits after 6 pm and on weekends', price: 125, isActive: true },
  },
  {
    key: 'workOrderStatuses',
    title: 'Work Order Statuses',
    singular: 'work order status',
    description: 'The statuses a work order moves through (fixed ids, shared by every company).',
    path: '/administration/status/workOrder',
    area: 'Statuses',
    isReadOnly: true,
    canRetire: false,
    columns: [NAME()],
    example: {},
  },
  {
    key: 'materialStatuses',
    title: 'Material Statuses',
    singular: 'material status',
    description: 'The statuses of materials on work orders (fixed ids, shared by every company).',
    path: '/administration/status/material',
    area: 'Statuses',
    isReadOnly: true,
    canRetire: false,
    columns: [NAME()],
    example: {},
  },
  {
    key: 'userStatuses',
    title: 'User Statuses',
    singular: 'user status',
    description: 'The work statuses a user reports: on duty, lunch, off duty... (fixed ids, shared by every company).',
    path: '/administration/status/user',
    area: 'Statuses',
    isReadOnly: true,
    canRetire: false,
    columns: [NAME()],
    example: {},
  },
  {
    key: 'markupGroups',
    title: 'Customer Markup Groups',
    singular: 'markup group',
    description: 'Named markups a quote or estimate line takes its percentage from: parts, equipment, subcontract...',
    path: '/administration/customerMarkupGroups',
    area: 'Customer Markup Groups',
    isReadOnly: false,
    canRetire: true,
    columns: [NAME(), { field: 'markupPercent', label: 'Markup', type: 'percent', isRequired: true }],
    example: { name: 'Parts', markupPercent: 60, isActive: true },
  },
  {
    key: 'discountReasons',
    title: 'Discount Reasons',
    singular: 'discount reason',
    description: 'The reasons a discounted labor, item or freight line must give.',
    path: '/administration/discountReasons',
    area: 'Discount Reasons',
    isReadOnly: false,
    canRetire: true,
    columns: [NAME(), { field: 'appliesTo', label: 'Applies To', type: 'choice', isRequired: true, choices: DISCOUNT_REASON_KINDS }],
    example: { name: 'Loyal customer', appliesTo: 'labor', isActive: true },
  },
  {
    key: 'sopTypes',
    title: 'SOP Types',
    singular: 'SOP type',
    description: 'Kinds of standard operating procedures: safety, customer service, vehicles...',
    path: '/administration/sop/sopTypes',
    area: 'Users',
    isReadOnly: false,
    canRetire: true,
    columns: [NAME()],
    example: { name: 'Safety', isActive: true },
  },
  {
    key: 'sopStatuses',
    title: 'SOP Statuses',
    singular: 'SOP status',
    description: 'The statuses of an SOP, each with its colour (fixed ids, shared by every company).',
    path: '/administration/sop/sopStatus',
    area: 'Users',
    isReadOnly: true,
    canRetire: false,
    columns: [NAME()],
    example: {},
  },
  {
    key: 'payRaiseTypes',
    title: 'Pay Raise Types',
    singular: 'pay raise type',
    description: 'The kinds of raise a manager asks for: merit, promotion, cost of living...',
    path: '/administration/account-settings/pay-raise-types',
    area: 'Pay Raise Types',
    isReadOnly: false,
    canRetire: true,
    columns: [NAME()],
    example: { name: 'Merit', isActive: true },
  },
];

/** Every reference list, in menu order. */
export const REFERENCE_LISTS: readonly ReferenceListDefinition[] = definitions;

/** The description of one list. */
export function referenceListOf(key: ReferenceListKey): ReferenceListDefinition {
  const found = definitions.find((d) => d.key === key);
  if (!found) throw new Error(`No reference list ${key}`);
  return found;
}

/** What reading a list, and changing it, requires. */
export function referenceListAccess(def: ReferenceListDefinition, level: 'read' | 'write'): Requirement {
  return { kind: 'area', area: def.area, level };
}

/** "Work order class": the singular with a capital, for sentences that start with it. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "a work order class" / "an ...". */
export const withArticle = (text: string) => `${/^[aeiou]/i.test(text) ? 'an' : 'a'} ${text}`;
