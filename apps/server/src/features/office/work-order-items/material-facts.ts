import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hasFunctionality, type Access } from '@sm/shared';
import { oncePerDatabase } from '../../../db/client';
import { inventoryItems, materialStatuses, users, vendors, warehouses, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { assignedTo } from '../work-orders/work-order-visibility';

/**
 * Everything adding or changing a material looks up, read in one prepared statement before its transaction: the work
 * order if the caller may see it, the item, the location named (active), the caller's truck, the location a part is
 * transferred to (active), the vendor (active), the status's name and the caller's name. An id left out (null) finds
 * nothing. What each of them means is decided by `resolvePlace` and the service.
 */

const subscriberId = sql.placeholder('subscriberId');
const userId = sql.placeholder('userId');
const places = alias(warehouses, 'places');
const trucks = alias(warehouses, 'trucks');
const transferPlaces = alias(warehouses, 'transfer_places');

const byVisibility = (seeAll: boolean) =>
  oncePerDatabase((db) =>
    db
      .select({
        callerName: users.name,
        workOrderId: workOrders.id,
        item: inventoryItems,
        place: places,
        truck: trucks,
        transferTo: transferPlaces,
        vendorId: vendors.id,
        statusName: materialStatuses.name,
      })
      .from(users)
      .leftJoin(workOrders, and(eq(workOrders.subscriberId, subscriberId), eq(workOrders.id, sql.placeholder('workOrderId')), seeAll ? undefined : assignedTo(userId)))
      .leftJoin(inventoryItems, and(eq(inventoryItems.subscriberId, subscriberId), eq(inventoryItems.id, sql.placeholder('itemId'))))
      .leftJoin(places, and(eq(places.subscriberId, subscriberId), eq(places.id, sql.placeholder('warehouseId')), eq(places.isActive, true)))
      .leftJoin(trucks, and(eq(trucks.subscriberId, subscriberId), eq(trucks.technicianId, userId), eq(trucks.isTruck, true)))
      .leftJoin(transferPlaces, and(eq(transferPlaces.subscriberId, subscriberId), eq(transferPlaces.id, sql.placeholder('transferToWarehouseId')), eq(transferPlaces.isActive, true)))
      .leftJoin(vendors, and(eq(vendors.subscriberId, subscriberId), eq(vendors.id, sql.placeholder('vendorId')), eq(vendors.isActive, true)))
      .leftJoin(materialStatuses, eq(materialStatuses.id, sql.placeholder('materialStatusId')))
      .where(and(eq(users.id, userId), eq(users.subscriberId, subscriberId)))
      .limit(1)
      .prepare(`material_facts_${seeAll ? 'all' : 'assigned'}`),
  );
const [assignedOnly, everyWorkOrder] = [byVisibility(false), byVisibility(true)];

/** What a material's body names, as the facts are looked up by. */
export interface MaterialLookup {
  workOrderId?: number | null;
  materialStatusId: number;
  itemId?: number | null;
  warehouseId?: number | null;
  transferToWarehouseId?: number | null;
  vendorId?: number | null;
}

export async function materialFacts(ctx: Ctx, access: Access, body: MaterialLookup) {
  const statement = (hasFunctionality(access, 'Work Orders', 'All WorkOrders') ? everyWorkOrder : assignedOnly)(ctx.db);
  const [row] = await statement.execute({
    subscriberId: ctx.actor.subscriberId,
    userId: ctx.actor.userId,
    workOrderId: body.workOrderId ?? null,
    materialStatusId: body.materialStatusId,
    itemId: body.itemId ?? null,
    warehouseId: body.warehouseId ?? null,
    transferToWarehouseId: body.transferToWarehouseId ?? null,
    vendorId: body.vendorId ?? null,
  });
  // The caller signed in; a caller removed a moment ago finds nothing, which each check then refuses.
  return row ?? { callerName: null, workOrderId: null, item: null, place: null, truck: null, transferTo: null, vendorId: null, statusName: null };
}
export type MaterialFacts = Awaited<ReturnType<typeof materialFacts>>;
