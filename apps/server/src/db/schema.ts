/** Every table of the product; one schema serves PGlite and PostgreSQL. */
export * from '../features/subscribers/subscribers.table';
export * from '../features/users/users.table';
export * from '../features/permissions/permissions.table';
export * from '../features/reference/reference.table';
export * from '../features/work-orders/customers.table';
export * from '../features/work-orders/work-orders.table';
export * from '../features/clock/labor.table';
export * from '../features/audit/audit.table';
export * from '../features/scheduling/schedule-items.table';
export * from '../features/providers/providers.table';
export * from '../features/work-orders/work-order-items.table';
export * from '../features/email-outbox/email-outbox.table';
export * from '../features/quotes/quotes.table';
export * from '../features/invoices/invoices.table';
export * from '../features/documents/documents.table';
