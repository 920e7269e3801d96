import { asc, eq } from 'drizzle-orm';
import { distanceKm } from '@sm/shared';
import { rateSheetLaborItems, users, workOrderStatuses } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { workOrderLabor, workOrderStatusHistory } from '../../field/clock/labor.table';
import { correctionFieldsOf } from '../../people/labor-corrections/labor-values';

/** Labor entries of a work order with hours and how far from the customer each clock-in was made. */
export async function laborEntriesOf(ctx: Ctx, workOrderId: number, customer: { latitude: number | null; longitude: number | null }) {
  const rows = await ctx.db
    .select({ labor: workOrderLabor, userName: users.name, hourlyRate: rateSheetLaborItems.hourlyRate })
    .from(workOrderLabor)
    .innerJoin(users, eq(users.id, workOrderLabor.userId))
    .leftJoin(rateSheetLaborItems, eq(rateSheetLaborItems.id, workOrderLabor.rateSheetLaborItemId))
    .where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.workOrderId, workOrderId)))
    .orderBy(asc(workOrderLabor.startedAt));
  const correctionFields = await correctionFieldsOf(ctx, rows.map((r) => r.labor.id));
  return rows.map(({ labor: l, userName }) => {
    const end = l.stoppedAt ?? ctx.now;
    const hasBoth = l.startLatitude != null && l.startLongitude != null && customer.latitude != null && customer.longitude != null;
    return {
      workOrderLaborId: l.id,
      userId: l.userId,
      userName,
      startTime: l.startedAt.toISOString(),
      stopTime: l.stoppedAt?.toISOString() ?? null,
      hours: Math.round(((end.getTime() - l.startedAt.getTime()) / 3_600_000) * 100) / 100,
      isOpen: !l.stoppedAt,
      isOvertime: l.isOvertime,
      isReachedAtSite: l.isReachedAtSite,
      employeeTypeId: l.rateSheetLaborItemId,
      description: l.description,
      clockInDistanceKm: hasBoth
        ? Math.round(distanceKm({ lat: l.startLatitude!, lng: l.startLongitude! }, { lat: customer.latitude!, lng: customer.longitude! }) * 100) / 100
        : null,
      startAddress: l.startAddress,
      stopAddress: l.stopAddress,
      ...correctionFields(l.id),
    };
  });
}

/** Every status change of a work order, oldest first: who changed it, when, from what to what. */
export async function statusHistoryOf(ctx: Ctx, workOrderId: number) {
  const statuses = await ctx.db.select().from(workOrderStatuses);
  const name = (id: number | null) => statuses.find((s) => s.id === id)?.name ?? null;
  const rows = await ctx.db
    .select({ h: workOrderStatusHistory, userName: users.name })
    .from(workOrderStatusHistory)
    .leftJoin(users, eq(users.id, workOrderStatusHistory.changedBy))
    .where(ofTenant(workOrderStatusHistory, ctx, eq(workOrderStatusHistory.workOrderId, workOrderId)))
    .orderBy(asc(workOrderStatusHistory.changedAt), asc(workOrderStatusHistory.id));
  return rows.map(({ h, userName }) => ({
    fromStatus: name(h.fromStatusId),
    toStatus: name(h.toStatusId),
    changedBy: userName,
    changedAt: h.changedAt.toISOString(),
  }));
}
