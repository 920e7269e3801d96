import { and, asc, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { jsonNumberOf, type PortalInvoice, type PortalSummary, type PortalWorkOrder } from '@sm/shared';
import { customers, invoices, scheduleItems, subscribers, users, workOrders, workOrderSignatures, workOrderStatuses } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { statusOf as invoiceStatusOf } from '../../money/invoices/invoices.service';
import { invoicePdf } from '../../money/documents/invoice-document.service';
import { customerAddressLine } from '../customers/customer-address';
import type { PortalScope } from './portal-links.service';

/** Work orders that are done with (cancelled, duplicate, completed, invoiced, billed): listed as past. */
const PAST_STATUS_IDS = new Set([22, 25, 27, 38, 53]);
/** The most work orders and invoices one answer lists, newest first. */
const LIST_LIMIT = 200;

/** The billing customer's own records and its locations': the one scope every portal answer is read in. */
export const locationsOf = (p: PortalScope): SQL =>
  and(eq(customers.subscriberId, p.subscriberId), or(eq(customers.id, p.billingCustomerId), eq(customers.billingCustomerId, p.billingCustomerId)))!;

/**
 * The work orders billed to the link's billing customer: those that name it, and those at its locations that name no
 * other billing customer. A condition on a query of `work_orders` joined to its site (`customers`).
 */
export const workOrdersOf = (p: PortalScope): SQL =>
  and(
    eq(workOrders.subscriberId, p.subscriberId),
    or(eq(workOrders.billingCustomerId, p.billingCustomerId), and(isNull(workOrders.billingCustomerId), or(eq(customers.id, p.billingCustomerId), eq(customers.billingCustomerId, p.billingCustomerId)))),
  )!;

/** A location as the portal shows it. */
export const locationColumns = { customerId: customers.id, name: customers.name, address: customerAddressLine };

/** `GET CustomerPortal/{id}`: the company, the billing customer, the contact, the link's end and the locations. */
export async function readPortalSummary(p: PortalScope): Promise<PortalSummary> {
  const db = p.ctx.db;
  const [[company], [billing], locations] = await Promise.all([
    db.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, p.subscriberId)),
    db.select({ name: customers.name }).from(customers).where(and(eq(customers.subscriberId, p.subscriberId), eq(customers.id, p.billingCustomerId))),
    db.select(locationColumns).from(customers).where(locationsOf(p)).orderBy(asc(customers.name), asc(customers.id)),
  ]);
  return { companyName: company.name, customerName: billing.name, contactName: p.contactName, expiresAt: p.expiresAt?.toISOString() ?? null, locations };
}

/** The first word of a name: all the customer learns of the technician. */
const firstNameOf = (name: string | null) => name?.trim().split(/\s+/)[0] || null;

async function portalWorkOrders(p: PortalScope, only?: number): Promise<PortalWorkOrder[]> {
  const db = p.ctx.db;
  const rows = await db
    .select({ id: workOrders.id, number: workOrders.workOrderNumber, problem: workOrders.problem, statusId: workOrders.workOrderStatusId, status: workOrderStatuses.name, createdAt: workOrders.createdAt, location: locationColumns })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .where(and(workOrdersOf(p), only === undefined ? undefined : eq(workOrders.id, only)))
    .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
    .limit(LIST_LIMIT);
  const ids = rows.map((r) => r.id);
  const visits = ids.length === 0 ? [] : await db
    .select({ workOrderId: scheduleItems.workOrderId, startAt: scheduleItems.startAt, technician: users.name })
    .from(scheduleItems)
    .leftJoin(users, eq(users.id, scheduleItems.technicianUserId))
    .where(and(eq(scheduleItems.subscriberId, p.subscriberId), inArray(scheduleItems.workOrderId, ids), eq(scheduleItems.kind, 'service'), eq(scheduleItems.isDeleted, false)))
    .orderBy(asc(scheduleItems.startAt), asc(scheduleItems.id));
  const signatures = ids.length === 0 ? [] : await db
    .select({ workOrderId: workOrderSignatures.workOrderId, signerName: workOrderSignatures.signerName, signedAt: workOrderSignatures.signedAt })
    .from(workOrderSignatures)
    .where(and(eq(workOrderSignatures.subscriberId, p.subscriberId), inArray(workOrderSignatures.workOrderId, ids)))
    .orderBy(asc(workOrderSignatures.signedAt), asc(workOrderSignatures.id));
  return rows.map((r) => ({
    workOrderId: r.id, workOrderNumber: r.number, location: r.location, problem: r.problem, status: r.status, isOpen: !PAST_STATUS_IDS.has(r.statusId), createdAt: r.createdAt.toISOString(),
    visits: visits.filter((v) => v.workOrderId === r.id).map((v) => ({ startAt: v.startAt.toISOString(), technicianFirstName: firstNameOf(v.technician) })),
    signatures: signatures.filter((g) => g.workOrderId === r.id).map((g) => ({ signerName: g.signerName, signedAt: g.signedAt.toISOString() })),
  }));
}

/** `GET CustomerPortal/{id}/workOrders`: the billing customer's work orders, newest first, with their visits. */
export const listPortalWorkOrders = (p: PortalScope) => portalWorkOrders(p);

/** `GET CustomerPortal/{id}/workOrders/{workOrderId}`: one of them; any other work order is a 404. */
export async function readPortalWorkOrder(p: PortalScope, workOrderId: number): Promise<PortalWorkOrder> {
  const [row] = await portalWorkOrders(p, workOrderId);
  if (!row) throw notFound('Work order');
  return row;
}

/** The billing customer's invoices, or the one asked for. */
function invoicesQuery(p: PortalScope, only?: number) {
  return p.ctx.db
    .select({ invoiceId: invoices.id, invoiceNumber: invoices.invoiceNumber, invoiceDate: invoices.invoiceDate, workOrderNumber: workOrders.workOrderNumber, total: invoices.total, amountDue: invoices.amountDue, location: locationColumns })
    .from(invoices)
    .innerJoin(workOrders, eq(workOrders.id, invoices.workOrderId))
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(eq(invoices.subscriberId, p.subscriberId), eq(invoices.billingCustomerId, p.billingCustomerId), only === undefined ? undefined : eq(invoices.id, only)))
    .orderBy(desc(invoices.invoiceDate), desc(invoices.invoiceNumber))
    .limit(LIST_LIMIT);
}

/** `GET CustomerPortal/{id}/invoices`: the billing customer's invoices, newest first, each with what is still owed. */
export async function listPortalInvoices(p: PortalScope): Promise<PortalInvoice[]> {
  const rows = await invoicesQuery(p);
  return rows.map((r) => ({ ...r, total: jsonNumberOf(r.total), amountDue: jsonNumberOf(r.amountDue), status: invoiceStatusOf(r.amountDue) }));
}

/** `GET CustomerPortal/{id}/invoices/{invoiceId}/pdf`: the invoice as the office e-mails it (summary mode); another's is a 404. */
export async function portalInvoicePdf(p: PortalScope, invoiceId: number) {
  const [row] = await invoicesQuery(p, invoiceId);
  if (!row) throw notFound('Invoice');
  return invoicePdf(p.ctx, row.invoiceId, 'summary');
}
