import type { Ctx } from '../../../../lib/context';
import { AppError } from '../../../../lib/errors';
import type { ProviderPosition } from '../provider';
import { corrigoAdapterFor } from './corrigo-client';
import { recordProviderAction } from '../provider-accounts';
import { isCorrigoLinked, LOCATION_DENIED, recordedCorrigoCall, type WorkOrderRow } from './corrigo-work-order';

/**
 * The Corrigo part of the start/stop view data (spec platform 3.13): which provider work order and customer, and
 * whether the technician is checked in there, so Stop shows the provider's check-out wizard first.
 */
export function corrigoViewFields(wo: WorkOrderRow) {
  const linked = isCorrigoLinked(wo);
  return {
    corrigoWorkOrderId: linked ? wo.providerWorkOrderId : 0,
    corrigoCustomerId: linked ? wo.providerCustomerId : 0,
    isCorrigoWorkOrderCheckedIn: linked && wo.providerStatus === 'CheckedIn',
  };
}

/** Provider statuses from which a clock-in also checks in at Corrigo. */
const CHECK_IN_FROM = new Set(['Accepted', 'Paused']);

/**
 * After a clock-in has been written: checks the technician in at Corrigo when the work order is Accepted or Paused
 * there, with the position. Never throws, because the labor entry must stand whatever the provider says; answers
 * the provider's sentence as a warning for the technician when the check-in did not go through (and records it).
 */
export async function checkInAtCorrigoAfterClockIn(ctx: Ctx, wo: WorkOrderRow, laborId: number, position: ProviderPosition | null | undefined): Promise<string | undefined> {
  if (!isCorrigoLinked(wo) || !CHECK_IN_FROM.has(wo.providerStatus ?? '')) return undefined;
  const record = { action: 'checkIn' as const, laborId, position, request: { workOrderId: wo.id, location: position ?? null } };
  try {
    if (!position) {
      await recordProviderAction(ctx, { workOrderId: wo.id, provider: 'corrigo', action: 'checkIn', laborId, isOk: false, message: LOCATION_DENIED, request: record.request });
      return `Corrigo check-in was not sent: ${LOCATION_DENIED}`;
    }
    const adapter = await corrigoAdapterFor(ctx);
    await recordedCorrigoCall(ctx, wo, record, () => adapter.changeStatus(wo.providerWorkOrderId, { status: 'CheckedIn', position }));
    return undefined;
  } catch (err) {
    if (err instanceof AppError) return err.message;
    return 'Corrigo check-in did not go through. Please try again in a moment.';
  }
}
