import type { Functionality, PermissionArea } from './roles';

/**
 * What a reference list's description is made of (reference-list-definitions.ts holds the lists): its key, its
 * columns with their rules, and the builders of the lists that share a shape.
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
  'equipmentCategories',
  'equipmentMakes',
  'equipmentModels',
  'refrigerants',
  'voltages',
  'pmFrequencies',
  'pmTasks',
  'pmCategoryTemplates',
  'pmCompanyTemplates',
  'wareHouseTypes',
  'truckStockTypes',
  'warehouses',
  'vendors',
  'shipToAddresses',
  'collectionTaskTemplates',
  'collectionTaskAssignments',
  'fleetDescriptions',
  'fleetStatuses',
  'fleetFlags',
  'salesClasses',
  'salesItems',
  'salesFlags',
  'dischargeGroup',
  'surveyClassTypes',
  'pipelineStatuses',
  'workOrderJobArea',
  'jobStatuses',
  'crewMembers',
  'permitTypes',
  'pitTypes',
  'wellTypes',
  'installTypes',
  'projectTypes',
  'subContractors',
  'permitStatuses',
  'rowApprovalTypes',
] as const;
export type ReferenceListKey = (typeof REFERENCE_LIST_KEYS)[number];

/**
 * How a column is typed and edited: one-line text, a longer text, an amount of money, a percentage (0 to 1000, two
 * decimals), a whole number (0 to `max`), one of a fixed set of choices, a row of another list, an RFC 5545 repeat
 * rule (checked by the recurrence code), an ordered list of short lines (a template's tasks, one a line), an e-mail
 * address, a phone number, a yes-or-no flag, a user of the company (a truck's technician), or one of the company's
 * item GL groups (administration intacct/itemGLGroup: the account a standard item posts to).
 */
export type ReferenceColumnType =
  'text' | 'longText' | 'money' | 'percent' | 'wholeNumber' | 'choice' | 'reference' | 'recurrenceRule' | 'lines' | 'email' | 'phone' | 'flag' | 'user' | 'itemGlGroup';

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
  /** For a 'lines' column: the label of one line ("Task") and the most lines accepted. */
  line?: { label: string; max: number };
  /** For a 'choice' column: the values it takes, each with its label. */
  choices?: readonly { value: string; label: string }[];
  /**
   * The field of a 'flag' column this one belongs to: required while the flag is set, cleared when it is not (a
   * warehouse's technician, only for a truck). The form shows the column only while the flag is set.
   */
  requiredWhen?: string;
  /** At most one row of the company has a given value (a technician has one truck); `noun` names such a row in the sentence. */
  unique?: { noun: string };
  /** For a 'flag' column: only one row of the company holds it, so setting it on a row takes it from the others (the default address). */
  isOnlyOne?: boolean;
  /** Edited in the form but left out of the page's table, to keep a wide list readable (a vendor's notes). */
  isFormOnly?: boolean;
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
  /** A functionality of the area needed beside it, reading or writing (the job settings need All WorkOrders). */
  functionality?: Functionality;
  /** The heading the administration index shows the list under, when it is one of a group (Job Settings). */
  group?: string;
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

export const NAME = (max = 100, label = 'Name'): ReferenceColumn => ({ field: 'name', label, type: 'text', isRequired: true, maxLength: max });

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

/**
 * The US EPA's kinds of refrigeration appliance, each with the leak rate (percent a year) above which a leak must be
 * repaired: the defaults of a new equipment category, which the company may change.
 */
export const EPA_APPLIANCE_TYPES = [
  { value: 'comfortCooling', label: 'Comfort cooling', leakRatePercent: 10 },
  { value: 'commercialRefrigeration', label: 'Commercial refrigeration', leakRatePercent: 20 },
  { value: 'industrialProcess', label: 'Industrial process refrigeration', leakRatePercent: 30 },
  { value: 'none', label: 'Not a refrigerant appliance', leakRatePercent: null },
] as const;

/**
 * The kinds of refrigerant, each with the full charge in pounds at which the leak rules apply (15 lb for HFCs under
 * 40 CFR Part 84 Subpart C, 50 lb for ozone-depleting CFCs and HCFCs under Part 82 Subpart F, none otherwise).
 */
export const REFRIGERANT_KINDS = [
  { value: 'hfc', label: 'HFC', chargeThresholdPounds: 15 },
  { value: 'ozoneDepleting', label: 'Ozone-depleting (CFC, HCFC)', chargeThresholdPounds: 50 },
  { value: 'hfo', label: 'HFO', chargeThresholdPounds: null },
  { value: 'natural', label: 'Natural', chargeThresholdPounds: null },
] as const;

/** The colours a sales tag (a row of the sales flags) is shown in. */
export const SALES_TAG_COLORS = ['blue', 'green', 'orange', 'red', 'grape', 'teal', 'gray'] as const;

/** A list of names only, retired rather than deleted once used. */
export const simpleList = (
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
export const discountReasonList = (key: ReferenceListKey, kind: 'labor' | 'item' | 'freight', title: string, example: string): ReferenceListDefinition => ({
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

/** "Work order class": the singular with a capital, for sentences that start with it. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "a work order class" / "an ...". */
export const withArticle = (text: string) => `${/^[aeiou]/i.test(text) ? 'an' : 'a'} ${text}`;
