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
  'laborDiscountReasons',
  'itemDiscountReasons',
  'freightDiscountReasons',
  'sopTypes',
  'sopStatuses',
  'payRaiseTypes',
  'bonusSpiffTypes',
  'ptoTypes',
  'loanTypes',
  'reimbursementTypes',
  'frequencyTypes',
  'allowanceTypes',
  'perDiemTypes',
  'workOrderRelatedPerDiem',
  'quoteInclusionExclusion',
  'msaCostSheet',
  'socialMediaDiscount',
  'woFlagEvents',
  'locations',
  'paymentMethods',
  'billingMethods',
  'terms',
  'customerQuestions',
] as const;
export type ReferenceListKey = (typeof REFERENCE_LIST_KEYS)[number];

/**
 * How a column is typed and edited: one-line text, a longer text, an amount of money, a percentage (0 to 1000, two
 * decimals), a whole number (0 to `max`), one of a fixed set of choices, or a row of another list.
 */
export type ReferenceColumnType = 'text' | 'longText' | 'money' | 'percent' | 'wholeNumber' | 'choice' | 'reference';

export interface ReferenceColumn {
  /** The JSON field of rows and bodies. */
  field: string;
  label: string;
  type: ReferenceColumnType;
  isRequired: boolean;
  /** Longest text accepted. */
  maxLength?: number;
  /** For a 'wholeNumber' column: the largest value accepted. */
  max?: number;
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

const NAME = (max = 100, label = 'Name'): ReferenceColumn => ({ field: 'name', label, type: 'text', isRequired: true, maxLength: max });

/** Whether a quote line of text says what the price includes or what it leaves out. */
export const QUOTE_TEXT_KINDS = [
  { value: 'inclusion', label: 'Inclusion' },
  { value: 'exclusion', label: 'Exclusion' },
] as const;

/** How a customer question is answered. */
export const CUSTOMER_ANSWER_TYPES = [
  { value: 'yesNo', label: 'Yes or no' },
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
] as const;

/** A list of names only, retired rather than deleted once used. */
const simpleList = (
  key: ReferenceListKey,
  title: string,
  singular: string,
  description: string,
  path: string,
  area: PermissionArea,
  example: string,
  more: readonly ReferenceColumn[] = [],
  moreExample: Record<string, unknown> = {},
): ReferenceListDefinition => ({
  key,
  title,
  singular,
  description,
  path,
  area,
  isReadOnly: false,
  canRetire: true,
  columns: [NAME(), ...more],
  example: { name: example, ...moreExample, isActive: true },
});

/** One page per kind of discount reason, all over the one list of reasons (spec platform 2.1, discount-reasons). */
const discountReasonList = (key: ReferenceListKey, kind: 'labor' | 'item' | 'freight', title: string, example: string): ReferenceListDefinition => ({
  key,
  title,
  singular: `${kind} discount reason`,
  description: `The reasons a discounted ${kind === 'item' ? 'item (material or standard item)' : kind} line must give.`,
  path: `/administration/discount-reasons/${kind}`,
  area: 'Discount Reasons',
  isReadOnly: false,
  canRetire: true,
  columns: [NAME()],
  example: { name: example, isActive: true },
});

const SETTINGS = '/administration/account-settings';

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
  discountReasonList('laborDiscountReasons', 'labor', 'Labor Discount Reasons', 'Loyal customer'),
  discountReasonList('itemDiscountReasons', 'item', 'Item Discount Reasons', 'Damaged packaging'),
  discountReasonList('freightDiscountReasons', 'freight', 'Freight Discount Reasons', 'Shipped with another order'),
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
  simpleList('bonusSpiffTypes', 'Bonus & Spiff Types', 'bonus type', 'The kinds of bonus and spiff paid with payroll: referral, sales spiff, safety...', `${SETTINGS}/bonus-spiff-types`, 'Bonus Types', 'Referral Bonus'),
  simpleList('ptoTypes', 'PTO Types', 'PTO type', 'The kinds of paid time off: vacation, sick, holiday...', `${SETTINGS}/pto-types`, 'PTO', 'Vacation'),
  simpleList('loanTypes', 'Loan Types', 'loan type', 'The kinds of advance or loan the company makes to its people: tools, payroll advance...', `${SETTINGS}/loan-types`, 'Loan', 'Tool Loan'),
  simpleList('reimbursementTypes', 'Reimbursement Types', 'reimbursement type', 'What the company pays back to its people: mileage, parts bought in the field, meals...', `${SETTINGS}/reimbursement-types`, 'Reimbursement', 'Mileage'),
  simpleList('frequencyTypes', 'Frequency Types', 'frequency type', 'How often a bonus, allowance or loan repayment recurs: weekly, every pay period, monthly...', `${SETTINGS}/frequency-types`, 'Bonus Types', 'Every Pay Period'),
  simpleList(
    'allowanceTypes',
    'Allowance Types',
    'allowance type',
    'Allowances paid with payroll (car, phone, tools), each with its usual amount.',
    `${SETTINGS}/allowance-types`,
    'Car Allowance',
    'Phone Allowance',
    [{ field: 'amount', label: 'Amount', type: 'money', isRequired: false }],
    { amount: 50 },
  ),
  simpleList(
    'perDiemTypes',
    'Per Diem Types',
    'per diem type',
    'The per diems a technician picks when clocking out of a day away, with the daily amount paid.',
    `${SETTINGS}/perDiemTypes`,
    'Reimbursement',
    'Overnight',
    [{ field: 'amount', label: 'Amount', type: 'money', isRequired: false }],
    { amount: 75 },
  ),
  simpleList(
    'workOrderRelatedPerDiem',
    'Work Order Related Per Diem',
    'work order per diem',
    'Per diems paid for the work of a kind of work order (out-of-town jobs, remote sites), with their daily amount.',
    `${SETTINGS}/workOrderRelatedPerDiem`,
    'Reimbursement',
    'Remote Site',
    [{ field: 'amount', label: 'Amount', type: 'money', isRequired: true }],
    { amount: 40 },
  ),
  simpleList(
    'quoteInclusionExclusion',
    'Quote Inclusions & Exclusions',
    'quote inclusion or exclusion',
    'Standard sentences a quote lists as included in its price or left out of it.',
    `${SETTINGS}/quoteInclusionExclusion`,
    'Quotes',
    'Disposal of old equipment',
    [{ field: 'kind', label: 'Kind', type: 'choice', isRequired: true, choices: QUOTE_TEXT_KINDS }],
    { kind: 'inclusion' },
  ),
  simpleList(
    'msaCostSheet',
    'MSA Cost Sheet',
    'MSA cost',
    'The costs agreed in master service agreements, by name.',
    `${SETTINGS}/msaCostSheet`,
    'Billing',
    'Preventive Maintenance Visit',
    [{ field: 'cost', label: 'Cost', type: 'money', isRequired: true }],
    { cost: 185 },
  ),
  simpleList(
    'socialMediaDiscount',
    'Social Media Discounts',
    'social media discount',
    'Discounts offered to customers who found or follow the company on social media.',
    `${SETTINGS}/socialMediaDiscount`,
    'Discount Reasons',
    'Facebook Review',
    [{ field: 'discountPercent', label: 'Discount', type: 'percent', isRequired: true }],
    { discountPercent: 5 },
  ),
  simpleList('woFlagEvents', 'Work Order Flag Events', 'flag event', 'The events that raise a flag on a work order: callback, damage reported, customer complaint...', '/administration/flags/woFlagEvents', 'Flags', 'Customer Complaint'),
  simpleList(
    'locations',
    'Locations',
    'location',
    'The places stock is kept: the shop, a storage unit, each truck...',
    '/administration/locations/location',
    'Inventory',
    'Main Shop',
    [{ field: 'description', label: 'Description', type: 'longText', isRequired: false, maxLength: 500 }],
    { description: 'Shelves A to F' },
  ),
  simpleList('paymentMethods', 'Payment Methods', 'payment method', 'How customers pay: cash, check, credit card, ACH...', '/administration/paymentBilling/paymentMethods', 'Payment Methods', 'Money Order'),
  simpleList('billingMethods', 'Billing Methods', 'billing method', 'How invoices reach customers: e-mail, mail, customer portal...', '/administration/paymentBilling/billingMethods', 'Billing Methods', 'Customer Portal'),
  simpleList(
    'terms',
    'Terms',
    'payment term',
    'The payment terms given to customers, with the days they have to pay.',
    '/administration/termsRef',
    'Terms',
    'Net 45',
    [{ field: 'netDays', label: 'Net Days', type: 'wholeNumber', isRequired: true, max: 365 }],
    { netDays: 45 },
  ),
  {
    key: 'customerQuestions',
    title: 'Customer Questions',
    singular: 'customer question',
    description: 'Questions asked of a new customer, each with how it is answered.',
    path: '/administration/customerQuestions',
    area: 'Customer Questions',
    isReadOnly: false,
    canRetire: true,
    columns: [NAME(200, 'Question'), { field: 'answerType', label: 'Answer Type', type: 'choice', isRequired: true, choices: CUSTOMER_ANSWER_TYPES }],
    example: { name: 'How did you hear about us?', answerType: 'text', isActive: true },
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
