import { desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LaborCorrection, LaborCorrectionRequest, LaborValues } from '@sm/shared';
import { itemRateTypes, perDiemTypes, rateSheetLaborItems, rateSheetTrucks, users, workOrderFlags, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { auditOf } from '../../platform/audit/audit.service';
import { workOrderLabor } from '../../field/clock/labor.table';
import { laborCorrectionRequests } from './labor-corrections.table';

/** The audit action of a correction of a labor entry. */
export const CORRECT_ACTION = 'correct';

/**
 * A labor entry's correctable values with its references named, as the audit keeps them before and after a
 * correction: the history then reads the same after a rate sheet or a flag is renamed or removed.
 */
export async function laborValuesOf(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, workOrderLaborId: number): Promise<LaborValues> {
  const [row] = await db
    .select({
      l: workOrderLabor, workOrderNumber: workOrders.workOrderNumber, employeeType: rateSheetLaborItems.name, perDiemType: perDiemTypes.name,
      itemRateType: itemRateTypes.name, truck: rateSheetTrucks.name, workOrderFlag: workOrderFlags.name,
    })
    .from(workOrderLabor)
    .innerJoin(workOrders, eq(workOrders.id, workOrderLabor.workOrderId))
    .leftJoin(rateSheetLaborItems, eq(rateSheetLaborItems.id, workOrderLabor.rateSheetLaborItemId))
    .leftJoin(perDiemTypes, eq(perDiemTypes.id, workOrderLabor.perDiemTypeId))
    .leftJoin(itemRateTypes, eq(itemRateTypes.id, workOrderLabor.itemRateTypeId))
    .leftJoin(rateSheetTrucks, eq(rateSheetTrucks.id, workOrderLabor.rateSheetTruckId))
    .leftJoin(workOrderFlags, eq(workOrderFlags.id, workOrderLabor.workOrderFlagId))
    .where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.id, workOrderLaborId)));
  const { l, ...names } = row;
  return {
    startTime: l.startedAt.toISOString(),
    stopTime: l.stoppedAt?.toISOString() ?? null,
    ...names,
    isOvertime: l.isOvertime,
    isApprenticeRateApplied: l.isApprenticeRateApplied,
  };
}

/** The corrections of these labor entries, oldest first, by entry. */
export async function correctionsOf(ctx: Ctx, workOrderLaborIds: number[]): Promise<Map<number, LaborCorrection[]>> {
  const byLabor = new Map<number, LaborCorrection[]>();
  for (const a of await auditOf(ctx, 'workOrderLabor', [...new Set(workOrderLaborIds)])) {
    if (a.action !== CORRECT_ACTION) continue;
    const list = byLabor.get(a.entityId) ?? [];
    list.push({ auditId: a.auditId, changedBy: a.changedBy, changedAt: a.changedAt, reason: a.reason, before: a.before as LaborValues, after: a.after as LaborValues });
    byLabor.set(a.entityId, list);
  }
  return byLabor;
}

const requesters = alias(users, 'requesters');
const deciders = alias(users, 'deciders');

/** Correction requests with their people's names, newest first; narrowed by the caller. */
export function requestsWithNames(db: DbOrTx) {
  return db
    .select({ r: laborCorrectionRequests, requestedByName: requesters.name, decidedByName: deciders.name })
    .from(laborCorrectionRequests)
    .innerJoin(requesters, eq(requesters.id, laborCorrectionRequests.requestedBy))
    .leftJoin(deciders, eq(deciders.id, laborCorrectionRequests.decidedBy))
    .orderBy(desc(laborCorrectionRequests.requestedAt), desc(laborCorrectionRequests.id))
    .$dynamic();
}

/** A request as the API answers it. */
export function requestAnswer({ r, requestedByName, decidedByName }: { r: typeof laborCorrectionRequests.$inferSelect; requestedByName: string; decidedByName: string | null }): LaborCorrectionRequest {
  return {
    laborCorrectionRequestId: r.id,
    workOrderLaborId: r.workOrderLaborId,
    status: r.status,
    proposedStartTime: r.proposedStartedAt.toISOString(),
    proposedStopTime: r.proposedStoppedAt?.toISOString() ?? null,
    reason: r.reason,
    requestedByName,
    requestedAt: r.requestedAt.toISOString(),
    decidedByName,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    declineReason: r.declineReason,
  };
}

/** The latest correction request of each of these labor entries. */
export async function latestRequestsOf(ctx: Ctx, workOrderLaborIds: number[]): Promise<Map<number, LaborCorrectionRequest>> {
  const latest = new Map<number, LaborCorrectionRequest>();
  if (workOrderLaborIds.length === 0) return latest;
  const rows = await requestsWithNames(ctx.db).where(ofTenant(laborCorrectionRequests, ctx, inArray(laborCorrectionRequests.workOrderLaborId, [...new Set(workOrderLaborIds)])));
  for (const row of rows) if (!latest.has(row.r.workOrderLaborId)) latest.set(row.r.workOrderLaborId, requestAnswer(row));
  return latest;
}

/** Both of the above, as the labor entries of a work order and a timesheet carry them. */
export async function correctionFieldsOf(ctx: Ctx, workOrderLaborIds: number[]) {
  const [corrections, requests] = [await correctionsOf(ctx, workOrderLaborIds), await latestRequestsOf(ctx, workOrderLaborIds)];
  return (id: number) => ({ corrections: corrections.get(id) ?? [], correctionRequest: requests.get(id) ?? null });
}
