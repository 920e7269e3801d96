import { and, eq, isNull } from 'drizzle-orm';
import { WORK_ORDER_STATUS, type Access, type clockOutBody } from '@sm/shared';
import type { z } from 'zod';
import { userStatuses, workOrderStatuses } from '../../db/schema';
import type { Ctx, Tx } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { ofTenant } from '../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { recordUserStatus } from '../users/users.service';
import { checkServiceChannelStop } from '../providers/service-channel/service-channel-clock';
import { callerRateSheetItems, changeWorkOrderStatus, checkReferences, clockableWorkOrder } from './clock-lookups';
import { workOrderLabor } from './labor.table';

export type ClockOutInput = z.output<typeof clockOutBody>;

/** Whether the stop form must carry a work order status; provider work orders get theirs from the provider. */
export const isWorkOrderStatusFieldRequired = (_workOrder: { id: number }) => true;

/** Checks every clock-out rule of spec clock 5 and answers what to write. */
export async function prepareClockOut(ctx: Ctx, access: Access, input: ClockOutInput) {
  const [labor] = await ctx.db.select().from(workOrderLabor).where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.id, input.workOrderLaborId)));
  if (!labor) throw notFound('Labor entry');
  if (labor.userId !== ctx.actor.userId) throw new AppError(403, 'You can only clock out your own labor.');
  if (labor.workOrderId !== input.workOrderId) throw new AppError(400, 'This labor entry belongs to another work order.');
  if (labor.stoppedAt) throw new AppError(409, 'This labor entry is already clocked out.');
  const workOrder = await clockableWorkOrder(ctx, access, input.workOrderId);

  const description = input.description?.trim();
  if (!description) throw new AppError(400, 'Description field is required!');
  if (!input.userStatusId) throw new AppError(400, 'User Status field is required!');
  // The chosen user status and work order status, looked up together.
  const [found] = await ctx.db
    .select({ status: userStatuses, workOrderStatusId: workOrderStatuses.id })
    .from(userStatuses)
    .leftJoin(workOrderStatuses, eq(workOrderStatuses.id, input.workOrderStatusId ?? 0))
    .where(eq(userStatuses.id, input.userStatusId));
  const status = found?.status;
  if (!status || status.isDisabled) throw new AppError(400, 'This work status is not available.');
  const companyDescription = input.cDescription?.trim() || null;
  if (status.needsDescription && !companyDescription) throw new AppError(400, 'Company Description field is required!');

  let workOrderStatusId: number = WORK_ORDER_STATUS.Onsite;
  if (isWorkOrderStatusFieldRequired(workOrder)) {
    if (!input.workOrderStatusId) throw new AppError(400, 'Work Order Status field is required!');
    if (!found.workOrderStatusId) throw new AppError(400, 'Work order status was not found.');
    workOrderStatusId = found.workOrderStatusId;
  }

  // The caller's Employee Types on this customer's sheet: none for a technician without a rate sheet.
  const items = await callerRateSheetItems(ctx, workOrder.billingCustomerId);
  const rateSheetLaborItemId = input.serviceTechnicianId ?? labor.rateSheetLaborItemId;
  if (items.length > 0 && !rateSheetLaborItemId) throw new AppError(400, 'Employee Type field is required!');
  if (rateSheetLaborItemId && !items.some((i) => i.id === rateSheetLaborItemId)) throw new AppError(400, "Employee Type is not on this customer's rate sheet.");
  await checkReferences(ctx, workOrder.billingCustomerId, input);
  checkServiceChannelStop(workOrder, input);
  return {
    labor,
    workOrder,
    userStatusId: status.id,
    companyDescription,
    workOrderStatusId,
    changes: {
      stoppedAt: ctx.now,
      description,
      companyDescription,
      isOvertime: input.isOvertime,
      userStatusIdAfter: status.id,
      rateSheetLaborItemId,
      perDiemTypeId: input.perDiemTypeId ?? labor.perDiemTypeId,
      itemRateTypeId: input.itemRateTypeId ?? labor.itemRateTypeId,
      workOrderFlagId: input.workOrderFlagId ?? labor.workOrderFlagId,
      scPrimaryStatus: input.scPrimaryStatus ?? null,
      scExtendedStatus: input.scExtendedStatus ?? null,
      stopLatitude: input.currentLatLong?.latitude ?? null,
      stopLongitude: input.currentLatLong?.longitude ?? null,
      stopAccuracyMeters: input.currentLatLong?.accuracy ?? null,
    },
  };
}

/**
 * Writes a prepared clock-out in the caller's transaction. The update only matches a still-open entry, so two
 * clock-outs racing for one entry leave one winner and one clear refusal.
 */
export async function applyClockOut(tx: Tx, ctx: Ctx, prepared: Awaited<ReturnType<typeof prepareClockOut>>, opts: { setUserStatus: boolean }) {
  if (prepared.labor.startedAt > ctx.now) throw new AppError(400, 'This labor entry starts in the future; it cannot be clocked out yet.');
  const done = await tx
    .update(workOrderLabor)
    .set(prepared.changes)
    .where(and(eq(workOrderLabor.id, prepared.labor.id), isNull(workOrderLabor.stoppedAt)))
    .returning({ id: workOrderLabor.id });
  if (done.length === 0) throw new AppError(409, 'This labor entry is already clocked out.');
  const before = Object.fromEntries(Object.keys(prepared.changes).map((k) => [k, prepared.labor[k as keyof typeof prepared.labor]]));
  await recordAudit(tx, ctx, { entity: 'workOrderLabor', entityId: prepared.labor.id, action: 'clock-out', before, after: prepared.changes });
  if (opts.setUserStatus) await recordUserStatus(tx, ctx, prepared.userStatusId, prepared.companyDescription);
  await changeWorkOrderStatus(tx, ctx, prepared.workOrder.id, prepared.workOrder.workOrderStatusId, prepared.workOrderStatusId);
}
