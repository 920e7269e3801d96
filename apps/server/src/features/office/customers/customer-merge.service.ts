import { eq, sql } from 'drizzle-orm';
import type { MergeCustomersAnswer, MergeCustomersBody } from '@sm/shared';
import { collectionTasks, contacts, creditHeldWorkOrders, creditMemos, customerAccessRequests, customerEstimates, customerFlagLinks, customerPortalLinks, customerRateSheets, customers, customerUsers, equipment, invoices, projects, quotes, salesTagLinks, scheduleItems, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { companyCustomers } from './customer-visibility';

/**
 * Every column of the database that refers to a customer; the merge moves each of them. A test compares this list
 * with the foreign keys the database holds, so a new reference cannot be forgotten here.
 */
export const CUSTOMER_REFERENCES = [
  'collection_tasks.customer_id',
  'contacts.customer_id',
  'credit_held_work_orders.customer_id',
  'credit_memos.billing_customer_id',
  'customer_access_requests.billing_customer_id',
  'customer_estimates.customer_id',
  'customer_flag_links.customer_id',
  'customer_portal_links.billing_customer_id',
  'customer_portal_links.customer_id',
  'customer_rate_sheets.billing_customer_id',
  'customer_users.billing_customer_id',
  'customers.billing_customer_id',
  'dunning_emails.customer_id',
  'equipment.customer_id',
  'invoices.billing_customer_id',
  'invoices.customer_id',
  'pm_contracts.customer_id',
  'projects.customer_id',
  'quotes.customer_id',
  'sales_tag_links.customer_id',
  'schedule_items.customer_id',
  'work_orders.billing_customer_id',
  'work_orders.customer_id',
] as const;

/**
 * `Customer/merge`: a duplicate customer disappears into the customer kept, in one transaction. Its work orders,
 * contacts, schedule items, equipment, quotes, estimates and flags move to the customer kept. What was billed to the duplicate (work orders'
 * billing, service locations, rate sheets, invoices and credit memos) moves to whoever bills the customer kept:
 * itself when it is a billing customer (or when the duplicate was its own billing customer: it then bills itself),
 * else its billing customer; its invoices as a site move to the customer kept.
 * The duplicate is then deleted; a reference left behind would make the delete fail and undo everything.
 */
export async function mergeCustomers(ctx: Ctx, body: MergeCustomersBody): Promise<MergeCustomersAnswer> {
  const { keepCustomerId, mergeCustomerId } = body;
  if (keepCustomerId === mergeCustomerId) throw new AppError(400, 'A customer cannot be merged into itself: choose two different customers.');
  return ctx.db.transaction(async (tx) => {
    const found = await companyCustomers(tx, ctx, [keepCustomerId, mergeCustomerId], { lock: true });
    const kept = found.get(keepCustomerId);
    const merged = found.get(mergeCustomerId);
    if (!kept || !merged) throw notFound('Customer');

    let billingTarget = kept.billingCustomerId ?? kept.id;
    if (kept.billingCustomerId === merged.id) {
      await tx.update(customers).set({ billingCustomerId: null, isBillingCustomer: true }).where(ofTenant(customers, ctx, eq(customers.id, kept.id)));
      billingTarget = kept.id;
    }

    const movedWorkOrders = await tx
      .update(workOrders)
      .set({
        customerId: sql`(case when ${workOrders.customerId} = ${merged.id} then ${kept.id}::int else ${workOrders.customerId} end)`,
        billingCustomerId: sql`(case when ${workOrders.billingCustomerId} = ${merged.id} then ${billingTarget}::int else ${workOrders.billingCustomerId} end)`,
      })
      .where(ofTenant(workOrders, ctx, sql`(${workOrders.customerId} = ${merged.id} or ${workOrders.billingCustomerId} = ${merged.id})`))
      .returning({ id: workOrders.id });
    const locations = await tx
      .update(customers)
      .set({ billingCustomerId: billingTarget })
      .where(ofTenant(customers, ctx, eq(customers.billingCustomerId, merged.id)))
      .returning({ id: customers.id });
    const rateSheets = await tx
      .update(customerRateSheets)
      .set({ billingCustomerId: billingTarget })
      .where(ofTenant(customerRateSheets, ctx, eq(customerRateSheets.billingCustomerId, merged.id)))
      .returning({ id: customerRateSheets.id });
    const schedule = await tx
      .update(scheduleItems)
      .set({ customerId: kept.id })
      .where(ofTenant(scheduleItems, ctx, eq(scheduleItems.customerId, merged.id)))
      .returning({ id: scheduleItems.id });
    // The duplicate site's equipment stands at the site kept, with the work orders that name it.
    await tx.update(equipment).set({ customerId: kept.id }).where(ofTenant(equipment, ctx, eq(equipment.customerId, merged.id)));
    // The duplicate site's projects are the site kept's.
    await tx.update(projects).set({ customerId: kept.id }).where(ofTenant(projects, ctx, eq(projects.customerId, merged.id)));
    // Quotes, estimates, invoices and credit memos follow the customer they were made for.
    await tx.update(quotes).set({ customerId: kept.id }).where(ofTenant(quotes, ctx, eq(quotes.customerId, merged.id)));
    await tx.update(customerEstimates).set({ customerId: kept.id }).where(ofTenant(customerEstimates, ctx, eq(customerEstimates.customerId, merged.id)));
    await tx.update(invoices).set({ customerId: kept.id }).where(ofTenant(invoices, ctx, eq(invoices.customerId, merged.id)));
    await tx.update(invoices).set({ billingCustomerId: billingTarget }).where(ofTenant(invoices, ctx, eq(invoices.billingCustomerId, merged.id)));
    await tx.update(creditMemos).set({ billingCustomerId: billingTarget }).where(ofTenant(creditMemos, ctx, eq(creditMemos.billingCustomerId, merged.id)));
    // Portal links sent from the duplicate open the customer kept, billed as its invoices are.
    await tx.update(customerPortalLinks).set({ customerId: kept.id }).where(ofTenant(customerPortalLinks, ctx, eq(customerPortalLinks.customerId, merged.id)));
    await tx.update(customerPortalLinks).set({ billingCustomerId: billingTarget }).where(ofTenant(customerPortalLinks, ctx, eq(customerPortalLinks.billingCustomerId, merged.id)));
    // The duplicate's customer users, and the sign-ins asked for it, read the portal of the customer billed in its place.
    await tx.update(customerUsers).set({ billingCustomerId: billingTarget }).where(ofTenant(customerUsers, ctx, eq(customerUsers.billingCustomerId, merged.id)));
    await tx.update(customerAccessRequests).set({ billingCustomerId: billingTarget }).where(ofTenant(customerAccessRequests, ctx, eq(customerAccessRequests.billingCustomerId, merged.id)));
    // Collection tasks and dunning e-mails follow the invoices they are about; a dunning the customer billed got the same
    // day for the same template and bucket is one already (its e-mail stays in the outbox).
    await tx.update(collectionTasks).set({ customerId: billingTarget }).where(ofTenant(collectionTasks, ctx, eq(collectionTasks.customerId, merged.id)));
    await tx.execute(sql`delete from dunning_emails d where d.subscriber_id = ${ctx.actor.subscriberId} and d.customer_id = ${merged.id}
      and exists (select 1 from dunning_emails k where k.customer_id = ${billingTarget} and k.template_id is not distinct from d.template_id and k.bucket = d.bucket and k.entered_on = d.entered_on)`);
    await tx.execute(sql`update dunning_emails set customer_id = ${billingTarget} where subscriber_id = ${ctx.actor.subscriberId} and customer_id = ${merged.id}`);
    // Work orders a credit hold of the duplicate moved return to their status when the customer billed for them is released.
    await tx.update(creditHeldWorkOrders).set({ customerId: billingTarget }).where(ofTenant(creditHeldWorkOrders, ctx, eq(creditHeldWorkOrders.customerId, merged.id)));

    // One primary contact per customer: the kept customer's stays primary.
    const [keptPrimary] = await tx.select({ id: contacts.id }).from(contacts).where(ofTenant(contacts, ctx, eq(contacts.customerId, kept.id), eq(contacts.isPrimary, true))).limit(1);
    if (keptPrimary) await tx.update(contacts).set({ isPrimary: false }).where(ofTenant(contacts, ctx, eq(contacts.customerId, merged.id)));
    const people = await tx.update(contacts).set({ customerId: kept.id }).where(ofTenant(contacts, ctx, eq(contacts.customerId, merged.id))).returning({ id: contacts.id });

    const flags = await tx
      .insert(customerFlagLinks)
      .select(
        tx
          .select({ subscriberId: customerFlagLinks.subscriberId, customerId: sql<number>`${kept.id}::int`.as('customer_id'), customerFlagId: customerFlagLinks.customerFlagId })
          .from(customerFlagLinks)
          .where(ofTenant(customerFlagLinks, ctx, eq(customerFlagLinks.customerId, merged.id))),
      )
      .onConflictDoNothing()
      .returning({ id: customerFlagLinks.customerFlagId });
    await tx.delete(customerFlagLinks).where(ofTenant(customerFlagLinks, ctx, eq(customerFlagLinks.customerId, merged.id)));

    // The duplicate's sales tags follow it, once each: a tag the kept customer carries already keeps its own note.
    await tx.execute(sql`delete from sales_tag_links d where d.subscriber_id = ${ctx.actor.subscriberId} and d.customer_id = ${merged.id}
      and exists (select 1 from sales_tag_links k where k.customer_id = ${kept.id} and k.sales_tag_id = d.sales_tag_id)`);
    await tx.update(salesTagLinks).set({ customerId: kept.id }).where(ofTenant(salesTagLinks, ctx, eq(salesTagLinks.customerId, merged.id)));

    await tx.delete(customers).where(ofTenant(customers, ctx, eq(customers.id, merged.id)));

    const answer = {
      workOrders: movedWorkOrders.length,
      locations: locations.length,
      contacts: people.length,
      scheduleItems: schedule.length,
      rateSheets: rateSheets.length,
      flags: flags.length,
    };
    const after = { mergedCustomerId: merged.id, mergedCustomerName: merged.name, ...answer, workOrderIds: movedWorkOrders.map((w) => w.id) };
    const reason = body.reason?.trim() || null;
    await recordAudit(tx, ctx, { entity: 'customer', entityId: kept.id, action: 'merge', before: kept, after, reason });
    await recordAudit(tx, ctx, { entity: 'customer', entityId: merged.id, action: 'mergedInto', before: merged, after: { keepCustomerId: kept.id, keepCustomerName: kept.name }, reason });
    return answer;
  });
}
