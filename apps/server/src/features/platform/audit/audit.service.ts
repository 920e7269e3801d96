import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReferenceListKey, SettingsFormKey } from '@sm/shared';
import { users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import type { Param, Writer } from '../../../lib/statement';
import { ofTenant } from '../../../lib/tenancy';
import { auditLog } from './audit.table';

export type AuditEntity = 'workOrder' | 'user' | 'workOrderLabor' | 'rolePermissions' | 'scheduleItem' | 'providerAccount' | 'customer' | 'quote' | 'quoteLine' | 'customerEstimate' | 'customerEstimateLine' | 'invoice' | 'invoicePayment' | 'creditMemo' | 'writeUp' | 'sopDetail' | 'payRaise' | 'timesheetApproval' | 'payPeriodLock' | 'timesheetAdjustment' | 'ptoEntry' | 'payrollSettings' | 'laborApproval' | 'laborCorrectionRequest' | 'customerRateSheet' | 'rateSheetApproval' | 'rateSheetSettings' | 'financialPeriod' | 'maskedUserRole' | 'payRate' | 'import' | 'equipment' | 'workOrderEquipment' | 'pmContract' | 'pmContractApproval' | 'customerPortalLink' | 'customerAccessRequest' | 'refrigerantMovement' | 'leakRepair' | 'purchaseOrderSettings' | 'inventoryItem' | 'stockTransfer' | 'purchaseOrder' | 'vendorCredit' | 'intacctAccount' | 'accountingPosting' | 'quickBooksAccount' | 'quickBooksImportRow' | 'commissionRate' | 'salesTagLink' | WorkOrderItemEntity | ReferenceListKey | SettingsFormKey | 'project' | 'projectCrew' | 'projectPermit' | 'projectSubcontractor' | 'projectWorkOrder';

/** What can be added to a work order (features/office/work-order-items), each audited under its own id. */
export type WorkOrderItemEntity = 'workOrderMaterial' | 'workOrderStandardItem' | 'workOrderJob' | 'workOrderEquipmentTask' | 'workOrderSignature';

/** Writes one audit entry inside the transaction that made the change, so the two stand or fall together. */
export async function recordAudit(
  tx: Tx,
  ctx: Ctx,
  entry: { entity: AuditEntity; entityId: number; action: string; before?: unknown; after?: unknown; reason?: string | null },
) {
  await tx.insert(auditLog).values({
    subscriberId: ctx.actor.subscriberId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    changedBy: ctx.actor.userId,
    changedAt: ctx.now,
  });
}

/**
 * The same entry as a part of a larger statement (see lib/statement.ts): written for each row of `source`, a
 * part named before it whose `id` column is the audited record's id. `before` and `after` are JSON texts (see
 * `auditJson`). It answers the entries' ids, so that a later part can wait for it (the order of parts that do not
 * read each other is not defined).
 */
export function auditPart(
  name: string,
  by: Writer,
  source: string,
  entry: { entity: AuditEntity; action: string; before?: Param<string | null>; after?: Param<string | null> },
): SQL {
  return sql`${sql.identifier(name)} as (
    insert into ${auditLog} (subscriber_id, entity, entity_id, action, before, after, changed_by, changed_at)
    select ${by.subscriberId}::int, ${entry.entity}::text, id, ${entry.action}::text, ${entry.before ?? null}::jsonb, ${entry.after ?? null}::jsonb,
           ${by.userId}::int, ${by.now}::timestamptz from ${sql.identifier(source)}
    returning id)`;
}

/** A record's state as `auditPart` stores it. */
export const auditJson = (v: unknown): string | null => (v == null ? null : JSON.stringify(v));

/** The history of one record of the caller's company, oldest first. */
export async function auditOf(ctx: Ctx, entity: AuditEntity, entityIds: number[]) {
  if (entityIds.length === 0) return [];
  const rows = await ctx.db
    .select({ a: auditLog, changedByName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.changedBy))
    .where(ofTenant(auditLog, ctx, eq(auditLog.entity, entity), inArray(auditLog.entityId, entityIds)))
    .orderBy(asc(auditLog.changedAt), asc(auditLog.id));
  return rows.map(({ a, changedByName }) => ({
    auditId: a.id,
    entity: a.entity,
    entityId: a.entityId,
    action: a.action,
    before: a.before,
    after: a.after,
    reason: a.reason,
    changedBy: changedByName,
    changedAt: a.changedAt.toISOString(),
  }));
}

