import { hasFunctionality, TECHNICIAN_ROLES, equipmentProblemOf, type Access } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { publishHubEvent } from '../../platform/realtime/publish';
import { insertWorkOrder } from '../work-orders/work-order-create.service';
import { equipmentById } from './equipment-read.service';
import { linkEquipment } from './work-order-equipment.service';

/** Whether the caller holds a technician role (the plumbers' too): who starts the work order works it. */
const isTechnician = (access: Access) => access.roleIds.some((id) => (TECHNICIAN_ROLES as readonly number[]).includes(id));

/**
 * `POST Equipment/{equipmentId}/startWorkOrder` ("Start work order here" on a scanned label): a new work order at the
 * piece's location naming the piece, through the one work-order creation (numbering, credit hold, status history,
 * audit). A technician is assigned to it; anyone else needs "All WorkOrders", or the work order just made would be
 * hidden from them, and is refused with the reason. The piece must be one the caller sees (404) and in service (400).
 */
export async function startWorkOrderAtEquipment(ctx: Ctx, access: Access, equipmentId: number, problem: string | null | undefined) {
  const technician = isTechnician(access);
  if (!technician && !hasFunctionality(access, 'Work Orders', 'All WorkOrders')) {
    throw new AppError(403, 'Only a technician, who is then assigned to it, or someone who sees all work orders can start a work order from a piece of equipment.');
  }
  const created = await ctx.db.transaction(async (tx) => {
    const piece = await equipmentById(tx, ctx, access, equipmentId);
    if (!piece.isActive) throw new AppError(400, `${piece.name} is retired. Reactivate it before starting a work order on it.`);
    const row = await insertWorkOrder(tx, ctx, access, {
      customerId: piece.customerId,
      problem: problem?.trim() || equipmentProblemOf(piece),
      priority: 'Normal',
      poNumber: null,
      providerReference: null,
      technicianIds: technician ? [ctx.actor.userId] : [],
    });
    await linkEquipment(tx, ctx, row.workOrderId, piece.equipmentId);
    return row;
  });
  publishHubEvent(ctx, 'gridUpdate', { action: 'workOrderCreated', workOrderId: created.workOrderId });
  return created;
}
