import { corrigoStatusLabel, corrigoStopErrors, corrigoStopStatusesFrom, type ClockOutBody, type CorrigoStopStatus } from '@sm/shared';
import type { Ctx } from '../../../../lib/context';
import { AppError } from '../../../../lib/errors';
import { getSettingsForm } from '../../../platform/settings-forms/settings-forms.service';
import { recordProviderAction } from '../provider-accounts';
import type { ProviderPosition } from '../provider';
import { corrigoAdapterFor } from './corrigo-client';
import { isCorrigoLinked, LOCATION_DENIED, recordedCorrigoCall, type CorrigoLinkedWorkOrder, type WorkOrderRow } from './corrigo-work-order';

/**
 * The Stop dialog's Corrigo status and comment (spec clock 2.2, 3, 5): what the technician may set, whether the
 * company requires it, the check before our labor is written, and the status change sent to Corrigo after it.
 */

type StopInput = Pick<ClockOutBody, 'corrigoWorkOrderStatus' | 'corrigoWorkOrderComment'> & { currentLatLong?: ProviderPosition | null };

/** Statuses at Corrigo that a check-out has already reached: a finishing status asked for again has nothing to send. */
const FINISHED = new Set(['CheckedOut', 'Completed', 'NeedsCompletionDetails', 'Verified', 'Synced']);

/** Whether the company's Corrigo settings require the Stop dialog's status and comment (Administration, Corrigo Settings). */
async function isRequiredByCompany(ctx: Ctx): Promise<boolean> {
  return (await getSettingsForm(ctx, 'corrigoSettings')).isStopStatusRequired === true;
}

/**
 * The view data's Corrigo stop fields: the statuses the technician may set from the work order's status at Corrigo
 * (none for a work order that is not Corrigo's), and whether they are required: the company asks for them and there
 * is a status to set.
 */
export async function corrigoStopViewFields(ctx: Ctx, wo: WorkOrderRow) {
  const statuses = isCorrigoLinked(wo) ? corrigoStopStatusesFrom(wo.providerStatus) : [];
  return { corrigoWorkOrderStatuses: statuses, isCorrigoStatusRequired: statuses.length > 0 && (await isRequiredByCompany(ctx)) };
}

/**
 * Before a clock-out is written: the Corrigo status and comment follow spec clock 5 (the shared rule the Stop dialog
 * applies), and a status is refused for a work order that did not come from Corrigo.
 */
export async function checkCorrigoStop(ctx: Ctx, wo: WorkOrderRow, input: StopInput): Promise<void> {
  if (!isCorrigoLinked(wo)) {
    if (input.corrigoWorkOrderStatus) throw new AppError(400, `Work order ${wo.workOrderNumber} did not come from Corrigo.`);
    return;
  }
  const { isCorrigoStatusRequired } = await corrigoStopViewFields(ctx, wo);
  const errors = corrigoStopErrors({ status: input.corrigoWorkOrderStatus, comment: input.corrigoWorkOrderComment }, isCorrigoStatusRequired);
  const first = errors.status ?? errors.comment;
  if (first) throw new AppError(400, first);
}

const recorded = (text: string) => `Your time is recorded, but Corrigo was not told: ${text}`;

/** Pauses, or checks out with the comment (the provider's own rules on repair codes and questions apply). */
async function sendStatus(ctx: Ctx, wo: CorrigoLinkedWorkOrder, status: CorrigoStopStatus, comment: string, position: ProviderPosition, laborId: number) {
  const adapter = await corrigoAdapterFor(ctx);
  const request = { workOrderId: wo.id, workOrderStatus: status, comment, location: position };
  if (status === 'Paused') {
    await recordedCorrigoCall(ctx, wo, { action: 'pause', laborId, position, request }, () => adapter.changeStatus(wo.providerWorkOrderId, { status, comment, position }));
    return;
  }
  const settings = await adapter.getCustomerSettings(wo.providerCustomerId);
  await recordedCorrigoCall(ctx, wo, { action: 'checkOut', laborId, position, request }, () =>
    adapter.checkOut(wo.providerWorkOrderId, { comment, customFields: [], repairInfo: null }, position, settings),
  );
}

/**
 * After a clock-out has been written: sends the Stop dialog's Corrigo status to Corrigo (a pause, or a check-out for
 * Checked Out and Completed) with the comment and the position, and records it against the labor. Nothing is sent
 * when no status was chosen, or when Corrigo already has it (the check-out wizard sent it just before). Never throws:
 * the labor stands whatever Corrigo says; its refusal comes back as a warning for the technician.
 */
export async function tellCorrigoAfterClockOut(ctx: Ctx, wo: WorkOrderRow, laborId: number, input: StopInput): Promise<string | undefined> {
  const status = input.corrigoWorkOrderStatus;
  if (!status || !isCorrigoLinked(wo)) return undefined;
  const current = wo.providerStatus;
  if (current === status || (status !== 'Paused' && FINISHED.has(current ?? ''))) return undefined;
  if (!corrigoStopStatusesFrom(current).includes(status)) {
    return recorded(`the work order is ${corrigoStatusLabel(current ?? 'unknown')} there, so it cannot be set to ${corrigoStatusLabel(status)}.`);
  }
  const comment = input.corrigoWorkOrderComment?.trim() ?? '';
  const position = input.currentLatLong;
  if (!position) {
    const request = { workOrderId: wo.id, workOrderStatus: status, comment, location: null };
    await recordProviderAction(ctx, { workOrderId: wo.id, provider: 'corrigo', action: status === 'Paused' ? 'pause' : 'checkOut', laborId, isOk: false, message: LOCATION_DENIED, request });
    return recorded(LOCATION_DENIED);
  }
  try {
    await sendStatus(ctx, wo, status, comment, position, laborId);
    return undefined;
  } catch (err) {
    if (err instanceof AppError) return `Your time is recorded, but Corrigo did not take ${corrigoStatusLabel(status)}: ${err.message.replace(/^Corrigo: /, '')}`;
    return recorded('Corrigo could not be reached. Please set the status there again in a moment.');
  }
}
