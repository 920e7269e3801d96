import { sql } from 'drizzle-orm';
import { customers } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { customerDefaultsOf } from '../../office/customers/customer-defaults';
import { jsonRecords, preparedStatement } from '../../../lib/statement';
import { rowsByExternalId } from './import-lookups';
import type { BatchResult, StagedRow } from './import-writer-types';

interface SiteData {
  externalId: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
}
interface CustomerData extends SiteData {
  email: string | null;
  notes: string | null;
  /** Null when the file leaves it blank. */
  isTaxExempt: boolean | null;
}

/** A customer or location written, as the upserts answer it. */
interface Saved {
  id: number;
  externalId: string;
  inserted: boolean;
}

const SITE_SHAPE = '"externalId" text, name text, address text, city text, state text, zip text, phone text';
const SITE_SET = 'name = excluded.name, address = excluded.address, city = excluded.city, state = excluded.state, zip = excluded.zip, phone = excluded.phone';
const RETURNING = sql.raw('returning c.id, c.external_id as "externalId", (c.xmax = 0) as inserted');
const company = sql.placeholder('subscriberId');
// The company's customer defaults, the same for every row of a batch: what a new customer or location starts with.
const DEFAULT_LISTS = sql`${sql.placeholder('termsId')}::int, ${sql.placeholder('billingMethodId')}::int, ${sql.placeholder('paymentMethodId')}::int`;

/**
 * The batch's billing customers, inserted or updated by external id within the company, in one statement: a new one
 * takes the company's terms, billing and payment method, one imported before keeps its own.
 */
const upsertBillingCustomers = preparedStatement<Saved>(
  'import_upsert_billing_customers',
  () => sql`insert into ${customers} as c (subscriber_id, external_id, name, address, city, state, zip, phone, email, notes, is_tax_exempt, terms_id, billing_method_id, payment_method_id, is_billing_customer)
    select ${company}::int, x."externalId", x.name, x.address, x.city, x.state, x.zip, x.phone, x.email, x.notes, x."isTaxExempt", ${DEFAULT_LISTS}, true
      from ${jsonRecords(`x(${SITE_SHAPE}, email text, notes text, "isTaxExempt" boolean)`)}
    on conflict (subscriber_id, external_id) where external_id is not null
    do update set ${sql.raw(SITE_SET)}, email = excluded.email, notes = excluded.notes, is_tax_exempt = excluded.is_tax_exempt
    ${RETURNING}`,
);

/**
 * The batch's service locations under their customers, in one statement; an external id that is a billing customer's
 * is left alone (no row answered for it). A new location starts with the company's customer defaults too; one imported
 * before keeps its own.
 */
const upsertLocations = preparedStatement<Saved>(
  'import_upsert_locations',
  () => sql`insert into ${customers} as c (subscriber_id, external_id, name, address, city, state, zip, phone, is_tax_exempt, terms_id, billing_method_id, payment_method_id, is_billing_customer, billing_customer_id)
    select ${company}::int, x."externalId", x.name, x.address, x.city, x.state, x.zip, x.phone, ${sql.placeholder('isTaxExempt')}::boolean, ${DEFAULT_LISTS}, false, x."parentId"
      from ${jsonRecords(`x(${SITE_SHAPE}, "parentId" int)`)}
    on conflict (subscriber_id, external_id) where external_id is not null
    do update set ${sql.raw(SITE_SET)}, billing_customer_id = excluded.billing_customer_id, is_billing_customer = false
      where c.billing_customer_id is not null
    ${RETURNING}`,
);

/** The company's billing customers among external ids: their ids by external id. */
async function billingCustomersAmong(tx: Tx, subscriberId: number, externalIds: string[]): Promise<Map<string, number>> {
  const found = await rowsByExternalId<{ id: number; externalId: string; billingCustomerId: number | null }>(
    tx, customers, subscriberId, externalIds, sql`, ${customers.billingCustomerId} as "billingCustomerId"`,
  );
  return new Map(found.filter((c) => c.billingCustomerId === null).map((c) => [c.externalId, c.id]));
}

/**
 * The billing customers' tax status as written: the file's, or where it leaves it blank, the one a customer imported
 * before keeps, or the company's default for a new one.
 */
async function withTaxStatus(tx: Tx, subscriberId: number, rows: CustomerData[], isExemptByDefault: boolean): Promise<CustomerData[]> {
  const blank = rows.filter((c) => c.isTaxExempt === null).map((c) => c.externalId);
  const kept = new Map(
    (await rowsByExternalId<{ id: number; externalId: string; isTaxExempt: boolean }>(tx, customers, subscriberId, blank, sql`, ${customers.isTaxExempt} as "isTaxExempt"`)).map((r) => [
      r.externalId,
      r.isTaxExempt,
    ]),
  );
  return rows.map((c) => ({ ...c, isTaxExempt: c.isTaxExempt ?? kept.get(c.externalId) ?? isExemptByDefault }));
}

/** The last row of each external id: a file that names a customer twice keeps its last values. */
function lastOf<T extends { externalId: string }>(items: T[]): T[] {
  return [...new Map(items.map((i) => [i.externalId, i])).values()];
}

/**
 * A batch of customer rows in three statements: the billing customers upserted by external id, the parents of
 * QuickBooks jobs looked up, and the service locations upserted under their customer. A row is written whole or not
 * at all: the batch commits in one transaction, and a location whose customer cannot be found, or whose external id
 * is a billing customer's, is refused before its statement.
 */
export async function writeCustomers(tx: Tx, ctx: Ctx, rows: StagedRow[]): Promise<BatchResult> {
  const subscriberId = ctx.actor.subscriberId;
  const result: BatchResult = { created: 0, updated: 0, rejected: [] };
  // A location's external id that is a billing customer's refuses the whole row, before anything of it is written.
  const locationIds = rows.map((r) => (r.data.l as SiteData | null)?.externalId).filter((e): e is string => !!e);
  const taken = await billingCustomersAmong(tx, subscriberId, locationIds);
  const refused = (row: StagedRow) => taken.has((row.data.l as SiteData | null)?.externalId ?? '');
  for (const row of rows.filter(refused)) {
    result.rejected.push({ line: row.line, message: `Location External ID ${(row.data.l as SiteData).externalId} is a billing customer's, not a service location's.` });
  }
  rows = rows.filter((r) => !refused(r));
  const { isTaxExempt, ...lists } = await customerDefaultsOf(tx, ctx);
  const full = lastOf(rows.filter((r) => !r.data.parentOnly).map((r) => r.data.c as CustomerData));
  const ids = new Map<string, { id: number; inserted: boolean }>();
  if (full.length) {
    const saved = await upsertBillingCustomers(tx, { subscriberId, ...lists, rows: JSON.stringify(await withTaxStatus(tx, subscriberId, full, isTaxExempt)) });
    for (const s of saved) ids.set(s.externalId, { id: s.id, inserted: s.inserted });
  }
  const parents = [...new Set(rows.filter((r) => r.data.parentOnly).map((r) => (r.data.c as SiteData).externalId))].filter((e) => !ids.has(e));
  for (const [externalId, id] of await billingCustomersAmong(tx, subscriberId, parents)) ids.set(externalId, { id, inserted: false });
  const withLocation: { row: StagedRow; l: SiteData; parentId: number }[] = [];
  for (const row of rows) {
    const c = row.data.c as SiteData;
    const l = row.data.l as SiteData | null;
    const parent = ids.get(c.externalId);
    if (!parent) result.rejected.push({ line: row.line, message: `The customer ${c.name} is not among the company's billing customers, so its location cannot be written.` });
    else if (l) withLocation.push({ row, l, parentId: parent.id });
    else if (parent.inserted) result.created++;
    else result.updated++;
  }
  if (withLocation.length) {
    const locations = lastOf(withLocation.map((w) => ({ ...w.l, parentId: w.parentId })));
    const saved = await upsertLocations(tx, { subscriberId, isTaxExempt, ...lists, rows: JSON.stringify(locations) });
    const outcome = new Map(saved.map((s) => [s.externalId, s.inserted]));
    for (const w of withLocation) {
      const inserted = outcome.get(w.l.externalId);
      if (inserted === undefined) throw new Error(`The location ${w.l.externalId} was not written.`);
      if (inserted) result.created++;
      else result.updated++;
    }
  }
  return result;
}
