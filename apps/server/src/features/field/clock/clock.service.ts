import { noRateSheetMessage, USER_STATUS, type Access, type clockOutAndStartBody } from '@sm/shared';
import type { z } from 'zod';
import type { Ctx } from '../../../lib/context';
import { AppError, ConflictError } from '../../../lib/errors';
import { applyClockIn, prepareClockIn, type ClockInInput } from './clock-in';
import { applyClockOut, prepareClockOut, type ClockOutInput } from './clock-out';
import { publishHubEvent } from '../../platform/realtime/publish';
import { clockInFacts } from './clock-facts';
import { openLaborOfCaller } from './clock-lookups';
import { serviceChannelCheckIn, serviceChannelCheckOut } from '../providers/service-channel/service-channel-clock';
import { checkInAtCorrigoAfterClockIn } from '../providers/corrigo/corrigo-clock';
import { tellCorrigoAfterClockOut } from '../providers/corrigo/corrigo-stop';

/** Team leaders' boards and maps follow the clock: who is where, on which work order, since when. */
function announce(ctx: Ctx, action: 'clockIn' | 'clockOut' | 'startNew', workOrderId: number, workOrderLaborId: number) {
  publishHubEvent(ctx, 'gridUpdate', { action, userId: ctx.actor.userId, workOrderId, workOrderLaborId });
  publishHubEvent(ctx, 'refreshMaps', { userId: ctx.actor.userId });
}

const ONE_OPEN_INDEX = 'work_order_labor_one_open_per_user';

function isOneOpenViolation(e: unknown): boolean {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = err.cause ?? err;
  return c.code === '23505' && (c.constraint === ONE_OPEN_INDEX || String((c as { message?: string }).message ?? '').includes(ONE_OPEN_INDEX) || !c.constraint);
}

/** The sentence for a second clock-in: it names the work order where labor is still open (a conflict when kept). */
function alreadyClockedIn(openWorkOrderNumber: string | null | undefined): AppError {
  return new ConflictError(
    'laborOpen',
    openWorkOrderNumber
      ? `You are still clocked in on work order ${openWorkOrderNumber}. Finish it before starting another.`
      : 'You are already clocked in on another work order.',
  );
}

/** The same sentence after the database refused a second open entry: the open one is read after the race. */
const alreadyClockedInAfterRace = async (ctx: Ctx) => alreadyClockedIn((await openLaborOfCaller(ctx))?.workOrderNumber);

/** `WOStartStop/clockInWorkOrder`: opens a labor entry; a user has at most one open entry, held by the database. */
export async function clockIn(ctx: Ctx, access: Access, input: ClockInInput): Promise<{ workOrderLaborId: number; providerWarning?: string }> {
  const facts = await clockInFacts(ctx, access, input.workOrderId, new Date(input.startTime).toISOString(), input.userStatusId);
  if (facts.state.openWorkOrderNumber) throw alreadyClockedIn(facts.state.openWorkOrderNumber);
  const prepared = await prepareClockIn(ctx, input, facts);
  try {
    // One statement: atomic on its own, no transaction needed.
    const id = await applyClockIn(ctx.db, ctx, prepared);
    announce(ctx, 'clockIn', input.workOrderId, id);
    // The provider hears of it after our commit; its refusal is a warning, never a rollback.
    const providerWarning =
      (await serviceChannelCheckIn(ctx, prepared.workOrder, id, input)) ?? (await checkInAtCorrigoAfterClockIn(ctx, prepared.workOrder, id, input.currentLatLong));
    return { workOrderLaborId: id, ...(providerWarning && { providerWarning }) };
  } catch (e) {
    if (isOneOpenViolation(e)) throw await alreadyClockedInAfterRace(ctx);
    throw e;
  }
}

/** `WOStartStop/clockOutWorkOrder`: closes the caller's open labor entry with the stop form's answers. */
export async function clockOut(ctx: Ctx, access: Access, input: ClockOutInput): Promise<{ workOrderLaborId: number; providerWarning?: string }> {
  const prepared = await prepareClockOut(ctx, access, input);
  await applyClockOut(ctx.db, ctx, prepared, { setUserStatus: true });
  announce(ctx, 'clockOut', input.workOrderId, prepared.labor.id);
  const providerWarning =
    (await serviceChannelCheckOut(ctx, prepared.workOrder, prepared.labor, input)) ?? (await tellCorrigoAfterClockOut(ctx, prepared.workOrder, prepared.labor.id, input));
  return { workOrderLaborId: prepared.labor.id, ...(providerWarning && { providerWarning }) };
}

/**
 * `WOStartStop/clockOutAndStartWorkOrder`: finish one work order and start the next in one transaction; if the
 * start fails, the old labor stays open. The technician is on the way, so the user status is En Route.
 */
export async function clockOutAndStart(
  ctx: Ctx,
  access: Access,
  input: z.output<typeof clockOutAndStartBody>,
): Promise<{ newWorkOrderId: number; newWorkOrderNumber: string; workOrderLaborId: number; providerWarning?: string }> {
  if (input.newWorkOrderId === input.workOrderId) throw new AppError(400, 'Choose another work order to start.');
  // Moving on to the next work order: the user is En Route, whatever the stop form said.
  const stop = await prepareClockOut(ctx, access, { ...input, userStatusId: USER_STATUS.EnRoute, cDescription: null });
  const startInput: ClockInInput = {
    workOrderId: input.newWorkOrderId,
    schedulerId: null,
    isReachedAtSite: input.isReachedAtSite,
    // Set below: the technician is on the way, whatever the Start dialog would have said.
    userStatusId: null,
    noOfServiceChannelTechs: input.noOfServiceChannelTechs,
    isOvertime: input.isOvertime,
    startTime: ctx.now.toISOString(),
    currentLatLong: input.currentLatLong,
    comment: input.comment,
    isApprenticeRateApplied: input.isApprenticeRateApplied,
    serviceTechnicianId: null,
    perDiemTypeId: null,
    itemRateTypeId: input.itemRateTypeId,
    rateSheetTruckTypeId: input.rateSheetTruckTypeId,
    workOrderFlagId: null,
  };
  const start = await prepareStartAfterStop(ctx, access, startInput, stop.changes.rateSheetLaborItemId);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      await applyClockOut(tx, ctx, stop, { setUserStatus: false });
      return applyClockIn(tx, ctx, start, USER_STATUS.EnRoute);
    });
    announce(ctx, 'startNew', input.newWorkOrderId, id);
    const warnings = [
      await serviceChannelCheckOut(ctx, stop.workOrder, stop.labor, input),
      await tellCorrigoAfterClockOut(ctx, stop.workOrder, stop.labor.id, input),
      await serviceChannelCheckIn(ctx, start.workOrder, id, startInput),
      await checkInAtCorrigoAfterClockIn(ctx, start.workOrder, id, startInput.currentLatLong),
    ];
    const providerWarning = warnings.filter(Boolean).join(' ') || undefined;
    return { newWorkOrderId: input.newWorkOrderId, newWorkOrderNumber: start.workOrder.workOrderNumber, workOrderLaborId: id, ...(providerWarning && { providerWarning }) };
  } catch (e) {
    if (isOneOpenViolation(e)) throw await alreadyClockedInAfterRace(ctx);
    throw e;
  }
}

/**
 * The next work order's clock-in, starting now. Its Employee Type is the one chosen at stop when it is on the new
 * customer's rate sheet too, otherwise the technician's first item there.
 */
async function prepareStartAfterStop(ctx: Ctx, access: Access, input: ClockInInput, chosenEmployeeType: number | null) {
  const facts = await clockInFacts(ctx, access, input.workOrderId, ctx.now.toISOString());
  let serviceTechnicianId: number | null = null;
  if (facts.state.hasRateSheet && facts.workOrder) {
    const items = facts.employeeTypes;
    if (items.length === 0) throw new AppError(400, noRateSheetMessage(facts.billingCustomerName));
    serviceTechnicianId = items.find((i) => i.id === chosenEmployeeType)?.id ?? items[0].id;
  }
  return prepareClockIn(ctx, { ...input, serviceTechnicianId, startTime: ctx.now.toISOString() }, facts);
}
