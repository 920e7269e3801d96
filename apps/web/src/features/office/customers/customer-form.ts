import { saveCustomerBody, type CustomerDetails, type SaveCustomerBody } from '@sm/shared';

/** The customer form as its controls hold it (spec platform 2.1 /customer/add). */
export interface CustomerFormValues {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
  /** What was typed: decimal degrees or degrees, minutes and seconds. */
  gps: string;
  siteRadiusMeters: number | string;
  providerInvoiceDays: number | string;
  timeZone: string | null;
  /** Undefined on a new customer until it is touched: the company's customer defaults then apply. */
  isTaxExempt: boolean | undefined;
  /** Rows of the company's lists as the selects hold them; undefined takes the company's default, null is none. */
  termsId: string | null | undefined;
  billingMethodId: string | null | undefined;
  paymentMethodId: string | null | undefined;
  billsItself: boolean;
  billingCustomerId: number | null;
  notes: string;
  customerFlagIds: string[];
  creditLimit: number | string;
  isOnCreditHold: boolean;
}

export type CustomerFormErrors = Partial<Record<keyof CustomerFormValues, string>>;

/** A new customer; with a billing customer, a new service location of it. */
export function newCustomerValues(billingCustomerId: number | null): CustomerFormValues {
  return {
    name: '',
    address: '',
    city: '',
    state: '',
    zip: '',
    phone: '',
    email: '',
    gps: '',
    siteRadiusMeters: '',
    providerInvoiceDays: '',
    timeZone: null,
    isTaxExempt: undefined,
    termsId: undefined,
    billingMethodId: undefined,
    paymentMethodId: undefined,
    billsItself: billingCustomerId === null,
    billingCustomerId,
    notes: '',
    customerFlagIds: [],
    creditLimit: '',
    isOnCreditHold: false,
  };
}

const idText = (id: number | null) => (id === null ? null : String(id));
const idOf = (v: string | null | undefined) => (v == null ? v : Number(v));

/** The form of a stored customer. */
export function customerValues(c: CustomerDetails): CustomerFormValues {
  return {
    name: c.name,
    address: c.address,
    city: c.city,
    state: c.state,
    zip: c.zip,
    phone: c.phone ?? '',
    email: c.email ?? '',
    gps: c.latitude !== null && c.longitude !== null ? `${Number(c.latitude.toFixed(6))}, ${Number(c.longitude.toFixed(6))}` : '',
    siteRadiusMeters: c.siteRadiusMeters ?? '',
    providerInvoiceDays: c.providerInvoiceDays ?? '',
    timeZone: c.timeZone,
    isTaxExempt: c.isTaxExempt,
    termsId: idText(c.termsId),
    billingMethodId: idText(c.billingMethodId),
    paymentMethodId: idText(c.paymentMethodId),
    billsItself: c.billingCustomerId === null,
    billingCustomerId: c.billingCustomerId,
    notes: c.notes ?? '',
    customerFlagIds: c.flags.map((f) => String(f.customerFlagId)),
    creditLimit: c.creditLimit ?? '',
    isOnCreditHold: c.isOnCreditHold ?? false,
  };
}

const numberOrNull = (v: number | string) => (v === '' || v === null ? null : Number(v));

/** The request body of the form; the credit fields only for someone allowed to set them. */
export function bodyOfForm(v: CustomerFormValues, canSetCredit: boolean): SaveCustomerBody {
  return {
    name: v.name,
    address: v.address,
    city: v.city,
    state: v.state,
    zip: v.zip,
    phone: v.phone,
    email: v.email,
    gps: v.gps,
    siteRadiusMeters: numberOrNull(v.siteRadiusMeters),
    providerInvoiceDays: numberOrNull(v.providerInvoiceDays),
    timeZone: v.timeZone,
    isTaxExempt: v.isTaxExempt,
    termsId: idOf(v.termsId),
    billingMethodId: idOf(v.billingMethodId),
    paymentMethodId: idOf(v.paymentMethodId),
    isBillingCustomer: v.billsItself,
    billingCustomerId: v.billsItself ? null : v.billingCustomerId,
    notes: v.notes,
    customerFlagIds: v.customerFlagIds.map(Number),
    ...(canSetCredit ? { creditLimit: numberOrNull(v.creditLimit), isOnCreditHold: v.isOnCreditHold } : {}),
  };
}

const FIELD_ORDER: (keyof CustomerFormValues)[] = ['name', 'phone', 'email', 'address', 'city', 'state', 'zip', 'gps', 'siteRadiusMeters', 'timeZone', 'billingCustomerId', 'providerInvoiceDays', 'notes', 'creditLimit'];

/** Checks the form with the shared schema the server uses: the errors by field, in the order the form shows them. */
export function validateCustomerForm(v: CustomerFormValues, canSetCredit: boolean): CustomerFormErrors {
  const found: CustomerFormErrors = {};
  if (!v.billsItself && v.billingCustomerId === null) found.billingCustomerId = 'Billing Customer field is required!';
  const parsed = saveCustomerBody.safeParse(bodyOfForm(v, canSetCredit));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'name') as keyof CustomerFormValues;
      found[field] ??= issue.message;
    }
  }
  return Object.fromEntries(FIELD_ORDER.filter((f) => found[f]).map((f) => [f, found[f]])) as CustomerFormErrors;
}
