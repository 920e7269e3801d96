/** Addresses of the customer pages (spec platform 2.1). */
export const CUSTOMER_PATHS = {
  grid: '/customer',
  add: '/customer/add',
  lookUp: '/customer/look-up',
  details: '/customer/:customerId',
  edit: '/customer/:customerId/edit',
  contacts: '/contacts',
  merge: '/administration/mergeCustomer',
} as const;

export const customerPath = (customerId: number) => `/customer/${customerId}`;
export const customerEditPath = (customerId: number) => `/customer/${customerId}/edit`;
/** The form of a new service location billed to a billing customer. */
export const addLocationPath = (billingCustomerId: number) => `/customer/add?billingCustomerId=${billingCustomerId}`;
/** The work-order create page, with the customer chosen. */
export const newWorkOrderPath = (customerId: number) => `/workOrder/create?customerId=${customerId}`;
