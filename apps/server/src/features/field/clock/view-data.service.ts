import { count, eq, isNull, sql } from 'drizzle-orm';
import { ROLE, type Access, type StartViewData, type StopViewData } from '@sm/shared';
import { z } from 'zod';
import type { viewDataRequest } from '@sm/shared';
import { customerEstimates, customers, users, workOrderStatuses, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { listUserStatuses } from '../../platform/users/users.service';
import { callerClockState, callerRateSheetItems, checkScheduleItem, clockableWorkOrder, openLaborOfCaller } from './clock-lookups';
import { isWorkOrderStatusFieldRequired } from './clock-out';
import { workOrderLabor } from './labor.table';
import { nteWarning } from './nte';
import { corrigoViewFields } from '../providers/corrigo/corrigo-clock';
import { corrigoStopViewFields } from '../providers/corrigo/corrigo-stop';
import { serviceChannelViewData } from '../providers/service-channel/service-channel-clock';

type ViewRequest = z.output<typeof viewDataRequest>;

async function resolveWorkOrder(ctx: Ctx, access: Access, req: ViewRequest) {
  if (req.workOrderId) return clockableWorkOrder(ctx, access, req.workOrderId);
  if (!req.workOrderNumber) throw new AppError(400, 'Work order field is required!');
  const [row] = await ctx.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(ofTenant(workOrders, ctx, sql`lower(${workOrders.workOrderNumber}) = lower(${req.workOrderNumber})`));
  if (!row) throw new AppError(404, 'Work order was not found.');
  return clockableWorkOrder(ctx, access, row.id);
}

/** The number of the parent work order, if any. */
const parentNumberOf = (ctx: Ctx, parentWorkOrderId: number | null) =>
  parentWorkOrderId
    ? ctx.db.select({ number: workOrders.workOrderNumber }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, parentWorkOrderId)))
    : Promise.resolve([]);

/** The estimate this work order was made from (spec platform 3.13 view data). */
const estimateOf = (ctx: Ctx, workOrderId: number) =>
  ctx.db.select({ id: customerEstimates.id }).from(customerEstimates).where(ofTenant(customerEstimates, ctx, eq(customerEstimates.workOrderId, workOrderId)));

/**
 * `WOStartStop/getStartWOViewData`: everything the start/stop dialog needs (spec clock 3, "Clock-out form data"):
 * which mode it opens in, where the caller's open labor is, the pickers' lists and the caller's rate sheet items.
 */
export async function getStartViewData(ctx: Ctx, access: Access, req: ViewRequest): Promise<StartViewData> {
  await checkScheduleItem(ctx, req.schedulerId);
  const wo = await resolveWorkOrder(ctx, access, req);
  const [open, [{ openTechs }], statuses, userStatuses, hasRateSheet, [me], parent, [estimate]] = await Promise.all([
    openLaborOfCaller(ctx),
    ctx.db.select({ openTechs: count() }).from(workOrderLabor).where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.workOrderId, wo.id), isNull(workOrderLabor.stoppedAt))),
    ctx.db.select().from(workOrderStatuses).orderBy(workOrderStatuses.id),
    listUserStatuses(ctx),
    callerClockState(ctx).then((s) => s.hasRateSheet),
    ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId)),
    parentNumberOf(ctx, wo.parentWorkOrderId),
    estimateOf(ctx, wo.id),
  ]);
  const mine = open && open.labor.workOrderId === wo.id ? open.labor : null;
  // Work keeps the rates of its day: the Employee Types of the version in effect when the open labor started, else today.
  const [items, [sheetCustomer]] = await Promise.all([
    callerRateSheetItems(ctx, wo.billingCustomerId, mine?.startedAt ?? ctx.now),
    ctx.db.select({ name: customers.name }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, wo.billingCustomerId ?? wo.customerId))),
  ]);
  const myItem = items.find((i) => i.id === mine?.rateSheetLaborItemId) ?? items[0] ?? null;
  const warning = await nteWarning(ctx, wo, myItem && { ...myItem, isOvertime: mine?.isOvertime, isApprenticeRateApplied: mine?.isApprenticeRateApplied });
  const elsewhere = open && open.labor.workOrderId !== wo.id ? open : null;
  const [status] = statuses.filter((s) => s.id === wo.workOrderStatusId);
  const { isElsewhereServiceChannel, ...serviceChannel } = await serviceChannelViewData(ctx, wo, elsewhere?.labor.workOrderId);
  const corrigoStop = await corrigoStopViewFields(ctx, wo);
  return {
    workOrderId: wo.id,
    workOrderNumber: wo.workOrderNumber,
    workOrderStatusId: wo.workOrderStatusId,
    workOrderStatus: status?.name ?? '',
    billingCustomerId: wo.billingCustomerId,
    parentWorkOrderId: wo.parentWorkOrderId,
    parentWorkOrderNumber: parent[0]?.number ?? null,
    customerEstimateId: estimate?.id ?? null,
    nte: wo.nte,
    nteWarning: warning,
    stopMode: !!mine,
    hasOpenWorkOrderLabor: !!open,
    openTechsLaborCount: openTechs,
    workOrderLaborId: mine?.id ?? null,
    newWorkOrderId: elsewhere?.labor.workOrderId ?? null,
    newWorkOrderNumber: elsewhere?.workOrderNumber ?? null,
    newWorkOrderLabor: elsewhere
      ? { workOrderId: elsewhere.labor.workOrderId, workOrderNumber: elsewhere.workOrderNumber, isServiceChannelWorkorder: isElsewhereServiceChannel }
      : null,
    isOvertime: mine?.isOvertime ?? false,
    isReachedAtSite: mine?.isReachedAtSite ?? true,
    isApprenticeRateApplied: mine?.isApprenticeRateApplied ?? false,
    description: mine?.description ?? null,
    cDescription: mine?.companyDescription ?? null,
    serviceTechnicianId: mine?.rateSheetLaborItemId ?? null,
    perDiemTypeId: mine?.perDiemTypeId ?? 0,
    itemRateTypeId: mine?.itemRateTypeId ?? 1,
    rateSheetTruckTypeId: mine?.rateSheetTruckId ?? null,
    workOrderFlagId: mine?.workOrderFlagId ?? null,
    noOfServiceChannelTechs: mine?.noOfServiceChannelTechs ?? 1,
    startTime: mine?.startedAt.toISOString() ?? null,
    currentLatLong: mine?.startLatitude != null && mine.startLongitude != null ? { latitude: mine.startLatitude, longitude: mine.startLongitude } : null,
    userStatuses,
    workOrderStatuses: statuses.map((s) => ({ workOrderStatusId: s.id, workOrderStatus: s.name })),
    isWorkOrderStatusFieldRequired: isWorkOrderStatusFieldRequired(wo),
    hasRateSheetSetUp: hasRateSheet,
    rateSheetCustomerName: sheetCustomer?.name ?? '',
    rateSheetLaborItems: items.map((i) => ({ serviceTechnicianId: i.id, employeeType: i.name, hourlyRate: i.hourlyRate, otHourlyRate: i.otHourlyRate, apprenticeRate: i.apprenticeRate })),
    canAddPerDiemType: access.roleIds.some((r) => r === ROLE['Super Admin'] || r === ROLE.Administrator),
    scPrimaryStatuses: [],
    scExtendedStatuses: [],
    ...serviceChannel,
    ...corrigoViewFields(wo),
    ...corrigoStop,
    currentUser: { userId: ctx.actor.userId, name: me?.name ?? '' },
  };
}

/**
 * `WOStartStop/getStopWOViewData`: the view data of spec platform 3.13, read first when Stop is pressed; it decides
 * whether a provider check-out comes before the stop form, so it reads only the work order and what hangs on it.
 */
export async function getStopViewData(ctx: Ctx, access: Access, req: ViewRequest): Promise<StopViewData> {
  await checkScheduleItem(ctx, req.schedulerId);
  const wo = await resolveWorkOrder(ctx, access, req);
  const [parent, [estimate]] = await Promise.all([parentNumberOf(ctx, wo.parentWorkOrderId), estimateOf(ctx, wo.id)]);
  return {
    workOrderId: wo.id,
    workOrderNumber: wo.workOrderNumber,
    parentWorkOrderId: wo.parentWorkOrderId,
    parentWorkOrderNumber: parent[0]?.number ?? null,
    customerEstimateId: estimate?.id ?? null,
    ...corrigoViewFields(wo),
  };
}
