import { and, eq, isNull, sql } from 'drizzle-orm';
import { WORK_ORDER_STATUS, type Access, type clockOutBody } from '@sm/shared';
import type { z } from 'zod';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { oneStatement, placeholdersOf, preparedStatement, valuesOf, WRITER, writerOf } from '../../../lib/statement';
import { auditJson, auditPart } from '../../platform/audit/audit.service';
import { userStatusParts } from '../../platform/users/users.service';
import { checkCorrigoStop } from '../providers/corrigo/corrigo-stop';
import { checkServiceChannelStop } from '../providers/service-channel/service-channel-clock';
import { afterLaborAudit } from './clock-in';
import { clockOutFacts } from './clock-facts';
import { checkReferences, statusChangeValues, workOrderStatusParts } from './clock-lookups';
import { keptTimeColumns, keptTimeValues, missingWorkOrder } from './kept-clock-checks';
import { workOrderLabor } from './labor.table';

export type ClockOutInput = z.output<typeof clockOutBody>;

/** Whether the stop form must carry a work order status; provider work orders get theirs from the provider. */
export const isWorkOrderStatusFieldRequired = (_workOrder: { id: number }) => true;

/** Checks every clock-out rule of spec clock 5 and answers what to write; a kept clock-out stops at the device's time. */
export async function prepareClockOut(ctx: Ctx, access: Access, input: ClockOutInput) {
  const facts = await clockOutFacts(ctx, access, {
    workOrderLaborId: input.workOrderLaborId,
    workOrderId: input.workOrderId,
    userStatusId: input.userStatusId ?? 0,
    workOrderStatusId: input.workOrderStatusId ?? 0,
  });
  if (!facts) throw notFound('Labor entry');
  const { labor, workOrder } = facts;
  if (labor.userId !== ctx.actor.userId) throw new AppError(403, 'You can only clock out your own labor.');
  if (labor.workOrderId !== input.workOrderId) throw new AppError(400, 'This labor entry belongs to another work order.');
  if (labor.stoppedAt) throw new AppError(409, 'This labor entry is already clocked out.');
  if (!workOrder) throw await missingWorkOrder(ctx, input.workOrderId);
  if (ctx.deviceTime && labor.startedAt > ctx.now) {
    throw new AppError(400, `The clock-out time ${ctx.now.toISOString()} is before this labor entry's start at ${labor.startedAt.toISOString()}.`);
  }

  const description = input.description?.trim();
  if (!description) throw new AppError(400, 'Description field is required!');
  if (!input.userStatusId) throw new AppError(400, 'User Status field is required!');
  const status = facts.userStatus;
  if (!status || status.isDisabled) throw new AppError(400, 'This work status is not available.');
  const companyDescription = input.cDescription?.trim() || null;
  if (status.needsDescription && !companyDescription) throw new AppError(400, 'Company Description field is required!');

  let workOrderStatusId: number = WORK_ORDER_STATUS.Onsite;
  if (isWorkOrderStatusFieldRequired(workOrder)) {
    if (!input.workOrderStatusId) throw new AppError(400, 'Work Order Status field is required!');
    if (!facts.workOrderStatusId) throw new AppError(400, 'Work order status was not found.');
    workOrderStatusId = facts.workOrderStatusId;
  }

  // The caller's Employee Types on this customer's sheet: none for a technician without a rate sheet.
  const items = facts.employeeTypes;
  const rateSheetLaborItemId = input.serviceTechnicianId ?? labor.rateSheetLaborItemId;
  if (items.length > 0 && !rateSheetLaborItemId) throw new AppError(400, 'Employee Type field is required!');
  if (rateSheetLaborItemId && !items.some((i) => i.id === rateSheetLaborItemId)) throw new AppError(400, "Employee Type is not on this customer's rate sheet.");
  await checkReferences(ctx, workOrder.billingCustomerId, labor.startedAt, input);
  checkServiceChannelStop(workOrder, input);
  await checkCorrigoStop(ctx, workOrder, input);
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
    } satisfies Record<(typeof LABOR_OUT)[number], unknown>,
  };
}

/** The columns a clock-out writes: every key of `prepareClockOut`'s changes. */
const LABOR_OUT = [
  'stoppedAt', 'description', 'companyDescription', 'isOvertime', 'userStatusIdAfter', 'rateSheetLaborItemId', 'perDiemTypeId',
  'itemRateTypeId', 'workOrderFlagId', 'scPrimaryStatus', 'scExtendedStatus', 'stopLatitude', 'stopLongitude', 'stopAccuracyMeters',
] as const;

/**
 * A clock-out's writes in one prepared statement, with or without the user's status. The update only matches a
 * still-open entry, and every other part is written after its audit entry, hence only when it matched: two
 * clock-outs racing for one entry leave one winner and one clear refusal, and the loser writes nothing.
 */
const clockOutWrite = [false, true].map((setUserStatus) =>
  preparedStatement<{ id: number }>(`clock_out_write${setUserStatus ? '_status' : ''}`, (db) =>
    oneStatement(
      [
        sql`done as ${db
          .update(workOrderLabor)
          .set({ ...placeholdersOf(LABOR_OUT, 'labor_'), ...keptTimeColumns('stop') } as object) // drizzle binds a placeholder in `set` as it does in `values`
          .where(and(eq(workOrderLabor.id, sql.placeholder('laborId')), isNull(workOrderLabor.stoppedAt)))
          .returning({ id: workOrderLabor.id })}`,
        auditPart('labor_audit', WRITER, 'done', { entity: 'workOrderLabor', action: 'clock-out', before: sql.placeholder('before'), after: sql.placeholder('after') }),
        ...(setUserStatus ? userStatusParts(WRITER, sql.placeholder('userStatusId'), sql.placeholder('userStatusDescription'), afterLaborAudit) : []),
        ...workOrderStatusParts(WRITER, afterLaborAudit),
      ],
      sql`select id from done`,
    ),
  ),
);

/** Writes a prepared clock-out in one statement, inside the caller's transaction, if any. */
export async function applyClockOut(db: DbOrTx, ctx: Ctx, prepared: Awaited<ReturnType<typeof prepareClockOut>>, opts: { setUserStatus: boolean }) {
  if (prepared.labor.startedAt > ctx.now) throw new AppError(400, 'This labor entry starts in the future; it cannot be clocked out yet.');
  const { changes, labor, workOrder } = prepared;
  const before = Object.fromEntries(LABOR_OUT.map((k) => [k, labor[k]]));
  const done = await clockOutWrite[Number(opts.setUserStatus)](db, {
    ...writerOf(ctx),
    ...valuesOf(changes, 'labor_'),
    ...keptTimeValues(ctx),
    laborId: labor.id,
    before: auditJson(before),
    after: auditJson(changes),
    userStatusId: prepared.userStatusId,
    userStatusDescription: prepared.companyDescription,
    ...statusChangeValues(workOrder.id, workOrder.workOrderStatusId, prepared.workOrderStatusId),
  });
  if (done.length === 0) throw new AppError(409, 'This labor entry is already clocked out.');
}
