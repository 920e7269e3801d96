import { eq } from 'drizzle-orm';
import { cityLineOf } from '@sm/shared';
import { customers } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';

/** Who a document is for: the billed customer and the site, as printed lines, and where it is e-mailed first. */
export interface DocumentParties {
  billTo: string[];
  serviceAt: string[];
  /** The customer bills itself (no other billing customer): the Quote Submitted tick box starts ticked (spec 4.6). */
  isOwnBillingCustomer: boolean;
  /** The billing customer's e-mail address, or the site's, to offer in To. */
  email: string | null;
}

type Customer = typeof customers.$inferSelect;
const linesOf = (c: Customer) => [c.name, c.address, cityLineOf(c)].filter(Boolean);

/** The site customer of a document and whoever bills it, both of the caller's company. */
export async function documentParties(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, customerId: number, billingCustomerId?: number | null): Promise<DocumentParties> {
  const [site] = await db.select().from(customers).where(ofTenant(customers, ctx, eq(customers.id, customerId)));
  const billerId = billingCustomerId ?? site?.billingCustomerId ?? null;
  const [biller] = billerId ? await db.select().from(customers).where(ofTenant(customers, ctx, eq(customers.id, billerId))) : [];
  const billed = biller ?? site;
  return {
    billTo: billed ? linesOf(billed) : [],
    serviceAt: site ? linesOf(site) : [],
    isOwnBillingCustomer: !biller || biller.id === site?.id,
    email: billed?.email ?? site?.email ?? null,
  };
}
