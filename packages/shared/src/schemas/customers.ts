import { z } from 'zod';
import { isValidEmail } from '../helpers/email';
import { parseLatLng } from '../helpers/gps';
import { moneyOf } from '../helpers/money';
import { formatPhone, isValidPhone } from '../helpers/phone';
import { isTimeZone } from '../helpers/zoned-time';
import { idOf, idParam, optionalText, pagingQuery, required, requiredText } from './common';
import { gridAnswer } from './grid';

/**
 * Customers (spec platform 2.1 /customer, /customer/add, /customer/look-up, /contacts, /administration/mergeCustomer).
 * A customer row is a billing customer (it bills itself: `isBillingCustomer` true, `billingCustomerId` null) or a
 * service location billed to a billing customer of the same company (`billingCustomerId` set).
 */

/** Most customers a picker asks for at once. */
export const CUSTOMER_LOOKUP_MAX_TAKE = 50;
/** The widest check-in radius a site may have, in metres. */
export const SITE_RADIUS_MAX_METERS = 5000;
/** The longest a ServiceChannel client can give to invoice a finished work order, in days. */
export const PROVIDER_INVOICE_DAYS_MAX = 365;
/** The days a ServiceChannel client without its own is taken to give. */
export const PROVIDER_INVOICE_DAYS_DEFAULT = 30;
export const CUSTOMER_NOTES_MAX = 4000;

export const PHONE_MESSAGE = (label: string) => `${label} must be a 10-digit number like 214-555-0100 (the first digit not 0).`;
export const GPS_MESSAGE = 'GPS position is not readable: use decimal degrees (32.7767, -96.7970) or degrees, minutes and seconds (32°46\'36"N, 96°47\'49"W).';

const bool = (label: string) => z.boolean({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be true or false.`) });

/** Empty text means "not given". */
const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

/**
 * A phone number typed any common way: dashes, spaces, parentheses and a +1 prefix are stripped first (spec platform
 * 5.6); what remains must be ddd-ddd-dddd with a first digit other than 0, and is kept in that form. Empty is none.
 */
export const phoneField = (label = 'Phone') =>
  optionalText(label, 30)
    .meta({ example: '214-555-0100' })
    .nullish()
    .refine((v) => blankToNull(v) === null || isValidPhone(v!), PHONE_MESSAGE(label))
    .transform((v) => (blankToNull(v) === null ? null : formatPhone(v!)));

/** An e-mail address (spec platform 5.6), or none. */
export const emailField = (label = 'Email') =>
  optionalText(label, 254)
    .meta({ example: 'office@example.com' })
    .nullish()
    .refine((v) => blankToNull(v) === null || isValidEmail(v!.trim()), `${label} is not a valid e-mail address.`)
    .transform(blankToNull);

/** A site's IANA time zone, stored in its canonical spelling; none means the company's. */
const timeZoneField = optionalText('Time Zone', 64)
  .meta({ example: 'America/Chicago' })
  .nullish()
  .refine((v) => blankToNull(v) === null || isTimeZone(v!.trim()), 'Time Zone must be a time zone name like America/Chicago.')
  .transform((v) => {
    const name = blankToNull(v);
    return name === null ? null : new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  });

/** The GPS text of the form: decimal degrees or D°M'S" with N/S/E/W (spec platform 5.6); none clears the position. */
const gpsField = optionalText('GPS', 100)
  .meta({ example: '32.7767, -96.7970' })
  .nullish()
  .refine((v) => blankToNull(v) === null || parseLatLng(v!) !== null, GPS_MESSAGE);

/**
 * A customer's site as the customer form takes it: street, city, two-letter state, zip and the site's phone, each
 * optional. Blank text is kept as '' (the columns are not null), the state in capitals, the phone as ddd-ddd-dddd.
 */
export const customerAddressFields = {
  address: optionalText('Address', 200).nullish().transform((v) => v?.trim() ?? ''),
  city: optionalText('City', 100).nullish().transform((v) => v?.trim() ?? ''),
  state: optionalText('State', 2)
    .meta({ example: 'TX' })
    .nullish()
    .refine((v) => blankToNull(v) === null || /^[A-Za-z]{2}$/.test(v!.trim()), 'State must be two letters, like TX.')
    .transform((v) => v?.trim().toUpperCase() ?? ''),
  zip: optionalText('Zip', 10)
    .meta({ example: '75201' })
    .nullish()
    .refine((v) => blankToNull(v) === null || /^\d{5}(-\d{4})?$/.test(v!.trim()), 'Zip must be 5 digits or 5+4 digits, like 75201 or 75201-1234.')
    .transform((v) => v?.trim() ?? ''),
  phone: phoneField('Phone'),
};

/**
 * The same site as every answer gives it back (pickers, grids, locations, the customer, a work order's customer,
 * search): the stored text, '' when none, and the phone or null. The keys are those of `customerAddressFields`, so
 * a field added to the form cannot be forgotten here; an answer that shows less picks from it.
 */
export const customerAddressSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string().nullable(),
} satisfies Record<keyof typeof customerAddressFields, z.ZodType>);
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

/** A site's position as answers give it: decimal degrees, both null when the site has none. */
export const customerPositionFields = { latitude: z.number().nullable(), longitude: z.number().nullable() };

/** A customer with its address: a billing customer's location as listed, and what every customer answer extends. */
export const customerLocationSchema = z.object({
  customerId: z.number(),
  name: z.string(),
  ...customerAddressSchema.shape,
});
export type CustomerLocation = z.infer<typeof customerLocationSchema>;

/** The customer form (`Customer/create`, `PUT Customer/{customerId}`). */
const customerFields = {
  name: requiredText('Name', 200),
  ...customerAddressFields,
  email: emailField('Email'),
  gps: gpsField,
  siteRadiusMeters: z
    .number({ error: 'Site Radius must be a number.' })
    .min(0, 'Site Radius must not be negative.')
    .max(SITE_RADIUS_MAX_METERS, `Site Radius must be at most ${SITE_RADIUS_MAX_METERS} metres.`)
    .nullish(),
  timeZone: timeZoneField,
  /** The days a ServiceChannel client gives to invoice a finished work order (the provider scorecard); null: the default. */
  providerInvoiceDays: z
    .number({ error: 'Invoice Days must be a number.' })
    .int('Invoice Days must be a whole number.')
    .min(1, 'Invoice Days must be at least 1.')
    .max(PROVIDER_INVOICE_DAYS_MAX, `Invoice Days must be at most ${PROVIDER_INVOICE_DAYS_MAX}.`)
    .nullish(),
  /** Left out: a new customer takes the company's customer defaults (Tax Status), a changed one keeps its own. */
  isTaxExempt: bool('Tax Exempt').optional(),
  /**
   * Rows of the company's Terms, Billing Methods and Payment Methods lists, or null for none. Left out: a new
   * customer takes the company's customer defaults, a changed one keeps its own.
   */
  termsId: idOf('Terms').nullish(),
  billingMethodId: idOf('Billing Method').nullish(),
  paymentMethodId: idOf('Payment Method').nullish(),
  /** Optional: derived from `billingCustomerId` when left out (none: it bills itself). */
  isBillingCustomer: bool('Billing Customer').optional(),
  /** The billing customer of a service location; none for a customer that bills itself. */
  billingCustomerId: idOf('Billing Customer').nullish(),
  notes: optionalText('Notes', CUSTOMER_NOTES_MAX).nullish().transform(blankToNull),
  /** The company's customer flags; left out on an update, the flags stay as they are. */
  customerFlagIds: z.array(idOf('Customer flag'), { error: 'Customer flags must be a list.' }).max(50, 'At most 50 customer flags.').optional(),
  /** Only with "Access Customer Credit Limit & OnHold"; left out on an update, it stays as it is. */
  creditLimit: moneyOf('Credit Limit').nullish(),
  isOnCreditHold: bool('Credit Hold').optional(),
};

export const saveCustomerBody = z.object(customerFields).meta({
  example: {
    name: 'Lone Star Grocers #14',
    address: '1401 Elm St',
    city: 'Dallas',
    state: 'TX',
    zip: '75201',
    phone: '(214) 555-0142',
    email: 'store14@lonestar.example',
    gps: '32.7812, -96.7985',
    siteRadiusMeters: 150,
    timeZone: 'America/Chicago',
    isTaxExempt: false,
    termsId: 3,
    billingCustomerId: 1,
    customerFlagIds: [],
  },
});
export type SaveCustomerBody = z.input<typeof saveCustomerBody>;
export type SaveCustomerParsed = z.output<typeof saveCustomerBody>;

export const customerIdParams = z.object({ customerId: idParam('Customer') });
export const customerIdAnswer = z.object({ customerId: z.number() }).meta({ example: { customerId: 42 } });

/** Shown when a saved location's address could not be geocoded (spec platform 8, "Address lookup failure"). */
export const GEOCODE_FAILED_NOTICE = 'The address could not be placed on the map; the location was saved without coordinates.';

/** What saving the customer form answers: the customer, and a sentence when its address could not be placed on the map. */
export const customerSavedAnswer = customerIdAnswer
  .extend({ geocodeNotice: z.string().optional().meta({ description: 'Set when the address could not be geocoded: the customer was saved without coordinates.' }) })
  .meta({ example: { customerId: 42 } });
export type CustomerSavedAnswer = z.infer<typeof customerSavedAnswer>;

/** 'true' or 'false' in a query string. */
const boolText = (label: string) => z.enum(['true', 'false'], { error: `${label} must be true or false.` }).transform((v) => v === 'true');

/**
 * `Customer/lookup`: what a picker typed (name, address or phone) and how many rows it wants. `customerId` is the
 * picker's current choice, answered first whatever the search so the choice can show; `billingOnly` keeps customers
 * that bill themselves (the billing customer of a location); `excludeCustomerId` leaves one out (the customer being
 * edited, or the one kept in a merge).
 */
export const customerLookupQuery = z.object({
  search: optionalText('Search', 100).optional(),
  customerId: idParam('Customer').optional(),
  billingOnly: boolText('Billing only').optional(),
  excludeCustomerId: idParam('Excluded customer').optional(),
  ...pagingQuery(CUSTOMER_LOOKUP_MAX_TAKE, 20),
});
export type CustomerLookupQuery = z.input<typeof customerLookupQuery>;
export type CustomerLookupParsed = z.output<typeof customerLookupQuery>;

/**
 * One customer as a picker shows it (the work-order create page depends on this shape). `billingCustomerId` is null
 * for a customer that bills itself; a work order of it is billed to `billingCustomerId ?? customerId`.
 */
export const customerLookupRowSchema = customerLocationSchema.extend({
  isBillingCustomer: z.boolean(),
  billingCustomerId: z.number().nullable(),
  billingCustomerName: z.string().nullable(),
  isOnCreditHold: z.boolean(),
  timeZone: z.string().nullable(),
});
export type CustomerLookupRow = z.infer<typeof customerLookupRowSchema>;

/** Fields of the customers grid, each sortable and filterable on the server. Flags read as numbers 1/0. */
export const customerGridRowSchema = customerLocationSchema.extend({
  email: z.string().nullable(),
  isBillingCustomer: z.boolean(),
  billingCustomerName: z.string().nullable(),
  isOnCreditHold: z.boolean(),
  isTaxExempt: z.boolean(),
  workOrderCount: z.number(),
});
export type CustomerGridRow = z.infer<typeof customerGridRowSchema>;
export const customersGridAnswer = gridAnswer(customerGridRowSchema);

export const customerFlagSchema = z.object({ customerFlagId: z.number(), customerFlagName: z.string() });
export type CustomerFlag = z.infer<typeof customerFlagSchema>;

export const customerContactSchema = z.object({
  contactId: z.number(),
  name: z.string(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  isPrimary: z.boolean(),
});

/** What points at a customer: shown before a merge, answered after it. */
export const customerCountsSchema = z.object({
  workOrders: z.number(),
  locations: z.number(),
  contacts: z.number(),
  scheduleItems: z.number(),
});
export type CustomerCounts = z.infer<typeof customerCountsSchema>;

/**
 * `GET Customer/{customerId}`. The credit limit and the credit hold are given only to callers with "Access Customer
 * Credit Limit & OnHold" (`canSeeCredit`); for anyone else both are null.
 */
export const customerDetailsSchema = customerLocationSchema.extend({
  email: z.string().nullable(),
  ...customerPositionFields,
  siteRadiusMeters: z.number().nullable(),
  timeZone: z.string().nullable(),
  providerInvoiceDays: z.number().nullable(),
  isTaxExempt: z.boolean(),
  termsId: z.number().nullable(),
  billingMethodId: z.number().nullable(),
  paymentMethodId: z.number().nullable(),
  isBillingCustomer: z.boolean(),
  billingCustomerId: z.number().nullable(),
  billingCustomerName: z.string().nullable(),
  notes: z.string().nullable(),
  canSeeCredit: z.boolean(),
  creditLimit: z.number().nullable(),
  isOnCreditHold: z.boolean().nullable(),
  flags: z.array(customerFlagSchema),
  locations: z.array(customerLocationSchema),
  contacts: z.array(customerContactSchema),
  counts: customerCountsSchema,
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

/** A row of one of the company's lists as the customer form offers it. */
const listChoice = z.object({ id: z.number(), name: z.string() });

/**
 * `GET Customer/billingChoices`: what the customer form offers for terms, billing and payment method (the company's
 * active rows), and the company's customer defaults a new customer starts with.
 */
export const customerBillingChoicesSchema = z.object({
  terms: z.array(listChoice),
  billingMethods: z.array(listChoice),
  paymentMethods: z.array(listChoice),
  defaults: z.object({ termsId: z.number().nullable(), isTaxExempt: z.boolean(), billingMethodId: z.number().nullable(), paymentMethodId: z.number().nullable() }),
});
export type CustomerBillingChoices = z.infer<typeof customerBillingChoicesSchema>;

// ---------------------------------------------------------------- merge

/** `Customer/merge`: everything of the duplicate moves onto the customer kept, then the duplicate is deleted. */
export const mergeCustomersBody = z
  .object({
    keepCustomerId: idOf('Customer to keep'),
    mergeCustomerId: idOf('Duplicate customer'),
    /** Why, kept with the merge in the customer's history. */
    reason: optionalText('Reason', 500).nullish(),
  })
  .meta({ example: { keepCustomerId: 1, mergeCustomerId: 2, reason: 'Entered twice by the office.' } });
export type MergeCustomersBody = z.input<typeof mergeCustomersBody>;

/** How many records moved onto the customer kept. */
export const mergeCustomersAnswer = customerCountsSchema.extend({ rateSheets: z.number(), flags: z.number() });
export type MergeCustomersAnswer = z.infer<typeof mergeCustomersAnswer>;

// ---------------------------------------------------------------- contacts

/** `Contacts/create`, `PUT Contacts/{contactId}`: a person to call at a customer; one primary per customer. */
export const saveContactBody = z
  .object({
    customerId: idOf('Customer'),
    name: requiredText('Name', 200),
    title: optionalText('Title', 100).nullish().transform(blankToNull),
    phone: phoneField('Phone'),
    email: emailField('Email'),
    isPrimary: bool('Primary').default(false),
  })
  .meta({ example: { customerId: 1, name: 'Dana Whitfield', title: 'Store Manager', phone: '214-555-0177', email: 'dana@lonestar.example', isPrimary: true } });
export type SaveContactBody = z.input<typeof saveContactBody>;
export type SaveContactParsed = z.output<typeof saveContactBody>;

export const contactIdParams = z.object({ contactId: idParam('Contact') });
export const contactIdAnswer = z.object({ contactId: z.number() }).meta({ example: { contactId: 7 } });

export const contactGridRowSchema = z.object({
  contactId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  isPrimary: z.boolean(),
});
export type ContactGridRow = z.infer<typeof contactGridRowSchema>;
export const contactsGridAnswer = gridAnswer(contactGridRowSchema);

/** Most contacts one export holds; `skip` pages on past them. */
export const CONTACTS_EXPORT_MAX_ROWS = 50_000;

/**
 * `Contacts/export`: the contacts whose name, customer, phone or e-mail contain `search` (optionally of one customer,
 * or primary contacts only), as CSV, by customer and name.
 */
export const contactsExportQuery = z.object({
  search: optionalText('Search', 100).optional(),
  customerId: idParam('Customer').optional(),
  primaryOnly: boolText('Primary only').optional(),
  ...pagingQuery(CONTACTS_EXPORT_MAX_ROWS),
});
export type ContactsExportQuery = z.output<typeof contactsExportQuery>;

