import { and, asc, count, desc, eq, or } from 'drizzle-orm';
import { jsonNumberOf, type Access, type CustomerCounts, type CustomerDetails } from '@sm/shared';
import { contacts, customerFlagLinks, customerFlags, customers, scheduleItems, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { customerAddressColumns, customerAddressOf } from './customer-address';
import { seesCredit, visibleCustomer, visibleCustomers } from './customer-visibility';

/** What points at a customer: its work orders (as the site or as the billing customer), locations, contacts and schedule items. */
export async function countsOf(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, customerId: number): Promise<CustomerCounts> {
  const [[w], [l], [c], [s]] = await Promise.all([
    db.select({ n: count() }).from(workOrders).where(ofTenant(workOrders, ctx, or(eq(workOrders.customerId, customerId), eq(workOrders.billingCustomerId, customerId)))),
    db.select({ n: count() }).from(customers).where(ofTenant(customers, ctx, eq(customers.billingCustomerId, customerId))),
    db.select({ n: count() }).from(contacts).where(ofTenant(contacts, ctx, eq(contacts.customerId, customerId))),
    db.select({ n: count() }).from(scheduleItems).where(ofTenant(scheduleItems, ctx, eq(scheduleItems.customerId, customerId))),
  ]);
  return { workOrders: w.n, locations: l.n, contacts: c.n, scheduleItems: s.n };
}

/**
 * `GET Customer/{customerId}`: the customer with its locations, contacts, flags and counts. The credit limit and hold
 * are read only by callers with "Access Customer Credit Limit & OnHold"; for anyone else they are null.
 */
export async function getCustomer(ctx: Ctx, access: Access, customerId: number): Promise<CustomerDetails> {
  const c = await visibleCustomer(ctx.db, ctx, access, customerId);
  const [billing] = c.billingCustomerId
    ? await ctx.db.select({ name: customers.name }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, c.billingCustomerId)))
    : [];
  const [flags, locations, people, counts] = await Promise.all([
    ctx.db
      .select({ customerFlagId: customerFlags.id, customerFlagName: customerFlags.name })
      .from(customerFlagLinks)
      .innerJoin(customerFlags, eq(customerFlags.id, customerFlagLinks.customerFlagId))
      .where(ofTenant(customerFlagLinks, ctx, eq(customerFlagLinks.customerId, customerId)))
      .orderBy(asc(customerFlags.name)),
    ctx.db
      .select({ customerId: customers.id, name: customers.name, ...customerAddressColumns })
      .from(customers)
      .where(and(ofTenant(customers, ctx, eq(customers.billingCustomerId, customerId)), visibleCustomers(ctx, access)))
      .orderBy(asc(customers.name), asc(customers.id)),
    ctx.db
      .select({ contactId: contacts.id, name: contacts.name, title: contacts.title, phone: contacts.phone, email: contacts.email, isPrimary: contacts.isPrimary })
      .from(contacts)
      .where(ofTenant(contacts, ctx, eq(contacts.customerId, customerId)))
      .orderBy(desc(contacts.isPrimary), asc(contacts.name), asc(contacts.id)),
    countsOf(ctx.db, ctx, customerId),
  ]);
  const canSeeCredit = seesCredit(access);
  return {
    customerId: c.id,
    name: c.name,
    ...customerAddressOf(c),
    email: c.email,
    latitude: c.latitude,
    longitude: c.longitude,
    siteRadiusMeters: c.siteRadiusMeters,
    timeZone: c.timeZone,
    providerInvoiceDays: c.providerInvoiceDays,
    isTaxExempt: c.isTaxExempt,
    termsId: c.termsId,
    billingMethodId: c.billingMethodId,
    paymentMethodId: c.paymentMethodId,
    isBillingCustomer: c.isBillingCustomer,
    billingCustomerId: c.billingCustomerId,
    billingCustomerName: billing?.name ?? null,
    notes: c.notes,
    canSeeCredit,
    creditLimit: canSeeCredit && c.creditLimit !== null ? jsonNumberOf(c.creditLimit) : null,
    isOnCreditHold: canSeeCredit ? c.isOnCreditHold : null,
    flags,
    locations,
    contacts: people,
    counts,
  };
}

/** `Flags/customerFlags`: the company's customer flags, by name. */
export async function listCustomerFlags(ctx: Ctx) {
  const rows = await ctx.db.select().from(customerFlags).where(ofTenant(customerFlags, ctx)).orderBy(asc(customerFlags.name), asc(customerFlags.id));
  return rows.map((f) => ({ customerFlagId: f.id, customerFlagName: f.name }));
}
