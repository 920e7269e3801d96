import type { Requirement } from './access';
import type { ReferenceListKey } from './reference-list-definitions';
import type { PermissionArea } from './roles';

/**
 * The administration's settings that are one form rather than a list (spec platform 2.1: account-settings
 * emailSettings, customerDefaultSetting, subscriberSettings), each described once: its page, its permission area and
 * its fields with their types and defaults. The server builds its GET and PUT routes from these descriptions and keeps
 * one set of values per company; the web builds the page.
 */
export const SETTINGS_FORM_KEYS = ['emailSettings', 'customerDefaultSetting', 'subscriberSettings', 'inventorySettings', 'corrigoSettings', 'creditHoldSettings'] as const;
export type SettingsFormKey = (typeof SETTINGS_FORM_KEYS)[number];

/**
 * How a field is typed and edited: one-line text, a longer text, an e-mail address, a phone number, a two-letter
 * state, a zip, one of a fixed set of choices, a row of a reference list, or a yes/no switch. A read-only field is shown,
 * never taken.
 */
export type SettingsFieldType = 'text' | 'longText' | 'email' | 'phone' | 'state' | 'zip' | 'choice' | 'reference' | 'boolean';

export interface SettingsField {
  /** The JSON field of the form's answer and body. */
  field: string;
  label: string;
  type: SettingsFieldType;
  isRequired: boolean;
  /** Shown on the form but set elsewhere (the company's time zone): the body never carries it. */
  isReadOnly?: boolean;
  /** Longest text accepted. */
  maxLength?: number;
  /** For a 'choice' field: the values it takes, each with its label. */
  choices?: readonly { value: string; label: string }[];
  /** For a 'reference' field: the list its value is picked from. */
  list?: ReferenceListKey;
  /** What a company that never saved the form reads. */
  defaultValue: string | number | boolean | null;
  /** A line under the field saying what it does. */
  help?: string;
}

export interface SettingsFormDefinition {
  key: SettingsFormKey;
  title: string;
  description: string;
  /** The page's address (spec platform 2.1). */
  path: string;
  /** The permission area that reads and saves it; none for the company's own details, which only a Super Admin sets. */
  area: PermissionArea | null;
  fields: readonly SettingsField[];
  /** A body the save route documents. */
  example: Record<string, unknown>;
}

export const TAX_STATUSES = [
  { value: 'taxable', label: 'Taxable' },
  { value: 'exempt', label: 'Tax exempt' },
] as const;

export const LEAK_RATE_METHOD_CHOICES = [
  { value: 'annualizing', label: 'Annualizing (EPA): added ÷ full charge × 365 ÷ days since the last addition' },
  { value: 'rollingAverage', label: 'Rolling average: additions of the last 365 days ÷ full charge' },
] as const;

/** How long past due a customer's oldest invoice may be before the daily rule puts it on credit hold. */
export const CREDIT_HOLD_PAST_DUE_CHOICES = [
  { value: '30', label: 'More than 30 days' },
  { value: '60', label: 'More than 60 days' },
  { value: '90', label: 'More than 90 days' },
  { value: '120', label: 'More than 120 days' },
] as const;

export const WEEK_STARTS = [
  { value: 'sunday', label: 'Sunday' },
  { value: 'monday', label: 'Monday' },
] as const;

const definitions: readonly SettingsFormDefinition[] = [
  {
    key: 'emailSettings',
    title: 'E-mail Settings',
    description: "How the company's e-mails go out: the sender's name, where replies go, the signature and a copy for the records.",
    path: '/administration/account-settings/emailSettings',
    area: 'Email Settings',
    fields: [
      { field: 'fromName', label: 'From Name', type: 'text', isRequired: false, maxLength: 100, defaultValue: null, help: "The sender's name customers see; the company's name when empty." },
      { field: 'replyTo', label: 'Reply-To', type: 'email', isRequired: false, defaultValue: null, help: 'Where customers’ replies go, like office@example.com.' },
      { field: 'signature', label: 'Signature', type: 'longText', isRequired: false, maxLength: 2000, defaultValue: null, help: 'Added under the text of every e-mail.' },
      { field: 'bccAddress', label: 'BCC Outgoing To', type: 'email', isRequired: false, defaultValue: null, help: 'Every e-mail sent is also copied, unseen, to this address.' },
    ],
    example: { fromName: 'Lone Star Cooling', replyTo: 'office@lonestarcooling.example', signature: 'Lone Star Cooling\n214-555-0100', bccAddress: 'records@lonestarcooling.example' },
  },
  {
    key: 'customerDefaultSetting',
    title: 'Customer Defaults',
    description: 'What a new customer starts with: payment terms, tax status, billing and payment methods.',
    path: '/administration/account-settings/customerDefaultSetting',
    area: 'Billing',
    fields: [
      { field: 'termsId', label: 'Terms', type: 'reference', list: 'terms', isRequired: false, defaultValue: null },
      { field: 'taxStatus', label: 'Tax Status', type: 'choice', choices: TAX_STATUSES, isRequired: true, defaultValue: 'taxable' },
      { field: 'billingMethodId', label: 'Billing Method', type: 'reference', list: 'billingMethods', isRequired: false, defaultValue: null },
      { field: 'paymentMethodId', label: 'Payment Method', type: 'reference', list: 'paymentMethods', isRequired: false, defaultValue: null },
    ],
    example: { termsId: 3, taxStatus: 'taxable', billingMethodId: 5, paymentMethodId: 7 },
  },
  {
    key: 'subscriberSettings',
    title: 'Company Settings',
    description: "The company's name, phone and address as documents show them, the day its week starts and how leak rates are computed.",
    path: '/administration/account-settings/subscriberSettings',
    area: null,
    fields: [
      { field: 'companyName', label: 'Company Name', type: 'text', isRequired: true, maxLength: 200, defaultValue: null },
      { field: 'phone', label: 'Phone', type: 'phone', isRequired: false, defaultValue: null },
      { field: 'street', label: 'Street', type: 'text', isRequired: false, maxLength: 200, defaultValue: null },
      { field: 'city', label: 'City', type: 'text', isRequired: false, maxLength: 100, defaultValue: null },
      { field: 'state', label: 'State', type: 'state', isRequired: false, defaultValue: null },
      { field: 'zip', label: 'Zip', type: 'zip', isRequired: false, defaultValue: null },
      { field: 'timeZone', label: 'Time Zone', type: 'text', isRequired: false, isReadOnly: true, defaultValue: null, help: 'Set when the company signed up; schedules and pay periods are laid out in it.' },
      { field: 'weekStart', label: 'Week Starts On', type: 'choice', choices: WEEK_STARTS, isRequired: true, defaultValue: 'sunday' },
      {
        field: 'leakRateMethod', label: 'Leak Rate Method', type: 'choice', choices: LEAK_RATE_METHOD_CHOICES, isRequired: false, defaultValue: 'annualizing',
        help: 'How the leak rate of each refrigerant addition is computed (40 CFR 82.152); both are allowed.',
      },
    ],
    example: { companyName: 'Lone Star Cooling', phone: '214-555-0100', street: '1500 Marilla St', city: 'Dallas', state: 'TX', zip: '75201', weekStart: 'sunday', leakRateMethod: 'annualizing' },
  },
  {
    key: 'inventorySettings',
    title: 'Inventory Settings',
    description: 'How stock is kept: whether a part may be used or moved when the ledger shows none left at that location.',
    path: '/administration/account-settings/inventorySettings',
    area: 'Inventory',
    fields: [
      {
        field: 'allowNegativeStock', label: 'Allow Negative Stock', type: 'boolean', isRequired: true, defaultValue: false,
        help: 'When on, stock may go below zero (to be corrected by a count); when off, taking more than is on hand is refused.',
      },
    ],
    example: { allowNegativeStock: false },
  },
  {
    key: 'corrigoSettings',
    title: 'Corrigo Settings',
    description: 'What stopping a Corrigo work order asks of the technician: the status it is left in at Corrigo and a comment.',
    path: '/administration/account-settings/corrigoSettings',
    area: 'Service Channel',
    fields: [
      {
        field: 'isStopStatusRequired', label: 'Corrigo Status and Comment Required on Stop', type: 'boolean', isRequired: true, defaultValue: false,
        help: 'When on, the Stop dialog of a Corrigo work order needs a Corrigo status and a comment of at least 5 characters; when off, both may be left empty and Corrigo is told nothing at clock-out.',
      },
    ],
    example: { isStopStatusRequired: true },
  },
  {
    key: 'creditHoldSettings',
    title: 'Credit Hold Rule',
    description: 'When a customer goes on credit hold by itself: checked every night, its open work orders then wait in Credit Hold and the office is told.',
    path: '/administration/account-settings/creditHoldSettings',
    area: 'Collection',
    fields: [
      {
        field: 'holdOverLimit', label: 'Hold Customers Over Their Credit Limit', type: 'boolean', isRequired: true, defaultValue: false,
        help: 'When on, a customer owing more than its credit limit goes on credit hold.',
      },
      {
        field: 'holdPastDueDays', label: 'Hold Customers Past Due', type: 'choice', choices: CREDIT_HOLD_PAST_DUE_CHOICES, isRequired: false, defaultValue: null,
        help: 'A customer whose oldest open invoice is past due longer than this goes on credit hold; empty for never.',
      },
    ],
    example: { holdOverLimit: true, holdPastDueDays: '60' },
  },
];

/** Every settings form, in menu order. */
export const SETTINGS_FORMS: readonly SettingsFormDefinition[] = definitions;

export function settingsFormOf(key: SettingsFormKey): SettingsFormDefinition {
  const found = definitions.find((d) => d.key === key);
  if (!found) throw new Error(`No settings form ${key}`);
  return found;
}

/** What reading a form, and saving it, requires. */
export function settingsFormAccess(def: SettingsFormDefinition, level: 'read' | 'write'): Requirement {
  return def.area ? { kind: 'area', area: def.area, level } : { kind: 'superAdmin' };
}
