import { and, eq, exists, sql } from 'drizzle-orm';
import { hasFunctionality, type Access, type CorrigoWorkOrderStatus } from '@sm/shared';
import { workOrderTechnicians, workOrders } from '../../../../db/schema';
import type { Ctx } from '../../../../lib/context';
import { AppError } from '../../../../lib/errors';
import { ofTenant } from '../../../../lib/tenancy';
import { clockableWorkOrder } from '../../clock/clock-lookups';
import { ProviderError } from '../provider-http';
import { recordProviderAction } from '../provider-accounts';
import type { ProviderPosition } from '../provider';

export type WorkOrderRow = typeof workOrders.$inferSelect;
/** One of our work orders that came from Corrigo, with its ids there. */
export type CorrigoLinkedWorkOrder = WorkOrderRow & { providerWorkOrderId: number; providerCustomerId: number };

/** The sentence the browser shows when the location could not be read (spec clock 8); the provider needs one. */
export const LOCATION_DENIED = 'Location Permission Denied. Please Allow Access To Location Services.';

/** Whether one of our work orders is linked to a Corrigo work order. */
export const isCorrigoLinked = (wo: WorkOrderRow): wo is CorrigoLinkedWorkOrder =>
  wo.provider === 'corrigo' && wo.providerWorkOrderId != null && wo.providerCustomerId != null;

/**
 * OUR work order `workOrderId`, as the clock finds it (the caller's company, and assigned to the caller unless
 * they see all work orders: otherwise 404), and only when it came from Corrigo (otherwise 409).
 */
export async function corrigoWorkOrderOf(ctx: Ctx, access: Access, workOrderId: number): Promise<CorrigoLinkedWorkOrder> {
  const wo = await clockableWorkOrder(ctx, access, workOrderId);
  if (!isCorrigoLinked(wo)) throw new AppError(409, `Work order ${wo.workOrderNumber} did not come from Corrigo.`);
  return wo;
}

/**
 * Refuses a Corrigo customer id that none of the caller's work orders names: a technician reads the settings of
 * the customers they work for, never any customer of the provider.
 */
export async function assertCorrigoCustomerVisible(ctx: Ctx, access: Access, corrigoCustomerId: number): Promise<void> {
  const seeAll = hasFunctionality(access, 'Work Orders', 'All WorkOrders');
  const assigned = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(workOrderTechnicians)
      .where(and(eq(workOrderTechnicians.workOrderId, workOrders.id), eq(workOrderTechnicians.userId, ctx.actor.userId))),
  );
  const [row] = await ctx.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(ofTenant(workOrders, ctx, eq(workOrders.provider, 'corrigo'), eq(workOrders.providerCustomerId, corrigoCustomerId), seeAll ? undefined : assigned))
    .limit(1);
  if (!row) throw new AppError(404, 'Corrigo customer was not found.');
}

/** The position a provider action needs, or the location sentence when the browser gave none. */
export function positionOrThrow(position: ProviderPosition | null | undefined): ProviderPosition {
  if (!position) throw new AppError(400, LOCATION_DENIED);
  return position;
}

export interface CorrigoActionRecord {
  action: 'checkIn' | 'pause' | 'checkOut' | 'updateProcedureStep';
  position?: ProviderPosition | null;
  laborId?: number | null;
  request: unknown;
}

/**
 * Runs one call that changes something at Corrigo and writes it down either way: on success the work order's
 * provider status and the record in one transaction; on a provider refusal or failure only the record (with the
 * provider's sentence), then the error goes on to the technician and nothing else of ours has changed.
 */
export async function recordedCorrigoCall<T extends CorrigoWorkOrderStatus | null>(
  ctx: Ctx,
  wo: CorrigoLinkedWorkOrder,
  record: CorrigoActionRecord,
  call: () => Promise<T>,
): Promise<T> {
  const base = { workOrderId: wo.id, provider: 'corrigo' as const, action: record.action, laborId: record.laborId, position: record.position, request: record.request };
  let status: T;
  try {
    status = await call();
  } catch (err) {
    if (err instanceof ProviderError) await recordProviderAction(ctx, { ...base, isOk: false, message: err.message });
    throw err;
  }
  await ctx.db.transaction(async (tx) => {
    if (status && status !== wo.providerStatus) {
      await tx.update(workOrders).set({ providerStatus: status }).where(ofTenant(workOrders, ctx, eq(workOrders.id, wo.id)));
    }
    await recordProviderAction({ ...ctx, tx }, { ...base, isOk: true, message: status ? `Corrigo status ${status}` : null });
  });
  return status;
}
