import { asc, desc, eq, or, sql } from 'drizzle-orm';
import type { LaborCorrectionForm } from '@sm/shared';
import { rateSheetLaborItems, rateSheetTrucks, users, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { workOrderLabor } from '../../field/clock/labor.table';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { instantSql, sheetInEffectSql } from '../../office/rate-sheets/rate-sheet-in-effect';
import { assignedTo } from '../../office/work-orders/work-order-visibility';

/** How many of the technician's work orders the form offers, newest first. */
const WORK_ORDER_CHOICES = 200;

/**
 * `GET WorkOrderLabor/{workOrderLaborId}/correctionForm`: the entry's values and the choices of each field: the
 * technician's work orders, and his Employee Types and the trucks on the billing customer's rate sheet of the labor's day.
 */
export async function laborCorrectionForm(ctx: Ctx, workOrderLaborId: number): Promise<LaborCorrectionForm> {
  const [row] = await ctx.db
    .select({ l: workOrderLabor, technicianName: users.name, billingCustomerId: sql<number>`coalesce(${workOrders.billingCustomerId}, ${workOrders.customerId})` })
    .from(workOrderLabor)
    .innerJoin(users, eq(users.id, workOrderLabor.userId))
    .innerJoin(workOrders, eq(workOrders.id, workOrderLabor.workOrderId))
    .where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.id, workOrderLaborId)));
  if (!row) throw notFound('Labor entry');
  const { l } = row;
  const sheet = sheetInEffectSql(ctx.actor.subscriberId, row.billingCustomerId, instantSql(l.startedAt));
  const choices = await ctx.db
    .select({ workOrderId: workOrders.id, workOrderNumber: workOrders.workOrderNumber })
    .from(workOrders)
    .where(ofTenant(workOrders, ctx, or(eq(workOrders.id, l.workOrderId), assignedTo(l.userId))))
    .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
    .limit(WORK_ORDER_CHOICES);
  const employeeTypes = await ctx.db
    .select({ serviceTechnicianId: rateSheetLaborItems.id, employeeType: rateSheetLaborItems.name, apprenticeRate: rateSheetLaborItems.apprenticeRate })
    .from(rateSheetLaborItems)
    .where(ofTenant(rateSheetLaborItems, ctx, eq(rateSheetLaborItems.technicianUserId, l.userId), eq(rateSheetLaborItems.customerRateSheetId, sheet)))
    .orderBy(asc(rateSheetLaborItems.id));
  const trucks = await ctx.db
    .select({ rateSheetTruckTypeId: rateSheetTrucks.id, name: rateSheetTrucks.name })
    .from(rateSheetTrucks)
    .where(ofTenant(rateSheetTrucks, ctx, eq(rateSheetTrucks.customerRateSheetId, sheet)))
    .orderBy(asc(rateSheetTrucks.id));
  return {
    workOrderLaborId: l.id,
    technicianName: row.technicianName,
    timeZone: await companyTimeZone(ctx),
    isOpen: l.stoppedAt === null,
    values: {
      startTime: l.startedAt.toISOString(),
      stopTime: l.stoppedAt?.toISOString() ?? null,
      workOrderId: l.workOrderId,
      serviceTechnicianId: l.rateSheetLaborItemId,
      perDiemTypeId: l.perDiemTypeId,
      itemRateTypeId: l.itemRateTypeId,
      rateSheetTruckTypeId: l.rateSheetTruckId,
      workOrderFlagId: l.workOrderFlagId,
      isOvertime: l.isOvertime,
      isApprenticeRateApplied: l.isApprenticeRateApplied,
    },
    workOrders: choices,
    employeeTypes: employeeTypes.map(({ apprenticeRate, ...e }) => ({ ...e, hasApprenticeRate: apprenticeRate != null })),
    trucks,
  };
}
