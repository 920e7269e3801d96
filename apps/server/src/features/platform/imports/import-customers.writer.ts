import { and, eq, inArray, sql } from 'drizzle-orm';
import { customers } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { customerDefaultsOf, type CustomerBillingFields } from '../../office/customers/customer-defaults';
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

const excluded = (column: string) => sql.raw(`excluded.${column}`);
const SITE_SET = { name: excluded('name'), address: excluded('address'), city: excluded('city'), state: excluded('state'), zip: excluded('zip'), phone: excluded('phone') };
const isInserted = sql<boolean>`(xmax = 0)`;

/**
 * The billing customers' rows as they are written: a new customer takes the company's customer defaults (tax status,
 * terms, billing and payment method), and one imported before keeps its own tax status where the file leaves it blank.
 */
async function withDefaults(tx: Tx, ctx: Ctx, rows: CustomerData[], defaults: CustomerBillingFields) {
  const blank = rows.filter((c) => c.isTaxExempt === null).map((c) => c.externalId);
  const kept = new Map(
    blank.length === 0
      ? []
      : (await tx
          .select({ externalId: customers.externalId, isTaxExempt: customers.isTaxExempt })
          .from(customers)
          .where(and(eq(customers.subscriberId, ctx.actor.subscriberId), inArray(customers.externalId, blank)))).map((r) => [r.externalId!, r.isTaxExempt]),
  );
  return rows.map((c) => ({ ...defaults, ...c, isTaxExempt: c.isTaxExempt ?? kept.get(c.externalId) ?? defaults.isTaxExempt }));
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
  const taken = new Set(
    locationIds.length === 0
      ? []
      : (await tx
          .select({ externalId: customers.externalId })
          .from(customers)
          .where(and(eq(customers.subscriberId, subscriberId), inArray(customers.externalId, locationIds), sql`${customers.billingCustomerId} is null`))).map((r) => r.externalId!),
  );
  const refused = (row: StagedRow) => taken.has((row.data.l as SiteData | null)?.externalId ?? '');
  for (const row of rows.filter(refused)) {
    result.rejected.push({ line: row.line, message: `Location External ID ${(row.data.l as SiteData).externalId} is a billing customer's, not a service location's.` });
  }
  rows = rows.filter((r) => !refused(r));
  const defaults = await customerDefaultsOf(tx, ctx);
  const full = lastOf(rows.filter((r) => !r.data.parentOnly).map((r) => r.data.c as CustomerData));
  const ids = new Map<string, { id: number; inserted: boolean }>();
  if (full.length) {
    const saved = await tx
      .insert(customers)
      .values((await withDefaults(tx, ctx, full, defaults)).map((c) => ({ subscriberId, ...c, isBillingCustomer: true, billingCustomerId: null })))
      .onConflictDoUpdate({
        target: [customers.subscriberId, customers.externalId],
        targetWhere: sql`external_id is not null`,
        set: { ...SITE_SET, email: excluded('email'), notes: excluded('notes'), isTaxExempt: excluded('is_tax_exempt') },
      })
      .returning({ id: customers.id, externalId: customers.externalId, inserted: isInserted });
    for (const s of saved) ids.set(s.externalId!, { id: s.id, inserted: s.inserted });
  }
  const parents = [...new Set(rows.filter((r) => r.data.parentOnly).map((r) => (r.data.c as SiteData).externalId))].filter((e) => !ids.has(e));
  if (parents.length) {
    const found = await tx
      .select({ id: customers.id, externalId: customers.externalId })
      .from(customers)
      .where(and(eq(customers.subscriberId, subscriberId), inArray(customers.externalId, parents), sql`${customers.billingCustomerId} is null`));
    for (const f of found) ids.set(f.externalId!, { id: f.id, inserted: false });
  }
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
    const saved = await tx
      .insert(customers)
      // A new location starts with the company's customer defaults too; one imported before keeps its own.
      .values(locations.map(({ parentId, ...l }) => ({ subscriberId, ...defaults, ...l, isBillingCustomer: false, billingCustomerId: parentId })))
      .onConflictDoUpdate({
        target: [customers.subscriberId, customers.externalId],
        targetWhere: sql`external_id is not null`,
        set: { ...SITE_SET, billingCustomerId: excluded('billing_customer_id'), isBillingCustomer: sql`false` },
        setWhere: sql`${customers.billingCustomerId} is not null`,
      })
      .returning({ externalId: customers.externalId, inserted: isInserted });
    const outcome = new Map(saved.map((s) => [s.externalId!, s.inserted]));
    for (const w of withLocation) {
      const inserted = outcome.get(w.l.externalId);
      if (inserted === undefined) throw new Error(`The location ${w.l.externalId} was not written.`);
      if (inserted) result.created++;
      else result.updated++;
    }
  }
  return result;
}
