import { asc, count, eq, ne, or, sql } from 'drizzle-orm';
import { toCsv, type ContactGridRow, type ContactsExportQuery, type GridRequestParsed, type SaveContactParsed } from '@sm/shared';
import { contacts, customers } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { gridQuery, type GridColumns } from '../../../lib/grid';
import { ofTenant } from '../../../lib/tenancy';
import { companyCustomers, containsPattern } from './customer-visibility';

const columns: GridColumns = {
  contactId: { sql: contacts.id, type: 'number' },
  customerId: { sql: contacts.customerId, type: 'number' },
  customerName: { sql: customers.name, type: 'text' },
  name: { sql: contacts.name, type: 'text' },
  title: { sql: contacts.title, type: 'text' },
  phone: { sql: contacts.phone, type: 'text' },
  email: { sql: contacts.email, type: 'text' },
  isPrimary: { sql: sql`(case when ${contacts.isPrimary} then 1 else 0 end)`, type: 'number' },
};

const rowColumns = {
  contactId: contacts.id,
  customerId: contacts.customerId,
  customerName: customers.name,
  name: contacts.name,
  title: contacts.title,
  phone: contacts.phone,
  email: contacts.email,
  isPrimary: contacts.isPrimary,
};

/** `Contacts/contacts`: the company's contacts with their customer, paged, sorted and filtered on the server. */
export async function listContacts(ctx: Ctx, req: GridRequestParsed): Promise<{ data: ContactGridRow[]; total: number }> {
  const q = gridQuery(req, columns, { field: 'name', dir: 'asc' });
  const where = ofTenant(contacts, ctx, q.where);
  const rows = await ctx.db
    .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(contacts)
    .innerJoin(customers, eq(customers.id, contacts.customerId))
    .where(where)
    .orderBy(...q.orderBy, asc(contacts.id))
    .limit(q.limit)
    .offset(q.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.offset > 0) {
    [{ total }] = await ctx.db.select({ total: count() }).from(contacts).innerJoin(customers, eq(customers.id, contacts.customerId)).where(where);
  }
  return { total, data: rows.map(({ total: _, ...r }) => r) };
}

/**
 * The customer of a contact, locked so that two people marking a primary contact at once take turns; when the
 * contact is primary, the customer's other contacts stop being primary (one primary per customer).
 */
async function prepareCustomer(tx: Tx, ctx: Ctx, body: SaveContactParsed, contactId: number | null) {
  if (!(await companyCustomers(tx, ctx, [body.customerId], { lock: true })).has(body.customerId)) throw notFound('Customer');
  if (body.isPrimary) {
    await tx
      .update(contacts)
      .set({ isPrimary: false })
      .where(ofTenant(contacts, ctx, eq(contacts.customerId, body.customerId), eq(contacts.isPrimary, true), contactId ? ne(contacts.id, contactId) : undefined));
  }
}

const valuesOf = (body: SaveContactParsed) => ({
  customerId: body.customerId,
  name: body.name,
  title: body.title,
  phone: body.phone,
  email: body.email,
  isPrimary: body.isPrimary,
});

/** `Contacts/create`: a person to call at a customer of the company. */
export async function createContact(ctx: Ctx, body: SaveContactParsed): Promise<{ contactId: number }> {
  return ctx.db.transaction(async (tx) => {
    await prepareCustomer(tx, ctx, body, null);
    const [row] = await tx.insert(contacts).values({ subscriberId: ctx.actor.subscriberId, ...valuesOf(body) }).returning({ id: contacts.id });
    return { contactId: row.id };
  });
}

/** `PUT Contacts/{contactId}`: every field again (the contact may move to another customer of the company). */
export async function updateContact(ctx: Ctx, contactId: number, body: SaveContactParsed): Promise<{ contactId: number }> {
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: contacts.id }).from(contacts).where(ofTenant(contacts, ctx, eq(contacts.id, contactId))).for('update');
    if (!existing) throw notFound('Contact');
    await prepareCustomer(tx, ctx, body, contactId);
    await tx.update(contacts).set(valuesOf(body)).where(ofTenant(contacts, ctx, eq(contacts.id, contactId)));
    return { contactId };
  });
}

/** `DELETE Contacts/{contactId}`. */
export async function deleteContact(ctx: Ctx, contactId: number): Promise<{ contactId: number }> {
  const [row] = await ctx.db.delete(contacts).where(ofTenant(contacts, ctx, eq(contacts.id, contactId))).returning({ id: contacts.id });
  if (!row) throw notFound('Contact');
  return { contactId };
}

export const CONTACTS_CSV_HEADER = ['Customer', 'Name', 'Title', 'Phone', 'Email', 'Primary'] as const;

/**
 * `Contacts/export`: the company's contacts whose name, customer, phone or e-mail contain `search` (of one customer,
 * or primary contacts only, when asked), as CSV (RFC 4180), by customer and name. Cells a spreadsheet would run as
 * formulas are defused (`toCsv` of the shared package).
 */
export async function exportContacts(ctx: Ctx, query: ContactsExportQuery): Promise<string> {
  const text = query.search?.trim();
  const pattern = text ? containsPattern(text) : null;
  const rows = await ctx.db
    .select(rowColumns)
    .from(contacts)
    .innerJoin(customers, eq(customers.id, contacts.customerId))
    .where(
      ofTenant(
        contacts,
        ctx,
        pattern
          ? or(
              sql`lower(${contacts.name}) like ${pattern}`,
              sql`lower(${customers.name}) like ${pattern}`,
              sql`lower(coalesce(${contacts.email}, '')) like ${pattern}`,
              sql`coalesce(${contacts.phone}, '') like ${pattern}`,
            )
          : undefined,
        query.customerId === undefined ? undefined : eq(contacts.customerId, query.customerId),
        query.primaryOnly ? eq(contacts.isPrimary, true) : undefined,
      ),
    )
    .orderBy(asc(customers.name), asc(contacts.name), asc(contacts.id))
    .limit(query.take)
    .offset(query.skip);
  return toCsv([CONTACTS_CSV_HEADER, ...rows.map((r) => [r.customerName, r.name, r.title, r.phone, r.email, r.isPrimary ? 'Yes' : 'No'])]);
}
