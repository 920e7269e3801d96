import { asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { canRead, type Access, type SearchContact, type SearchCustomer, type SearchRecordsAnswer, type SearchRecordsQuery, type SearchWorkOrder } from '@sm/shared';
import { contacts, customers, workOrderStatuses, workOrders } from '../../db/schema';
import type { Ctx, DbOrTx } from '../../lib/context';
import { ofTenant, ofTenantByOtherIndex } from '../../lib/tenancy';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { visibleWorkOrders } from '../work-orders/work-order-visibility';

/**
 * What a typed text means to the search: the text in lower case for trigram matching (pg_trgm, migration 0009), the
 * same as a LIKE pattern with its wildcards escaped, and its digits when it reads as a phone number.
 */
interface Terms {
  text: string;
  contains: string;
  /** Digits of a phone-like text (only digits, spaces and phone punctuation, at least four digits), else null. */
  digits: string | null;
  /** Whether the text looks like a part of an e-mail address. */
  isEmail: boolean;
}

export function termsOf(q: string): Terms {
  const text = q.trim().toLowerCase();
  const digits = text.replace(/\D/g, '');
  return {
    text,
    contains: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    digits: /^[\d\s().+-]+$/.test(text) && digits.length >= 4 ? digits.replace(/^1(?=\d{10}$)/, '') : null,
    isEmail: text.includes('@'),
  };
}

/** The column's digits contain the typed digits: a phone written 214-555-0101, (214) 555 0101 or +1 214... alike. */
const phoneHas = (column: PgColumn, digits: string) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`;

/**
 * `word_similarity(text, column) >= pg_trgm.word_similarity_threshold`, written with the column on the left so the
 * trigram GIN index on that expression answers it.
 */
const near = (column: SQL, t: Terms) => sql`${column} %> ${t.text}`;

/**
 * How close a text must come to count as a match (pg_trgm's `word_similarity_threshold`, 0.6 unless set): low enough
 * that two misspelt words ("pecn lodg" for Pecan Lodge) still find their record, the closest ones coming first.
 */
export const SEARCH_WORD_SIMILARITY = 0.5;

/** The most recent matching work orders a search ranks (see `findWorkOrders`). */
export const SEARCH_WORK_ORDER_CANDIDATES = 200;

/**
 * The company's rows among a trigram search's candidates; a phone number or an e-mail address, which no index holds
 * as typed, is looked for among the company's rows instead.
 */
const scoped = (t: Terms) => (t.digits || t.isEmail ? ofTenant : ofTenantByOtherIndex);
const closeness = (column: SQL, t: Terms) => sql`word_similarity(${t.text}, ${column})`;

const woNumber = sql`lower(${workOrders.workOrderNumber})`;
const woProblem = sql`lower(${workOrders.problem})`;
const customerName = sql`lower(${customers.name})`;
const customerPlace = sql`lower(${customers.address} || ' ' || ${customers.city})`;
const contactName = sql`lower(${contacts.name})`;

interface Page {
  take: number;
  skip: number;
}

/**
 * Work orders by number (any part of it: numbers are not guessed) or problem (typos forgiven), only those the caller
 * may see. The closest come first among the most recent matches: a common word ("cooler") matches a large share of a
 * company's work orders, and ranking every one of them costs more than a search box may, so the ranking looks at the
 * newest `SEARCH_WORK_ORDER_CANDIDATES` matches.
 */
async function findWorkOrders(db: DbOrTx, ctx: Ctx, access: Access, t: Terms, customerId: number | undefined, page: Page): Promise<SearchWorkOrder[]> {
  const candidates = db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(
      ofTenant(
        workOrders,
        ctx,
        or(sql`${woNumber} like ${t.contains}`, near(woProblem, t)),
        customerId ? eq(workOrders.customerId, customerId) : undefined,
        visibleWorkOrders(ctx, access),
      ),
    )
    .orderBy(desc(workOrders.createdAt))
    .limit(SEARCH_WORK_ORDER_CANDIDATES)
    .as('candidates');
  return db
    .select({
      workOrderId: workOrders.id,
      workOrderNumber: workOrders.workOrderNumber,
      problem: workOrders.problem,
      customerName: customers.name,
      status: workOrderStatuses.name,
    })
    .from(candidates)
    .innerJoin(workOrders, eq(workOrders.id, candidates.id))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .orderBy(desc(sql`${woNumber} = ${t.text}`), desc(closeness(woProblem, t)), desc(workOrders.workOrderNumber))
    .limit(page.take)
    .offset(page.skip);
}

/** Customers by name or address (typos forgiven), or by phone digits. */
async function findCustomers(db: DbOrTx, ctx: Ctx, t: Terms, customerId: number | undefined, page: Page): Promise<SearchCustomer[]> {
  const matches = t.digits ? or(phoneHas(customers.phone, t.digits), near(customerPlace, t)) : or(near(customerName, t), near(customerPlace, t));
  const score = sql<number>`greatest(${closeness(customerName, t)}, ${closeness(customerPlace, t)})`;
  return db
    .select({ customerId: customers.id, name: customers.name, address: customers.address, city: customers.city, phone: customers.phone })
    .from(customers)
    .where(scoped(t)(customers, ctx, matches, customerId ? eq(customers.id, customerId) : undefined))
    .orderBy(desc(score), asc(customers.name), asc(customers.id))
    .limit(page.take)
    .offset(page.skip);
}

/**
 * Contacts by name (typos forgiven), phone digits or a part of their e-mail address. An e-mail or phone typed is
 * exact: its contacts come before those whose name merely resembles it (two contacts may share a name).
 */
async function findContacts(db: DbOrTx, ctx: Ctx, t: Terms, customerId: number | undefined, page: Page): Promise<SearchContact[]> {
  const arms: SQL[] = [near(contactName, t)];
  if (t.digits) arms.push(phoneHas(contacts.phone, t.digits));
  if (t.isEmail) arms.push(sql`lower(${contacts.email}) like ${t.contains}`);
  return db
    .select({
      contactId: contacts.id,
      name: contacts.name,
      customerId: contacts.customerId,
      customerName: customers.name,
      phone: contacts.phone,
      email: contacts.email,
    })
    .from(contacts)
    .innerJoin(customers, eq(customers.id, contacts.customerId))
    .where(scoped(t)(contacts, ctx, or(...arms), customerId ? eq(contacts.customerId, customerId) : undefined))
    .orderBy(...(arms.length > 1 ? [desc(sql`(${or(...arms.slice(1))})`)] : []), desc(closeness(contactName, t)), asc(contacts.name), asc(contacts.id))
    .limit(page.take)
    .offset(page.skip);
}

/**
 * `GET Search/records`: one text looked for in work orders, customers and contacts at once, best matches first in
 * each group. Each group answers only what the caller may read: work orders need Work Orders (all of them with 'All
 * WorkOrders', else the caller's own), customers need Customers, contacts need Contacts; a group the caller may not
 * read is empty, never refused, so the one box serves everyone.
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
    // For this transaction only: the connection goes back to the pool as it came.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_WORD_SIMILARITY)}, true)`);
    return {
      workOrders: reads.workOrders ? await findWorkOrders(tx, ctx, access, t, query.customerId, page) : [],
      customers: reads.customers ? await findCustomers(tx, ctx, t, query.customerId, page) : [],
      contacts: reads.contacts ? await findContacts(tx, ctx, t, query.customerId, page) : [],
    };
  });
}

