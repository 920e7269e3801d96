import { count, eq } from 'drizzle-orm';
import { WORK_ORDER_STATUS, type Access } from '@sm/shared';
import { workOrderTechnicians, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { clockableWorkOrder } from '../../field/clock/clock-lookups';

/**
 * `WorkOrder/create` with a parent: a sub work order for the same customer, numbered `{parent}-{n}`, assigned to
 * the caller, in ToDo. The number is unique per company in the database; a race retries with the next number.
 */
export async function createSubWorkOrder(ctx: Ctx, access: Access, input: { parentWorkOrderId: number; problem?: string | null }) {
  const parent = await clockableWorkOrder(ctx, access, input.parentWorkOrderId);
  if (parent.parentWorkOrderId) throw new AppError(400, 'A sub work order cannot have sub work orders of its own.');
  for (let attempt = 0; attempt < 5; attempt++) {
    const [{ n }] = await ctx.db.select({ n: count() }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.parentWorkOrderId, parent.id)));
    const workOrderNumber = `${parent.workOrderNumber}-${n + 1 + attempt}`;
    try {
      return await ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(workOrders)
          .values({
            subscriberId: ctx.actor.subscriberId,
            workOrderNumber,
            customerId: parent.customerId,
            billingCustomerId: parent.billingCustomerId,
            workOrderStatusId: WORK_ORDER_STATUS.ToDo,
            problem: input.problem?.trim() || parent.problem,
            parentWorkOrderId: parent.id,
            createdBy: ctx.actor.userId,
            createdAt: ctx.now,
          })
          .returning({ workOrderId: workOrders.id, workOrderNumber: workOrders.workOrderNumber });
        await tx.insert(workOrderTechnicians).values({ subscriberId: ctx.actor.subscriberId, workOrderId: created.workOrderId, userId: ctx.actor.userId });
        return created;
      });
    } catch (e) {
      const code = (e as { code?: string; cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code;
      if (code !== '23505') throw e;
    }
  }
  throw new AppError(409, 'Could not number the sub work order; please try again.');
}

