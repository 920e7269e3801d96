import { asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { canRead, type Access, type SearchContact, type SearchCustomer, type SearchRecordsAnswer, type SearchRecordsQuery } from '@sm/shared';
import { contacts, customers } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { ofTenantByOtherIndex } from '../../../lib/tenancy';
import { closeness, matches, phoneHas, SEARCH_WORD_SIMILARITY, termsOf, type Terms } from './search-terms';
import { findWorkOrders, SEARCH_CUSTOMER_CANDIDATES, type MatchedCustomer } from './search-work-orders';

const customerText = sql`lower(${customers.name} || ' ' || ${customers.address} || ' ' || ${customers.city})`;
const customerName = sql`lower(${customers.name})`;
const contactName = sql`lower(${contacts.name})`;

interface Page {
  take: number;
  skip: number;
}

/**
 * The company's customers whose name and place hold every typed word (typos forgiven), or whose phone holds the
 * typed digits, best first, at most `limit`. Each carries its rank, which the work orders' search shares: a match of
 * the name (its closeness to the whole text at least `SEARCH_WORD_SIMILARITY`) ranks 2 + that closeness, above any
 * match of the address (1 + the address's closeness); phone digits, exact, rank 2, first among the latter.
 */
async function findCustomers(db: DbOrTx, ctx: Ctx, t: Terms, customerId: number | undefined, limit: number): Promise<MatchedCustomer[]> {
  const byPhone = t.digits ? phoneHas(customers.phone, t.digits) : sql`false`;
  const found = t.digits ? or(matches(customerText, t), byPhone)! : matches(customerText, t);
  const only = customerId ? sql`and ${customers.id} = ${customerId}` : sql``;
  // The inner select stays a subquery of its own (offset 0), so that the name's closeness is computed once a row,
  // and the address's only for the rows whose name is not close.
  const result = await db.execute(sql`
    select id as "customerId", name, address, city, phone,
           case when by_phone then 2 when by_name >= ${SEARCH_WORD_SIMILARITY} then 2 + by_name
                else 1 + word_similarity(${t.text}, lower(address || ' ' || city)) end as rank
      from (select ${customers.id}, ${customers.name}, ${customers.address}, ${customers.city}, ${customers.phone},
                   ${byPhone} as by_phone, ${closeness(customerName, t)} as by_name
              from ${customers}
             where ${ofTenantByOtherIndex(customers, ctx, found)} ${only}
            offset 0) as found
     order by rank desc, name, id
     limit ${limit}`);
  return (result as unknown as { rows: MatchedCustomer[] }).rows;
}

/**
 * Contacts by name (typos forgiven), phone digits or a part of their e-mail address. An e-mail or phone typed is
 * exact: its contacts come before those whose name merely resembles it (two contacts may share a name). The page is
 * chosen first and its customers' names read after, for its few rows only.
 */
async function findContacts(db: DbOrTx, ctx: Ctx, t: Terms, customerId: number | undefined, page: Page): Promise<SearchContact[]> {
  const arms: SQL[] = [matches(contactName, t)];
  if (t.digits) arms.push(phoneHas(contacts.phone, t.digits));
  if (t.isEmail) arms.push(sql`lower(${contacts.email}) like ${t.contains}`);
  const exact = arms.length > 1 ? sql<boolean>`(${or(...arms.slice(1))})` : sql<boolean>`false`;
  const closest = db
    .select({
      contactId: contacts.id,
      name: contacts.name,
      customerId: contacts.customerId,
      phone: contacts.phone,
      email: contacts.email,
      exact: exact.as('exact'),
      closeness: closeness(contactName, t).as('closeness'),
    })
    .from(contacts)
    .where(ofTenantByOtherIndex(contacts, ctx, or(...arms), customerId ? eq(contacts.customerId, customerId) : undefined))
    .orderBy(...(arms.length > 1 ? [desc(exact)] : []), desc(closeness(contactName, t)), asc(contacts.name), asc(contacts.id))
    .limit(page.take)
    .offset(page.skip)
    .as('closest');
  return db
    .select({ contactId: closest.contactId, name: closest.name, customerId: closest.customerId, customerName: customers.name, phone: closest.phone, email: closest.email })
    .from(closest)
    .innerJoin(customers, eq(customers.id, closest.customerId))
    .orderBy(desc(closest.exact), desc(closest.closeness), asc(closest.name), asc(closest.contactId));
}

/**
 * `GET Search/records`: one text looked for in work orders, customers and contacts at once, best matches first in
 * each group. Each group answers only what the caller may read: work orders need Work Orders (all of them with 'All
 * WorkOrders', else the caller's own), customers need Customers, contacts need Contacts; a group the caller may not
 * read is empty, never refused, so the one box serves everyone. The customers found are looked for once: they are
 * the customers group and, the closest `SEARCH_CUSTOMER_CANDIDATES` of them, what the work orders are found by.
 */
export async function searchRecords(ctx: Ctx, access: Access, query: SearchRecordsQuery): Promise<SearchRecordsAnswer> {
  const t = termsOf(query.q);
  const page = { take: query.take, skip: query.skip };
  const wants = (group: NonNullable<SearchRecordsQuery['only']>) => !query.only || query.only === group;
  const reads = {
    workOrders: wants('workOrders') && canRead(access, 'Work Orders'),
    customers: wants('customers') && canRead(access, 'Customers'),
    contacts: wants('contacts') && canRead(access, 'Contacts'),
  };
  if (!reads.workOrders && !reads.customers && !reads.contacts) return { workOrders: [], customers: [], contacts: [] };
  return ctx.db.transaction(async (tx) => {
    // For this transaction only, so that the connection goes back to the pool as it came: the threshold of a word's
    // match; the trigram indexes rather than reading whole tables, which the planner may think cheaper as it counts a
    // word's similarity, a few microseconds, as cheap as comparing two numbers; and no JIT compilation or parallel
    // workers, which a search's few milliseconds never repay (PostgreSQL compiles a statement whose estimated cost is
    // high, as the customers' work orders are before the customers are known).
    await tx.execute(sql`
      select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_WORD_SIMILARITY)}, true), set_config('enable_seqscan', 'off', true),
             set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
    const pageEnd = page.skip + page.take;
    const limit = Math.max(reads.workOrders ? SEARCH_CUSTOMER_CANDIDATES : 0, reads.customers ? pageEnd : 0);
    const found = limit > 0 ? await findCustomers(tx, ctx, t, query.customerId, limit) : [];
    return {
      workOrders: reads.workOrders ? await findWorkOrders(tx, ctx, access, t, query.customerId, found.slice(0, SEARCH_CUSTOMER_CANDIDATES), page) : [],
      customers: reads.customers ? found.slice(page.skip, pageEnd).map(({ rank: _, ...c }): SearchCustomer => c) : [],
      contacts: reads.contacts ? await findContacts(tx, ctx, t, query.customerId, page) : [],
    };
  });
}
