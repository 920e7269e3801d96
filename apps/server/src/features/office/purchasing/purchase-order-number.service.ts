import { eq } from 'drizzle-orm';
import type { PurchaseOrderSettings } from '@sm/shared';
import { purchaseOrderSettings } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { recordAudit } from '../../platform/audit/audit.service';

/** `GET PurchaseOrder/settings`: the number the company's next purchase order takes (1 until one is set). */
export async function getPurchaseOrderSettings(ctx: Ctx): Promise<PurchaseOrderSettings> {
  const [row] = await ctx.db.select().from(purchaseOrderSettings).where(eq(purchaseOrderSettings.subscriberId, ctx.actor.subscriberId));
  return { nextPurchaseOrderNumber: row?.nextPurchaseOrderNumber ?? 1 };
}

/**
 * `PUT PurchaseOrder/poNumber` ("Manage PO Numbers"): where the company's purchase order numbers go on. The counter
 * row is locked while it changes, so a purchase order numbered at the same moment takes the old number or the new one.
 */
export async function setNextPurchaseOrderNumber(ctx: Ctx, nextPurchaseOrderNumber: number): Promise<PurchaseOrderSettings> {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(purchaseOrderSettings).values({ subscriberId: ctx.actor.subscriberId }).onConflictDoNothing();
    const [before] = await tx.select().from(purchaseOrderSettings).where(eq(purchaseOrderSettings.subscriberId, ctx.actor.subscriberId)).for('update');
    await tx.update(purchaseOrderSettings).set({ nextPurchaseOrderNumber }).where(eq(purchaseOrderSettings.subscriberId, ctx.actor.subscriberId));
    await recordAudit(tx, ctx, {
      entity: 'purchaseOrderSettings',
      entityId: ctx.actor.subscriberId,
      action: 'updated',
      before: { nextPurchaseOrderNumber: before.nextPurchaseOrderNumber },
      after: { nextPurchaseOrderNumber },
    });
  });
  return getPurchaseOrderSettings(ctx);
}
