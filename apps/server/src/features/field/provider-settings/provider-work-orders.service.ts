import { count, desc, eq, inArray } from 'drizzle-orm';
import type { ProviderSettingsKey, ProviderWorkOrder, ProviderWorkOrdersAnswer } from '@sm/shared';
import { customers, workOrderStatuses, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { ofTenant } from '../../../lib/tenancy';
import { providerActions } from '../providers/providers.table';

/**
 * `GET ThirdParty/{provider}/workOrders`: the company's work orders linked to a provider work order, newest first,
 * one page at a time with the total. Each carries both statuses (the provider's and ours) and the last call made to
 * the provider for it, so an administrator can see at a glance which orders are out of step and why.
 */
export async function listProviderWorkOrders(ctx: Ctx, provider: ProviderSettingsKey, page: { skip: number; take: number }): Promise<ProviderWorkOrdersAnswer> {
  const where = ofTenant(workOrders, ctx, eq(workOrders.provider, provider));
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        workOrderId: workOrders.id,
        workOrderNumber: workOrders.workOrderNumber,
        customerName: customers.name,
        providerWorkOrderId: workOrders.providerWorkOrderId,
        providerStatus: workOrders.providerStatus,
        workOrderStatus: workOrderStatuses.name,
      })
      .from(workOrders)
      .innerJoin(customers, eq(customers.id, workOrders.customerId))
      .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
      .where(where)
      .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
      .limit(page.take)
      .offset(page.skip),
    ctx.db.select({ total: count() }).from(workOrders).where(where),
  ]);
  const last = await lastActionsOf(ctx, provider, rows.map((r) => r.workOrderId));
  const data: ProviderWorkOrder[] = rows.map((r) => ({
    ...r,
    // The database pairs a provider with its work order id (check work_orders_provider_id), so a linked row has one.
    providerWorkOrderId: r.providerWorkOrderId ?? 0,
    lastAction: last.get(r.workOrderId) ?? null,
  }));
  return { data, total };
}

/** The newest provider call of each work order of a page. */
async function lastActionsOf(ctx: Ctx, provider: ProviderSettingsKey, workOrderIds: number[]) {
  const last = new Map<number, ProviderWorkOrder['lastAction']>();
  if (workOrderIds.length === 0) return last;
  const a = providerActions;
  const rows = await ctx.db
    .selectDistinctOn([a.workOrderId], { workOrderId: a.workOrderId, action: a.action, isOk: a.isOk, message: a.message, createdAt: a.createdAt })
    .from(a)
    .where(ofTenant(a, ctx, eq(a.provider, provider), inArray(a.workOrderId, workOrderIds)))
    .orderBy(a.workOrderId, desc(a.createdAt), desc(a.id));
  for (const { workOrderId, createdAt, ...action } of rows) last.set(workOrderId, { ...action, createdAt: createdAt.toISOString() });
  return last;
}
