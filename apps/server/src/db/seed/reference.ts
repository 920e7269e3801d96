import { sql } from 'drizzle-orm';
import { MATERIAL_STATUSES, ROLES, SOP_STATUSES, USER_STATUSES, WORK_ORDER_STATUSES } from '@sm/shared';
import type { Db } from '../client';
import { itemRateTypes, materialStatuses, perDiemTypes, roles, sopStatuses, userStatuses, workOrderStatuses } from '../schema';

/** Reference data every installation needs (roles, statuses, rate types, N/A per-diem); safe to run at every start. */
export async function seedReference(db: Db) {
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(ROLES.map((r) => ({ id: r.roleId, name: r.roleName })))
      .onConflictDoUpdate({ target: roles.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(userStatuses)
      .values(USER_STATUSES.map((s) => ({ id: s.userStatusId, name: s.userStatus, isPayable: s.isPayable, needsDescription: s.needsDescription })))
      .onConflictDoNothing();
    await tx
      .insert(workOrderStatuses)
      .values(WORK_ORDER_STATUSES.map((s) => ({ id: s.workOrderStatusId, name: s.workOrderStatus })))
      .onConflictDoUpdate({ target: workOrderStatuses.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(materialStatuses)
      .values(MATERIAL_STATUSES.map((s) => ({ id: s.materialStatusId, name: s.materialStatus })))
      .onConflictDoUpdate({ target: materialStatuses.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(sopStatuses)
      .values(SOP_STATUSES.map((s) => ({ id: s.sopStatusId, name: s.sopStatus })))
      .onConflictDoUpdate({ target: sopStatuses.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(itemRateTypes)
      .values([
        { id: 1, name: 'Regular' },
        { id: 2, name: 'Overtime' },
        { id: 3, name: 'Stand By' },
      ])
      .onConflictDoNothing();
    await tx.insert(perDiemTypes).values({ id: 0, subscriberId: null, name: 'N/A' }).onConflictDoNothing();
  });
}
