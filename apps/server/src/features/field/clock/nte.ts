import { eq } from 'drizzle-orm';
import { compareMoney, hoursOf, lineTotal, moneyText, sumMoney } from '@sm/shared';
import { rateSheetLaborItems } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { workOrderLabor } from './labor.table';

export const NTE_HORIZON_MINUTES = 30;

type Rates = { hourlyRate: number; otHourlyRate: number; apprenticeRate: number | null };

/** The billable rate of one labor entry: overtime, apprentice or regular rate of its Employee Type. */
export function laborRate(rates: Rates, entry: { isOvertime: boolean; isApprenticeRateApplied: boolean }): number {
  if (entry.isApprenticeRateApplied && rates.apprenticeRate != null) return rates.apprenticeRate;
  return entry.isOvertime ? rates.otHourlyRate : rates.hourlyRate;
}

/**
 * The work order's labor total now, to the cent, as its invoice will count it: each entry's hours (an open one up to
 * now) to 0.01 hour, times its rate sheet rate, half-up to the cent, summed in exact decimals.
 */
export async function laborTotal(ctx: Ctx, workOrderId: number): Promise<string> {
  const rows = await ctx.db
    .select({ labor: workOrderLabor, rates: rateSheetLaborItems })
    .from(workOrderLabor)
    .leftJoin(rateSheetLaborItems, eq(rateSheetLaborItems.id, workOrderLabor.rateSheetLaborItemId))
    .where(ofTenant(workOrderLabor, ctx, eq(workOrderLabor.workOrderId, workOrderId)));
  const lines = rows.flatMap(({ labor, rates }) => {
    if (!rates) return [];
    const seconds = ((labor.stoppedAt ?? ctx.now).getTime() - labor.startedAt.getTime()) / 1000;
    return [lineTotal(hoursOf(seconds), laborRate(rates, labor))];
  });
  return sumMoney(lines);
}

/**
 * The persistent warning of spec clock 8 when the total after 30 more minutes of this technician's labor would
 * pass the work order's not-to-exceed amount; null when it would not, or when there is no NTE or rate. Every amount
 * is an exact decimal: a total equal to the NTE to the cent does not warn.
 */
export async function nteWarning(
  ctx: Ctx,
  workOrder: { id: number; nte: number | null },
  myRates: (Rates & { isOvertime?: boolean; isApprenticeRateApplied?: boolean }) | null,
): Promise<string | null> {
  if (workOrder.nte == null || !myRates) return null;
  const rate = laborRate(myRates, { isOvertime: !!myRates.isOvertime, isApprenticeRateApplied: !!myRates.isApprenticeRateApplied });
  const next = lineTotal(hoursOf(NTE_HORIZON_MINUTES * 60), rate);
  const projected = sumMoney([await laborTotal(ctx, workOrder.id), next]);
  if (compareMoney(projected, workOrder.nte) <= 0) return null;
  return `This work order is exceeding over NTE. After ${NTE_HORIZON_MINUTES} minutes work order total will be ${moneyText(projected)}`;
}
