import { and, eq, isNull } from 'drizzle-orm';
import { addDaysTo, type LeakRepair, type UpdateLeakRepairBody } from '@sm/shared';
import { equipment, leakRepairs } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { recordAudit } from '../../platform/audit/audit.service';
import { companyToday } from '../../platform/subscribers/company-time';
import { REPAIR_DAYS, SHUTDOWN_REPAIR_DAYS } from './leak-assessment';
import { repairRows } from './refrigerant-rows';
import { ofTenant } from '../../../lib/tenancy';

/**
 * `GET Refrigerant/leakRepairs`: the company's leak repairs, open ones unless all are asked for, soonest due first,
 * each with its deadline, whether it is overdue and its verification tests (the office's list and the PM board).
 */
export async function listLeakRepairs(ctx: Ctx, query: { state: 'open' | 'all'; customerId?: number }): Promise<LeakRepair[]> {
  const where = [query.state === 'open' ? isNull(leakRepairs.closedAt) : undefined, query.customerId ? eq(equipment.customerId, query.customerId) : undefined];
  return repairRows(ctx.db, ctx, and(...where), await companyToday(ctx));
}

/**
 * `PUT Refrigerant/leakRepairs/{leakRepairId}`: the office records the repair, the verification tests and whether an
 * industrial process shutdown moves the deadline to 120 days. The repair closes when repaired and both tests passed;
 * a closed repair is kept as it is (409).
 */
export async function updateLeakRepair(ctx: Ctx, leakRepairId: number, body: UpdateLeakRepairBody): Promise<LeakRepair> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(leakRepairs).where(ofTenant(leakRepairs, ctx, eq(leakRepairs.id, leakRepairId))).for('update');
    if (!before) throw notFound('Leak repair');
    if (before.closedAt) throw new AppError(409, 'This leak repair is closed: it was repaired and both verification tests passed.');
    const values = {
      isIndustrialShutdown: body.isIndustrialShutdown ?? false,
      repairedOn: body.repairedOn ?? null,
      initialTestOn: body.initialTestOn ?? null,
      initialTestPassed: body.initialTestPassed ?? null,
      followUpTestOn: body.followUpTestOn ?? null,
      followUpTestPassed: body.followUpTestPassed ?? null,
    };
    if (values.repairedOn && values.repairedOn < before.openedOn) throw new AppError(400, 'Repaired On must not be before the leak was found.');
    if (values.initialTestOn && values.initialTestOn < before.openedOn) throw new AppError(400, 'Initial Test Date must not be before the leak was found.');
    const dueOn = addDaysTo(before.openedOn, values.isIndustrialShutdown ? SHUTDOWN_REPAIR_DAYS : REPAIR_DAYS);
    const isDone = values.repairedOn != null && values.initialTestPassed === true && values.followUpTestPassed === true;
    const [after] = await tx
      .update(leakRepairs)
      .set({ ...values, dueOn, closedAt: isDone ? ctx.now : null, updatedBy: ctx.actor.userId })
      .where(ofTenant(leakRepairs, ctx, eq(leakRepairs.id, leakRepairId)))
      .returning();
    await recordAudit(tx, ctx, { entity: 'leakRepair', entityId: leakRepairId, action: isDone ? 'close' : 'update', before, after });
    const [answer] = await repairRows(tx, ctx, eq(leakRepairs.id, leakRepairId), await companyToday(ctx, tx));
    return answer;
  });
}
