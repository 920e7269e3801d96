import { eq } from 'drizzle-orm';
import { canAddExemptFiles, type Access, type TaxExemptAnswer, type TaxExemptBody } from '@sm/shared';
import { customers } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { companyToday } from '../../platform/subscribers/company-time';
import { visibleCustomer } from './customer-visibility';

type CustomerRow = typeof customers.$inferSelect;

const answerOf = (c: CustomerRow, access: Access, today: string): TaxExemptAnswer => ({
  customerId: c.id,
  customerName: c.name,
  isTaxExempt: c.isTaxExempt,
  certificateNumber: c.taxExemptCertificate,
  expiresOn: c.taxExemptExpiresOn,
  folder: `taxExempt/${c.id}`,
  canAddFiles: canAddExemptFiles(access),
  today,
});

/** The company's date today in its time zone: the dialog says a certificate that ended before it has expired. */

/** `GET Customer/{customerId}/taxExempt`: the Tax Exempt dialog's facts of a customer. */
export async function getTaxExempt(db: DbOrTx, ctx: Ctx, access: Access, customerId: number): Promise<TaxExemptAnswer> {
  return answerOf(await visibleCustomer(db, ctx, access, customerId), access, await companyToday(ctx, db));
}

/**
 * `PUT Customer/{customerId}/taxExempt`: whether the customer is exempt, and its certificate. Invoices submitted from
 * then on follow it; invoices already submitted keep the tax they were frozen with. The change is audited.
 */
export async function setTaxExempt(ctx: Ctx, access: Access, customerId: number, body: TaxExemptBody): Promise<TaxExemptAnswer> {
  return ctx.db.transaction(async (tx) => {
    const before = await visibleCustomer(tx, ctx, access, customerId, { lock: true });
    const values = { isTaxExempt: body.isTaxExempt, taxExemptCertificate: body.certificateNumber?.trim() || null, taxExemptExpiresOn: body.expiresOn ?? null };
    const [after] = await tx.update(customers).set(values).where(ofTenant(customers, ctx, eq(customers.id, before.id))).returning();
    const facts = (c: CustomerRow) => ({ isTaxExempt: c.isTaxExempt, certificateNumber: c.taxExemptCertificate, expiresOn: c.taxExemptExpiresOn });
    await recordAudit(tx, ctx, { entity: 'customer', entityId: before.id, action: 'taxExempt', before: facts(before), after: facts(after) });
    return answerOf(after, access, await companyToday(ctx, tx));
  });
}
