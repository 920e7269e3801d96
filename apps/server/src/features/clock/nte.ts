import { eq } from 'drizzle-orm';
import { formatCurrency } from '@sm/shared';
import { rateSheetLaborItems } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { ofTenant } from '../../lib/tenancy';
import { workOrderLabor } from './labor.table';

export const NTE_HORIZON_MINUTES = 30;

type Rates = { hourlyRate: number; otHourlyRate: number; apprenticeRate: number | null };

/** The billable rate of one labor entry: overtime, apprentice or regular rate of its Employee Type. */
export function laborRate(rates: Rates, entry: { isOvertime: boolean; isApprenticeRateApplied: boolean }): number {
  if (entry.isApprenticeRateApplied && rates.apprenticeRate != null) return rates.apprenticeRate;
  return entry.isOvertime ? rates.otHourlyRate : rates.hourlyRate;
}

/** The work order's labor total now: every entry's hours (open ones up to now) times its rate sheet rate. */
export async function laborTotal(ctx: Ctx, workOrderId: number): Promise<number> {
  const rows = await ctx.db
    .select({ labor: workOrderLabor, rates: rateSheetLaborItems })
    .from(workOrderLabor)
    .leftJoin(rateSheetLaborItems, eq(rateSheetLaborItems.id, workOrderLabor.rateSheetLaborItemId))
    .where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.workOrderId, workOrderId)));
  let total = 0;
  for (const { labor, rates } of rows) {
    if (!rates) continue;
    const end = labor.stoppedAt ?? ctx.now;
    const hours = Math.max(0, end.getTime() - labor.startedAt.getTime()) / 3_600_000;
    total += hours * laborRate(rates, labor);
  }
  return Math.round(total * 100) / 100;
}

/**
 * The persistent warning of spec clock 8 when the total after 30 more minutes of this technician's labor would
 * pass the work order's not-to-exceed amount; null when it would not, or when there is no NTE or rate.
 */
export async function nteWarning(
  ctx: Ctx,
  workOrder: { id: number; nte: number | null },
  myRates: (Rates & { isOvertime?: boolean; isApprenticeRateApplied?: boolean }) | null,
): Promise<string | null> {
  if (workOrder.nte == null || !myRates) return null;
  const rate = laborRate(myRates, { isOvertime: !!myRates.isOvertime, isApprenticeRateApplied: !!myRates.isApprenticeRateApplied });
  const projected = Math.round(((await laborTotal(ctx, workOrder.id)) + (rate * NTE_HORIZON_MINUTES) / 60) * 100) / 100;
  if (projected <= workOrder.nte) return null;
  return `This work order is exceeding over NTE. After ${NTE_HORIZON_MINUTES} minutes work order total will be ${formatCurrency(projected)}`;
}
