import { eq, inArray } from 'drizzle-orm';
import { required, type Access, type CustomerSavedAnswer, type SaveCustomerParsed } from '@sm/shared';
import { customerFlagLinks, customerFlags, customers } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { holdWorkOrders, releaseWorkOrders } from '../../money/collections/credit-hold.service';
import type { Geocoder, GeoPoint } from '../../platform/geocoding/geocoder-client';
import { chosenBillingFields, customerDefaultsOf } from './customer-defaults';
import { placeCustomer, type PlacedCustomer } from './customer-position';
import { companyCustomers, seesCredit, visibleCustomer } from './customer-visibility';

type Stored = typeof customers.$inferSelect;

export const CREDIT_FORBIDDEN = "You don't have permission to set the credit limit or the credit hold.";

/** The credit fields may be sent only by someone allowed to set them; an update that leaves them out keeps them. */
function checkCredit(access: Access, body: SaveCustomerParsed) {
  if ((body.creditLimit !== undefined || body.isOnCreditHold !== undefined) && !seesCredit(access)) throw new AppError(403, CREDIT_FORBIDDEN);
}

/**
 * Who bills the customer: itself (a billing customer) or another customer of the company that bills itself. Another
 * company's customer is missing (404); a location cannot bill others, and a billing customer with locations stays one.
 * Locks the billing customer so that it cannot become a location meanwhile.
 */
async function billingOf(tx: Tx, ctx: Ctx, body: SaveCustomerParsed, self: Stored | null) {
  const billingCustomerId = body.billingCustomerId ?? null;
  const isBillingCustomer = body.isBillingCustomer ?? billingCustomerId === null;
  if (isBillingCustomer && billingCustomerId !== null) throw new AppError(400, 'A billing customer bills itself: leave Billing Customer empty, or choose "Bills itself".');
  if (!isBillingCustomer && billingCustomerId === null) throw new AppError(400, required('Billing Customer'));
  if (billingCustomerId !== null) {
    if (self && billingCustomerId === self.id) throw new AppError(400, 'A customer cannot be its own billing customer: choose "Bills itself".');
    const billing = (await companyCustomers(tx, ctx, [billingCustomerId], { lock: true })).get(billingCustomerId);
    if (!billing) throw notFound('Billing customer');
    if (!billing.isBillingCustomer || billing.billingCustomerId !== null) {
      throw new AppError(400, `${billing.name} is a service location, not a billing customer: choose a customer that bills itself.`);
    }
  }
  if (self && billingCustomerId !== null) {
    const [location] = await tx.select({ id: customers.id }).from(customers).where(ofTenant(customers, ctx, eq(customers.billingCustomerId, self.id))).limit(1);
    if (location) throw new AppError(400, `${self.name} has service locations billed to it, so it must stay a billing customer.`);
  }
  return { isBillingCustomer, billingCustomerId };
}

/** The company's flags among those named, or the 404 of a flag that is missing or another company's. */
async function flagIdsOf(tx: Tx, ctx: Ctx, ids: number[] | undefined): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx.select({ id: customerFlags.id }).from(customerFlags).where(ofTenant(customerFlags, ctx, inArray(customerFlags.id, unique)));
  if (rows.length !== unique.length) throw notFound('Customer flag');
  return unique;
}

/** The stored columns of the form's values, at the position decided before the transaction. */
function columnsOf(body: SaveCustomerParsed, position: GeoPoint | null) {
  return {
    name: body.name,
    address: body.address,
    city: body.city,
    state: body.state,
    zip: body.zip,
    phone: body.phone,
    email: body.email,
    latitude: position?.lat ?? null,
    longitude: position?.lng ?? null,
    siteRadiusMeters: body.siteRadiusMeters ?? null,
    timeZone: body.timeZone,
    providerInvoiceDays: body.providerInvoiceDays ?? null,
    notes: body.notes,
    ...(body.creditLimit !== undefined ? { creditLimit: body.creditLimit === null ? null : body.creditLimit.toFixed(2) } : {}),
    ...(body.isOnCreditHold !== undefined ? { isOnCreditHold: body.isOnCreditHold } : {}),
  };
}

async function linkFlags(tx: Tx, ctx: Ctx, customerId: number, flagIds: number[] | undefined) {
  if (flagIds === undefined) return;
  await tx.delete(customerFlagLinks).where(ofTenant(customerFlagLinks, ctx, eq(customerFlagLinks.customerId, customerId)));
  if (flagIds.length > 0) {
    await tx.insert(customerFlagLinks).values(flagIds.map((customerFlagId) => ({ subscriberId: ctx.actor.subscriberId, customerId, customerFlagId })));
  }
}

/** The answer of a save: the customer, and the sentence of an address that could not be placed on the map. */
const savedAnswer = (customerId: number, placed: PlacedCustomer): CustomerSavedAnswer => (placed.notice ? { customerId, geocodeNotice: placed.notice } : { customerId });

/**
 * `Customer/create`: a billing customer, or a service location of one; audited. Its tax status, terms, billing and
 * payment method are the company's customer defaults where the form leaves them out. Its address is geocoded first
 * unless a GPS was typed.
 */
export async function createCustomer(ctx: Ctx, access: Access, body: SaveCustomerParsed, geocoder: Geocoder | null = null): Promise<CustomerSavedAnswer> {
  checkCredit(access, body);
  const placed = await placeCustomer(body, null, geocoder);
  const customerId = await ctx.db.transaction(async (tx) => {
    const billing = await billingOf(tx, ctx, body, null);
    const flagIds = await flagIdsOf(tx, ctx, body.customerFlagIds);
    const terms = { ...(await customerDefaultsOf(tx, ctx)), ...(await chosenBillingFields(tx, ctx, body)) };
    const [row] = await tx
      .insert(customers)
      .values({ subscriberId: ctx.actor.subscriberId, ...columnsOf(body, placed.position), ...terms, ...billing })
      .returning();
    await linkFlags(tx, ctx, row.id, flagIds);
    await recordAudit(tx, ctx, { entity: 'customer', entityId: row.id, action: 'create', after: { ...row, customerFlagIds: flagIds ?? [] } });
    return row.id;
  });
  return savedAnswer(customerId, placed);
}

/**
 * `PUT Customer/{customerId}`: every field again; the credit fields, the flags, the tax status, terms and methods when
 * left out stay as they are. A changed address is geocoded again (before the transaction) unless a GPS was typed. A
 * credit hold set or taken off moves the customer's open work orders to Credit Hold and back.
 */
export async function updateCustomer(ctx: Ctx, access: Access, customerId: number, body: SaveCustomerParsed, geocoder: Geocoder | null = null): Promise<CustomerSavedAnswer> {
  checkCredit(access, body);
  const stored = await visibleCustomer(ctx.db, ctx, access, customerId);
  const placed = await placeCustomer(body, stored, geocoder);
  await ctx.db.transaction(async (tx) => {
    const before = await visibleCustomer(tx, ctx, access, customerId, { lock: true });
    const billing = await billingOf(tx, ctx, body, before);
    const flagIds = await flagIdsOf(tx, ctx, body.customerFlagIds);
    const terms = await chosenBillingFields(tx, ctx, body);
    const [after] = await tx
      .update(customers)
      .set({ ...columnsOf(body, placed.position), ...terms, ...billing })
      .where(ofTenant(customers, ctx, eq(customers.id, customerId)))
      .returning();
    await linkFlags(tx, ctx, customerId, flagIds);
    // A hold set or taken off here moves the customer's open work orders as the Collections page does.
    if (after.isOnCreditHold !== before.isOnCreditHold) {
      const writer = { subscriberId: ctx.actor.subscriberId, userId: ctx.actor.userId, now: ctx.now };
      await (after.isOnCreditHold ? holdWorkOrders(tx, writer, customerId) : releaseWorkOrders(tx, writer, customerId));
    }
    await recordAudit(tx, ctx, { entity: 'customer', entityId: customerId, action: 'update', before, after: flagIds ? { ...after, customerFlagIds: flagIds } : after });
  });
  return savedAnswer(customerId, placed);
}
