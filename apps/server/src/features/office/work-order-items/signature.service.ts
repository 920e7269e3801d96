import { desc, eq } from 'drizzle-orm';
import { SIGNATURE_DATA_URL_PREFIX, type Access, type SaveSignatureBody, type WorkOrderSignature } from '@sm/shared';
import { users, workOrderSignatures } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { visibleWorkOrder } from '../work-orders/work-order-visibility';
import { signaturePngOf } from './signature-png';

async function latest(db: DbOrTx, ctx: Ctx, workOrderId: number): Promise<WorkOrderSignature | null> {
  const [r] = await db
    .select({ s: workOrderSignatures, signedByName: users.name })
    .from(workOrderSignatures)
    .leftJoin(users, eq(users.id, workOrderSignatures.signedBy))
    .where(ofTenant(workOrderSignatures, ctx, eq(workOrderSignatures.workOrderId, workOrderId)))
    .orderBy(desc(workOrderSignatures.signedAt), desc(workOrderSignatures.id))
    .limit(1);
  if (!r) return null;
  return { signerName: r.s.signerName, signedAt: r.s.signedAt.toISOString(), signedByName: r.signedByName, png: SIGNATURE_DATA_URL_PREFIX + r.s.pngBase64 };
}

/** `GET WorkOrder/{workOrderId}/signature`: the latest signature, or null while nobody has signed. */
export async function latestSignature(ctx: Ctx, access: Access, workOrderId: number) {
  await visibleWorkOrder(ctx.db, ctx, access, workOrderId);
  return latest(ctx.db, ctx, workOrderId);
}

/**
 * `POST WorkOrder/{workOrderId}/signature`: the customer signs the work order on the technician's phone. Earlier
 * signatures are kept; the latest one is the work order's signature. The PNG itself stays out of the audit entry.
 */
export async function saveSignature(ctx: Ctx, access: Access, workOrderId: number, body: SaveSignatureBody): Promise<WorkOrderSignature> {
  return ctx.db.transaction(async (tx) => {
    await visibleWorkOrder(tx, ctx, access, workOrderId);
    const pngBase64 = signaturePngOf(body.png);
    const [row] = await tx
      .insert(workOrderSignatures)
      .values({ subscriberId: ctx.actor.subscriberId, workOrderId, signerName: body.signerName, pngBase64, signedBy: ctx.actor.userId, signedAt: ctx.now })
      .returning({ id: workOrderSignatures.id });
    await recordAudit(tx, ctx, {
      entity: 'workOrderSignature',
      entityId: row.id,
      action: 'create',
      after: { workOrderId, signerName: body.signerName, pngBytes: Buffer.byteLength(pngBase64, 'base64') },
    });
    return (await latest(tx, ctx, workOrderId))!;
  });
}
