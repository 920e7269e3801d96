import { eq } from 'drizzle-orm';
import {
  corrigoStopStatusesFrom,
  type Access, type CorrigoCheckOut, type CorrigoCustomerSettings, type CorrigoProcedure, type CorrigoProcedureUpdate, type CorrigoStatusChange,
  type CorrigoWrapperData,
} from '@sm/shared';
import { workOrders } from '../../../../db/schema';
import type { Ctx } from '../../../../lib/context';
import { AppError } from '../../../../lib/errors';
import { ofTenant } from '../../../../lib/tenancy';
import { ProviderError } from '../provider-http';
import { corrigoAdapterFor } from './corrigo-client';
import { assertCorrigoCustomerVisible, corrigoWorkOrderOf, positionOrThrow, recordedCorrigoCall } from './corrigo-work-order';

/** Messages the wizard shows on success (spec clock 8). */
export const CORRIGO_MESSAGES = {
  stepUpdated: 'Corrigo Procedure step updated successfully',
  statusSaved: 'Saved',
  checkedOut: 'Corrigo Work Order Saved',
} as const;

/** `GET CorrigoWorkOrders/corrigoCustomerSettings/{corrigoCustomerId}`: the questions the check-out wizard asks. */
export async function getCorrigoCustomerSettings(ctx: Ctx, access: Access, corrigoCustomerId: number): Promise<CorrigoCustomerSettings> {
  await assertCorrigoCustomerVisible(ctx, access, corrigoCustomerId);
  return (await corrigoAdapterFor(ctx)).getCustomerSettings(corrigoCustomerId);
}

/**
 * `GET CorrigoWorkOrders/clockOutWorkOrderWrapperData/{workOrderId}`: the provider's current status of our work
 * order, which the wizard starts from; the status read is kept as the last one seen.
 */
export async function getCorrigoWrapperData(ctx: Ctx, access: Access, workOrderId: number): Promise<CorrigoWrapperData> {
  const wo = await corrigoWorkOrderOf(ctx, access, workOrderId);
  const remote = await (await corrigoAdapterFor(ctx)).getWorkOrder(wo.providerWorkOrderId);
  if (!remote.status) throw new ProviderError(502, 'Corrigo answered with a status the product does not know. Please try again in a moment.');
  if (remote.status !== wo.providerStatus) {
    await ctx.db.update(workOrders).set({ providerStatus: remote.status }).where(ofTenant(workOrders, ctx, eq(workOrders.id, wo.id)));
  }
  return {
    workOrderId: wo.id,
    workOrderStatus: remote.status,
    availableWorkOrderStatuses: corrigoStopStatusesFrom(remote.status),
    corrigoCustomerId: wo.providerCustomerId,
    corrigoWorkOrderId: wo.providerWorkOrderId,
  };
}

/** `GET CorrigoWorkOrders/getCorrigoWorkorderProcedure/{workOrderId}`: procedures with their ordered steps. */
export async function getCorrigoProcedures(ctx: Ctx, access: Access, workOrderId: number): Promise<CorrigoProcedure[]> {
  const wo = await corrigoWorkOrderOf(ctx, access, workOrderId);
  return (await corrigoAdapterFor(ctx)).getProcedures(wo.providerWorkOrderId);
}

/** `PUT CorrigoWorkOrders/updateCorrigoProcedureStep`: saves steps of one procedure at the provider. */
export async function updateCorrigoProcedureStep(ctx: Ctx, access: Access, input: CorrigoProcedureUpdate) {
  const wo = await corrigoWorkOrderOf(ctx, access, input.workorderId);
  const adapter = await corrigoAdapterFor(ctx);
  await recordedCorrigoCall(ctx, wo, { action: 'updateProcedureStep', request: input }, async () => {
    await adapter.updateProcedureSteps(wo.providerWorkOrderId, input.procedureId, input.steps);
    return null;
  });
  return { message: CORRIGO_MESSAGES.stepUpdated };
}

/**
 * `PUT CorrigoWorkOrders/changeStatus`: the wizard's Paused shortcut (the provider's pause, with the position), and
 * a check-in again after a pause. Checking out has its own call, because it carries the completion answers.
 */
export async function changeCorrigoStatus(ctx: Ctx, access: Access, input: CorrigoStatusChange) {
  const wo = await corrigoWorkOrderOf(ctx, access, input.workOrderId);
  const status = input.workOrderStatus;
  if (status === 'CheckedOut' || status === 'Completed') throw new AppError(400, 'Use Check Out to finish the work order at Corrigo.');
  if (status !== 'Paused' && status !== 'CheckedIn') throw new AppError(400, `A Corrigo work order cannot be set to ${status} from here.`);
  const position = positionOrThrow(input.location);
  const adapter = await corrigoAdapterFor(ctx);
  await recordedCorrigoCall(ctx, wo, { action: status === 'Paused' ? 'pause' : 'checkIn', position, request: input }, () =>
    adapter.changeStatus(wo.providerWorkOrderId, { status, comment: input.comment, position }),
  );
  return { message: CORRIGO_MESSAGES.statusSaved };
}

/** The first rule of spec clock 5 the wizard's answers break, checked before anything is sent to the provider. */
function checkOutRuleBroken(input: CorrigoCheckOut, settings: CorrigoCustomerSettings): string | null {
  const repair = input.repairInfo;
  const category = settings.repairCategories.find((c) => c.id === repair?.categoryId);
  if (settings.isRepairCodeRequired && !repair?.categoryId) return 'The Repair Category is Required!';
  if (repair?.categoryId && !category) return "The Repair Category is not one of the customer's categories.";
  if (settings.isRepairCodeRequired && !repair?.codeId) return 'The Repair Sub Category is Required!';
  if (repair?.codeId && !category) return 'The Repair Category is Required!';
  if (repair?.codeId && !category!.codes.some((c) => c.id === repair.codeId)) return 'The Repair Sub Category is not one of the category\'s codes.';

  const given = new Map(input.customFields.map((f) => [f.id, f.value?.trim() ?? '']));
  for (const id of given.keys()) {
    if (!settings.customFields.some((f) => f.id === id)) return `Custom field ${id} is not one of this customer's questions.`;
  }
  for (const field of settings.customFields) {
    const value = given.get(field.id) ?? '';
    if (value === '') {
      if (field.isRequired) return `${field.labelText} is required`;
      continue;
    }
    if (field.values.length > 0 && !field.values.includes(value)) return `${field.labelText} must be one of: ${field.values.join(', ')}.`;
    if (field.dataLength && value.length > field.dataLength) return `${field.labelText} must be at most ${field.dataLength} characters.`;
    if (['Integer', 'Float', 'Money'].includes(field.type) && !Number.isFinite(Number(value))) return `${field.labelText} must be a number.`;
    if (field.type === 'Integer' && !Number.isInteger(Number(value))) return `${field.labelText} must be a whole number.`;
  }
  return null;
}

/**
 * `PUT CorrigoWorkOrders/checkOut`: re-checks the wizard's rules with the spec's sentences (repair category and
 * sub category when the customer requires them, required questions, required procedure steps done), then checks
 * the work order out at the provider with the position.
 */
export async function checkOutCorrigo(ctx: Ctx, access: Access, input: CorrigoCheckOut) {
  const wo = await corrigoWorkOrderOf(ctx, access, input.workOrderId);
  const position = positionOrThrow(input.coordinates);
  const adapter = await corrigoAdapterFor(ctx);
  const settings = await adapter.getCustomerSettings(wo.providerCustomerId);
  const broken = checkOutRuleBroken(input, settings);
  if (broken) throw new AppError(400, broken);
  const procedures = await adapter.getProcedures(wo.providerWorkOrderId);
  const isStepOpen = procedures.some((p) => p.steps.some((s) => s.isRequired && s.status !== 'Done' && s.status !== 'NA'));
  if (isStepOpen) throw new AppError(400, 'Complete Procedure Step before Checkout Work order');
  await recordedCorrigoCall(ctx, wo, { action: 'checkOut', position, request: input }, () =>
    adapter.checkOut(wo.providerWorkOrderId, input, position, settings),
  );
  return { message: CORRIGO_MESSAGES.checkedOut };
}
