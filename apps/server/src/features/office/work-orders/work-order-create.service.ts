import { and, desc, eq, sql } from 'drizzle-orm';
import { WORK_ORDER_STATUS, type Access, type createWorkOrderBody, type NewWorkOrderInput } from '@sm/shared';
import type { z } from 'zod';
import { customers, workOrderTechnicians, workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { workOrderStatusHistory } from '../../field/clock/labor.table';
import { visibleCustomer } from '../customers/customer-visibility';
import { publishHubEvent } from '../../platform/realtime/publish';
import { clockableWorkOrder } from '../../field/clock/clock-lookups';
import { createSubWorkOrder } from './sub-work-order.service';
import { checkedTechnicians, checkedWorkOrderClass } from './work-order-technicians';

/** The first key of the advisory lock that numbers work orders; the second is the company. */
const NUMBERING_LOCK = 0x574f; // "WO"

const n = workOrders.workOrderNumber;
/**
 * Only digits, at most 15 of them: the numbers the company counts on (sub work orders are `{parent}-{n}`). Written
 * with ltrim rather than a regular expression: on a million work orders the scan takes a third of the time.
 */
const isNumeric = sql`ltrim(${n}, '0123456789') = '' and ${n} <> '' and length(${n}) <= 15`;

/**
 * The company's next work-order number: its highest numeric number plus one. Runs inside the creating transaction,
 * after an advisory lock on the company that two creates cannot hold at once, so they never read the same highest
 * number (PGlite and PostgreSQL both have the lock). The unique index on the number is the backstop. The highest
 * number is the first entry of the partial index on the company's numeric numbers (longest, then highest), which
 * `isNumeric` repeats word for word so the planner can use it.
 */
async function nextNumber(tx: Tx, ctx: Ctx): Promise<string> {
  return String((await lockedHighestNumber(tx, ctx.actor.subscriberId)) + 1n);
}

/**
 * The company's highest numeric work-order number (0 without one), read after taking the numbering lock for the rest
 * of the transaction: a writer that makes many work orders at once numbers them from it, one after another.
 */
export async function lockedHighestNumber(tx: DbOrTx, subscriberId: number): Promise<bigint> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBERING_LOCK}::int, ${subscriberId}::int)`);
  const [row] = await tx
    .select({ last: n })
    .from(workOrders)
    .where(and(eq(workOrders.subscriberId, subscriberId), isNumeric))
    .orderBy(desc(sql`length(${n})`), desc(n))
    .limit(1);
  return BigInt(row?.last ?? 0);
}

/**
 * A new work order for a customer: billed to the customer's billing customer (or itself), in ToDo, or in Credit Hold
 * when the customer or its billing customer is on credit hold. Numbered, given its technicians, its first status
 * history row and its audit entry in one transaction.
 */
export async function createWorkOrder(ctx: Ctx, access: Access, input: NewWorkOrderInput) {
  const created = await ctx.db.transaction((tx) => insertWorkOrder(tx, ctx, access, input));
  publishHubEvent(ctx, 'gridUpdate', { action: 'workOrderCreated', workOrderId: created.workOrderId });
  return created;
}

/**
 * The writes of `createWorkOrder` inside the caller's transaction, for a change that makes a work order as one of its
 * steps (an estimate becoming a work order). The caller tells the boards once its transaction is committed.
 */
export async function insertWorkOrder(tx: Tx, ctx: Ctx, access: Access, input: NewWorkOrderInput) {
  const customer = await visibleCustomer(tx, ctx, access, input.customerId);
  const [billing] = customer.billingCustomerId
    ? await tx.select({ isOnCreditHold: customers.isOnCreditHold }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, customer.billingCustomerId)))
    : [];
  await checkedWorkOrderClass(tx, ctx, input.workOrderClassId);
  const technicians = await checkedTechnicians(tx, ctx, input.technicianIds);
  const onHold = customer.isOnCreditHold || Boolean(billing?.isOnCreditHold);
  const workOrderStatusId = onHold ? WORK_ORDER_STATUS.CreditHold : WORK_ORDER_STATUS.ToDo;
  const values = {
    customerId: customer.id,
    billingCustomerId: customer.billingCustomerId ?? customer.id,
    workOrderStatusId,
    problem: input.problem,
    nte: input.nte ?? null,
    priority: input.priority,
    workOrderClassId: input.workOrderClassId ?? null,
    poNumber: input.poNumber,
    providerReference: input.providerReference,
  };
  const workOrderNumber = await nextNumber(tx, ctx);
  // The billing customer's sales person sold it, until the office says otherwise (Change SalesPerson).
  const [team] = await tx.select({ salesPersonId: customers.salesPersonId }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, values.billingCustomerId)));
  const [row] = await tx
    .insert(workOrders)
    .values({ ...values, salesPersonId: team?.salesPersonId ?? null, subscriberId: ctx.actor.subscriberId, workOrderNumber, createdBy: ctx.actor.userId, createdAt: ctx.now })
    .returning({ workOrderId: workOrders.id, workOrderNumber: workOrders.workOrderNumber });
  if (technicians.length > 0) {
    await tx.insert(workOrderTechnicians).values(technicians.map((t) => ({ subscriberId: ctx.actor.subscriberId, workOrderId: row.workOrderId, userId: t.userId })));
  }
  await tx.insert(workOrderStatusHistory).values({
    subscriberId: ctx.actor.subscriberId, workOrderId: row.workOrderId, fromStatusId: null, toStatusId: workOrderStatusId, changedBy: ctx.actor.userId, changedAt: ctx.now,
  });
  await recordAudit(tx, ctx, {
    entity: 'workOrder', entityId: row.workOrderId, action: 'create',
    after: { workOrderNumber, ...values, technicianIds: technicians.map((t) => t.userId) },
  });
  return row;
}

type CreateInput = z.output<typeof createWorkOrderBody>;

/** Fields that only a new work order takes: a sub work order has its parent's customer, terms and class. */
const NEW_ONLY = ['customerId', 'priority', 'nte', 'workOrderClassId', 'poNumber', 'providerReference', 'technicianIds'] as const;

/**
 * `WorkOrder/create`: a sub work order when the body names a parent (after the parent is found, a body that also
 * carries new-work-order fields is refused), otherwise a new work order for the customer.
 */
export async function createAnyWorkOrder(ctx: Ctx, access: Access, body: CreateInput) {
  if (body.parentWorkOrderId !== undefined) {
    if (NEW_ONLY.some((k) => body[k] != null)) {
      await clockableWorkOrder(ctx, access, body.parentWorkOrderId);
      throw new AppError(400, 'A sub work order takes its customer and terms from its parent; send only the parent and a problem.');
    }
    return createSubWorkOrder(ctx, access, { parentWorkOrderId: body.parentWorkOrderId, problem: body.problem });
  }
  return createWorkOrder(ctx, access, {
    customerId: body.customerId!,
    problem: body.problem!.trim(),
    priority: body.priority ?? 'Normal',
    nte: body.nte,
    workOrderClassId: body.workOrderClassId,
    poNumber: body.poNumber,
    providerReference: body.providerReference,
    technicianIds: body.technicianIds ?? [],
  });
}
