import { sql } from 'drizzle-orm';
import { noRateSheetMessage, USER_STATUS, type ClockInBody } from '@sm/shared';
import type { z } from 'zod';
import type { clockInBody } from '@sm/shared';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { oneStatement, placeholdersOf, preparedStatement, valuesOf, WRITER, writerOf } from '../../../lib/statement';
import { auditJson, auditPart } from '../../platform/audit/audit.service';
import { userStatusParts } from '../../platform/users/users.service';
import type { ClockInFacts } from './clock-facts';
import { arrivalStatus, checkReferences, statusChangeValues, workOrderStatusParts } from './clock-lookups';
import { checkNotClosedSince, keptTimeColumns, keptTimeValues, missingWorkOrder } from './kept-clock-checks';
import { workOrderLabor } from './labor.table';

export type ClockInInput = z.output<typeof clockInBody>;
const MAX_FUTURE_MS = 5 * 60_000;
const MAX_PAST_MS = 24 * 3600_000;

/**
 * Checks every clock-in rule of spec clock 5 before anything is written, and answers the row to insert.
 * A client that skips the dialog meets the same sentences. A clock-in kept on the phone is judged as of the
 * device's time (`ctx.now`), and keeps that time beside the server's.
 */
export async function prepareClockIn(ctx: Ctx, input: ClockInInput, facts: ClockInFacts) {
  const { state, workOrder, employeeTypes: items } = facts;
  if (!workOrder) throw await missingWorkOrder(ctx, input.workOrderId);
  await checkNotClosedSince(ctx, workOrder);
  const start = new Date(input.startTime);
  if (start.getTime() > ctx.now.getTime() + MAX_FUTURE_MS) throw new AppError(400, 'Start cannot be in the future.');
  if (start.getTime() < ctx.now.getTime() - MAX_PAST_MS) throw new AppError(400, 'Start must be within the last 24 hours.');
  const last = state.lastClockOut;
  if (last && start < last) throw new AppError(400, `Start must be after your last clock-out at ${last.toISOString()}.`);

  let rateSheetLaborItemId: number | null = null;
  if (state.hasRateSheet) {
    if (items.length === 0) throw new AppError(400, noRateSheetMessage(facts.billingCustomerName));
    if (!input.serviceTechnicianId) throw new AppError(400, 'Employee Type field is required!');
    const item = items.find((i) => i.id === input.serviceTechnicianId);
    if (!item) throw new AppError(400, "Employee Type is not on this customer's rate sheet.");
    if (input.isApprenticeRateApplied && item.apprenticeRate == null) throw new AppError(400, 'This Employee Type has no apprentice rate.');
    rateSheetLaborItemId = item.id;
  } else if (input.serviceTechnicianId) {
    // As at clock-out: an Employee Type is one of the caller's on this customer's sheet, and they have none.
    throw new AppError(400, "Employee Type is not on this customer's rate sheet.");
  } else if (input.isApprenticeRateApplied) {
    throw new AppError(400, 'The apprentice rate needs a rate sheet.');
  }
  await checkReferences(ctx, workOrder.billingCustomerId, start, input);
  return {
    workOrder,
    userStatusId: clockInUserStatus(input, facts.userStatus),
    row: {
      subscriberId: ctx.actor.subscriberId,
      workOrderId: workOrder.id,
      userId: ctx.actor.userId,
      schedulerId: input.schedulerId || null,
      startedAt: start,
      isReachedAtSite: input.isReachedAtSite,
      isOvertime: input.isOvertime,
      isApprenticeRateApplied: input.isApprenticeRateApplied,
      noOfServiceChannelTechs: input.noOfServiceChannelTechs,
      rateSheetLaborItemId,
      perDiemTypeId: input.perDiemTypeId ?? null,
      itemRateTypeId: input.itemRateTypeId ?? null,
      rateSheetTruckId: input.rateSheetTruckTypeId ?? null,
      workOrderFlagId: input.workOrderFlagId ?? null,
      startLatitude: input.currentLatLong?.latitude ?? null,
      startLongitude: input.currentLatLong?.longitude ?? null,
      startAccuracyMeters: input.currentLatLong?.accuracy ?? null,
      comment: input.comment ?? null,
    } satisfies Record<(typeof LABOR_IN)[number], unknown>,
  };
}

/** Guard of the parts written after the labor and its audit entry. */
export const afterLaborAudit = sql`exists (select 1 from labor_audit)`;

/** The columns a clock-in writes: every key of `prepareClockIn`'s row. */
const LABOR_IN = [
  'subscriberId', 'workOrderId', 'userId', 'schedulerId', 'startedAt', 'isReachedAtSite', 'isOvertime', 'isApprenticeRateApplied',
  'noOfServiceChannelTechs', 'rateSheetLaborItemId', 'perDiemTypeId', 'itemRateTypeId', 'rateSheetTruckId', 'workOrderFlagId',
  'startLatitude', 'startLongitude', 'startAccuracyMeters', 'comment',
] as const;

/**
 * A clock-in's writes in one prepared statement: the labor row (the database refuses a second open one), its audit
 * entry, and after it the user's status and the work order's status.
 */
const clockInWrite = preparedStatement<{ id: number }>('clock_in_write', (db) =>
  oneStatement(
    [
      sql`labor as ${db.insert(workOrderLabor).values({ ...placeholdersOf(LABOR_IN, 'labor_'), ...keptTimeColumns('start') }).returning({ id: workOrderLabor.id })}`,
      auditPart('labor_audit', WRITER, 'labor', { entity: 'workOrderLabor', action: 'clock-in', after: sql.placeholder('after') }),
      // After the labor's audit entry, so that the audit trail reads in the order things happened.
      ...userStatusParts(WRITER, sql.placeholder('userStatusId'), null, afterLaborAudit),
      ...workOrderStatusParts(WRITER, afterLaborAudit),
    ],
    sql`select id from labor`,
  ),
);

/** Writes a prepared clock-in in one statement, inside the caller's transaction, if any; `userStatusId` overrides the prepared one. */
export async function applyClockIn(db: DbOrTx, ctx: Ctx, prepared: Awaited<ReturnType<typeof prepareClockIn>>, userStatusId = prepared.userStatusId) {
  const { subscriberId: _, ...after } = prepared.row;
  const [labor] = await clockInWrite(db, {
    ...writerOf(ctx),
    ...valuesOf(prepared.row, 'labor_'),
    ...keptTimeValues(ctx),
    after: auditJson(after),
    userStatusId,
    ...statusChangeValues(prepared.workOrder.id, prepared.workOrder.workOrderStatusId, arrivalStatus(prepared.row.isReachedAtSite)),
  });
  return Number(labor.id);
}

/**
 * The user status a clock-in sets: the one chosen in the Start dialog (spec clock 2.1), which must be an enabled
 * status that needs no company description (a clock-in carries none); without a choice, On Site when reached at
 * site, otherwise En Route.
 */
function clockInUserStatus(input: Pick<ClockInBody, 'isReachedAtSite' | 'userStatusId'>, chosen: ClockInFacts['userStatus']): number {
  if (!input.userStatusId) return input.isReachedAtSite === false ? USER_STATUS.EnRoute : USER_STATUS.OnSite;
  if (!chosen || chosen.isDisabled) throw new AppError(400, 'This work status is not available.');
  if (chosen.needsDescription) throw new AppError(400, `${chosen.name} needs a company description: start the work order with another status.`);
  return chosen.id;
}
