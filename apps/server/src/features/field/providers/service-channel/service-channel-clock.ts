import { and, eq } from 'drizzle-orm';
import { fixedServiceChannelStatuses, SC_DEFAULT_PRIMARY_STATUS, SC_STOP_PRIMARY_STATUSES, type ServiceChannelStatusOption, type StartViewData } from '@sm/shared';
import { customers, workOrders } from '../../../../db/schema';
import type { Ctx } from '../../../../lib/context';
import { AppError } from '../../../../lib/errors';
import { ofTenant } from '../../../../lib/tenancy';
import { accountFor, recordProviderAction, tokenKeyOf } from '../provider-accounts';
import { getScStatusLists, scCheckIn, scCheckOut, validateScCheckIn } from './service-channel-client';
import { providerStatusText, toCheckOutStatus, toStopStatusOptions } from './service-channel-mapper';

type WorkOrder = typeof workOrders.$inferSelect;
type Position = { latitude: number; longitude: number; accuracy?: number | null } | null | undefined;

const isServiceChannel = (wo: Pick<WorkOrder, 'provider' | 'providerWorkOrderId'>) => wo.provider === 'serviceChannel' && wo.providerWorkOrderId != null;

/** The provider's status lists change rarely: kept this long per account, so opening a dialog costs no call. */
const STATUS_LISTS_MS = 10 * 60_000;
const statusLists = new Map<string, { options: ServiceChannelStatusOption[]; at: number }>();

/** The statuses the Stop dialog offers, from the provider, or the fixed list with the reason when it cannot be read. */
async function stopStatuses(ctx: Ctx): Promise<{ options: ServiceChannelStatusOption[]; notice: string | null }> {
  try {
    const account = await accountFor(ctx, 'serviceChannel');
    const key = tokenKeyOf(account);
    const hit = statusLists.get(key);
    if (hit && ctx.now.getTime() - hit.at < STATUS_LISTS_MS) return { options: hit.options, notice: null };
    const options = toStopStatusOptions(await getScStatusLists(account));
    if (options.length === 0) throw new AppError(502, 'ServiceChannel answered without statuses.');
    statusLists.set(key, { options, at: ctx.now.getTime() });
    return { options, notice: null };
  } catch (err) {
    const why = err instanceof AppError ? err.message : 'ServiceChannel could not be reached.';
    return { options: fixedServiceChannelStatuses(), notice: `${why} The standard ServiceChannel statuses are shown instead.` };
  }
}

/**
 * The service-channel part of the start/stop view data (spec clock 3): whether this is a service-channel work
 * order, the provider's primary and extended statuses (IN PROGRESS first, the Stop dialog's default), where the
 * site is and how far from it the provider believes a check-in, and whether the open labor elsewhere is one too.
 * A provider that cannot be read never breaks the dialog: the fixed list is shown and the notice says why.
 */
export async function serviceChannelViewData(ctx: Ctx, wo: WorkOrder, elsewhereWorkOrderId: number | null | undefined) {
  const elsewhere = elsewhereWorkOrderId
    ? await ctx.db.select({ provider: workOrders.provider, providerWorkOrderId: workOrders.providerWorkOrderId }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, elsewhereWorkOrderId)))
    : [];
  const isElsewhereServiceChannel = !!elsewhere[0] && isServiceChannel(elsewhere[0]);
  if (!isServiceChannel(wo)) return { isClockinServiceChannelWO: false, isElsewhereServiceChannel };
  const [[site], statuses] = await Promise.all([
    ctx.db
      .select({ latitude: customers.latitude, longitude: customers.longitude, radiusMeters: customers.siteRadiusMeters })
      .from(customers)
      .where(and(eq(customers.id, wo.customerId), eq(customers.subscriberId, ctx.actor.subscriberId))),
    stopStatuses(ctx),
  ]);
  const inProgress = statuses.options.find((o) => o.id === SC_DEFAULT_PRIMARY_STATUS);
  return {
    isClockinServiceChannelWO: true,
    isElsewhereServiceChannel,
    scPrimaryStatuses: statuses.options,
    scExtendedStatuses: inProgress?.extended ?? [],
    serviceChannelSite:
      site && site.latitude != null && site.longitude != null && site.radiusMeters != null
        ? { latitude: site.latitude, longitude: site.longitude, radiusMeters: site.radiusMeters }
        : null,
    serviceChannelNotice: statuses.notice,
  } satisfies Partial<StartViewData> & { isElsewhereServiceChannel: boolean };
}

/** Refuses a stop with a primary status the technician cannot set, before anything is written. */
export function checkServiceChannelStop(wo: WorkOrder, input: { scPrimaryStatus?: string | null }) {
  const primary = input.scPrimaryStatus?.trim().toUpperCase();
  if (!isServiceChannel(wo) || !primary) return;
  if (!(SC_STOP_PRIMARY_STATUSES as readonly string[]).includes(primary)) {
    throw new AppError(400, `Primary status must be one of ${SC_STOP_PRIMARY_STATUSES.join(', ')}.`);
  }
}

/** The sentence a technician reads when the provider did not take a clock action that we recorded all the same. */
function warningOf(action: 'check-in' | 'check-out', err: unknown): string {
  const words = err instanceof AppError ? err.message.replace(/^ServiceChannel: /, '') : 'ServiceChannel could not be reached.';
  return `Your time is recorded, but ServiceChannel did not take the ${action}: ${words}`;
}

const plainPosition = (p: Position) => (p ? { latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy ?? null } : null);

/**
 * After our clock-in is committed: validates, then checks the technician in at the provider with the number of
 * technicians and the position. Never undoes our labor; a refusal or failure is recorded (with the position and its
 * accuracy) and answered as the sentence to show. Answers undefined when the provider took it or is not involved.
 */
export async function serviceChannelCheckIn(
  ctx: Ctx,
  wo: WorkOrder,
  laborId: number,
  input: { currentLatLong?: Position; noOfServiceChannelTechs: number; isReachedAtSite: boolean; startTime: string },
): Promise<string | undefined> {
  if (!isServiceChannel(wo)) return undefined;
  const position = plainPosition(input.currentLatLong);
  const workTypeId = input.isReachedAtSite ? 1 : 2;
  const body = {
    WorkTypeId: workTypeId,
    UserId: ctx.actor.userId,
    TechsCount: input.noOfServiceChannelTechs,
    Latitude: position?.latitude,
    Longitude: position?.longitude,
    CheckInTime: new Date(input.startTime).toISOString(),
    Actor: ctx.actor.userName,
  } as const;
  const record = { workOrderId: wo.id, provider: 'serviceChannel', action: 'checkIn', laborId, position } as const;
  try {
    const account = await accountFor(ctx, 'serviceChannel');
    await validateScCheckIn(account, wo.providerWorkOrderId!, position, workTypeId);
    const answer = await scCheckIn(account, wo.providerWorkOrderId!, body);
    await recordProviderAction(ctx, { ...record, request: { ...body, MechanicId: answer?.MechanicId ?? null }, isOk: true });
    await setProviderStatus(ctx, wo.id, providerStatusText({ Primary: 'IN PROGRESS', Extended: 'ON SITE' }));
    return undefined;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const warning = warningOf('check-in', err);
    await recordProviderAction(ctx, { ...record, request: body, isOk: false, message: err.message });
    return warning;
  }
}

/**
 * After our clock-out is committed: checks the technician out at the provider with the same UserId as the check-in
 * and the chosen primary and extended status. Like the check-in, a refusal is recorded and answered, never undone.
 */
export async function serviceChannelCheckOut(
  ctx: Ctx,
  wo: WorkOrder,
  labor: { id: number; isReachedAtSite: boolean; noOfServiceChannelTechs: number },
  input: { scPrimaryStatus?: string | null; scExtendedStatus?: string | null; currentLatLong?: Position },
): Promise<string | undefined> {
  if (!isServiceChannel(wo)) return undefined;
  const position = plainPosition(input.currentLatLong);
  const status = toCheckOutStatus(input.scPrimaryStatus ?? SC_DEFAULT_PRIMARY_STATUS, input.scExtendedStatus);
  const body = {
    WorkTypeId: labor.isReachedAtSite ? 1 : 2,
    ...status,
    UserId: ctx.actor.userId,
    TechsCount: labor.noOfServiceChannelTechs,
    Latitude: position?.latitude,
    Longitude: position?.longitude,
    CheckOutTime: ctx.now.toISOString(),
  } as const;
  const record = { workOrderId: wo.id, provider: 'serviceChannel', action: 'checkOut', laborId: labor.id, position } as const;
  try {
    const account = await accountFor(ctx, 'serviceChannel');
    const answer = await scCheckOut(account, wo.providerWorkOrderId!, body);
    await recordProviderAction(ctx, { ...record, request: { ...body, MechanicId: answer?.MechanicId ?? null }, isOk: true });
    const primary = (input.scPrimaryStatus ?? SC_DEFAULT_PRIMARY_STATUS).toUpperCase();
    await setProviderStatus(ctx, wo.id, providerStatusText({ Primary: primary, Extended: status.ExtendedStatus }));
    return undefined;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await recordProviderAction(ctx, { ...record, request: body, isOk: false, message: err.message });
    return warningOf('check-out', err);
  }
}

/** Our copy of the provider's status, as last set through the product. */
async function setProviderStatus(ctx: Ctx, workOrderId: number, text: string) {
  await ctx.db.update(workOrders).set({ providerStatus: text }).where(ofTenant(workOrders, ctx, eq(workOrders.id, workOrderId)));
}
