import { and, eq, sql } from 'drizzle-orm';
import { jsonNumberOf, ROLE, WORK_ORDER_STATUS, type CustomerCreditAnswer, type CustomerCreditBody, type NoticePayload } from '@sm/shared';
import { auditLog, customers } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/**
 * Statuses a credit hold leaves alone: work that is over (canceled, duplicate, billed, completed, invoiced) and work
 * already in Credit Hold.
 */
export const NOT_HELD_STATUSES = [WORK_ORDER_STATUS.CreditHold, 22, 25, WORK_ORDER_STATUS.Billed, WORK_ORDER_STATUS.Completed, WORK_ORDER_STATUS.InvoiceSubmitted] as const;

/** Who holds and when: the person, or none for the company's daily rule. */
export interface HoldWriter {
  subscriberId: number;
  userId: number | null;
  now: Date;
}

const countOf = (result: unknown) => Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);

/**
 * Puts a customer's open work orders (as site or as billing customer) in status 8 (credit hold), keeping each one's
 * status to return to, with its status history, in one statement. A work order already kept is left alone, so
 * holding twice changes nothing. Answers how many moved.
 */
export async function holdWorkOrders(tx: DbOrTx, w: HoldWriter, customerId: number): Promise<number> {
  const at = w.now.toISOString();
  return countOf(
    await tx.execute(sql`with w as (
        select wo.id, wo.work_order_status_id from work_orders wo
         where wo.subscriber_id = ${w.subscriberId} and (wo.billing_customer_id = ${customerId} or wo.customer_id = ${customerId})
           and wo.work_order_status_id not in (${sql.join(NOT_HELD_STATUSES.map((s) => sql`${s}`), sql`, `)})
           and not exists (select 1 from credit_held_work_orders h where h.work_order_id = wo.id)
         for update of wo
      ),
      kept as (
        insert into credit_held_work_orders (work_order_id, subscriber_id, customer_id, status_before_id, held_at)
        select w.id, ${w.subscriberId}, ${customerId}, w.work_order_status_id, ${at}::timestamptz from w
      ),
      history as (
        insert into work_order_status_history (subscriber_id, work_order_id, from_status_id, to_status_id, changed_by, changed_at)
        select ${w.subscriberId}, w.id, w.work_order_status_id, ${WORK_ORDER_STATUS.CreditHold}, ${w.userId}::int, ${at}::timestamptz from w
      ),
      moved as (
        update work_orders set work_order_status_id = ${WORK_ORDER_STATUS.CreditHold} from w where work_orders.id = w.id returning work_orders.id
      )
      select count(*)::int as n from moved`),
  );
}

/**
 * Takes a customer's work orders out of credit hold, in one statement: each one the hold moved goes back to the status
 * it had, one created while the customer was on hold goes to To Do; one someone moved out of Credit Hold meanwhile stays
 * where it is. Answers how many moved.
 */
export async function releaseWorkOrders(tx: DbOrTx, w: HoldWriter, customerId: number): Promise<number> {
  const at = w.now.toISOString();
  return countOf(
    await tx.execute(sql`with k as (
        delete from credit_held_work_orders where subscriber_id = ${w.subscriberId} and customer_id = ${customerId}
        returning work_order_id, status_before_id
      ),
      w as (
        select wo.id, coalesce(k.status_before_id, ${WORK_ORDER_STATUS.ToDo}) as to_id from work_orders wo
          left join k on k.work_order_id = wo.id
         where wo.subscriber_id = ${w.subscriberId} and wo.work_order_status_id = ${WORK_ORDER_STATUS.CreditHold}
           and (k.work_order_id is not null or wo.billing_customer_id = ${customerId} or wo.customer_id = ${customerId})
         for update of wo
      ),
      history as (
        insert into work_order_status_history (subscriber_id, work_order_id, from_status_id, to_status_id, changed_by, changed_at)
        select ${w.subscriberId}, w.id, ${WORK_ORDER_STATUS.CreditHold}, w.to_id, ${w.userId}::int, ${at}::timestamptz from w
      ),
      moved as (
        update work_orders set work_order_status_id = w.to_id from w where work_orders.id = w.id returning work_orders.id
      )
      select count(*)::int as n from moved`),
  );
}

/** The audit entry of a change of a customer's credit, by a person or (no user) by the company's rule. */
export async function auditCredit(tx: Tx, w: HoldWriter, customerId: number, before: unknown, after: unknown, reason: string | null) {
  await tx.insert(auditLog).values({ subscriberId: w.subscriberId, entity: 'customer', entityId: customerId, action: 'credit', before, after, reason, changedBy: w.userId, changedAt: w.now });
}

/** The office people told of a credit hold: the company's active Super Admins and those who read Collection. */
export async function collectionReaders(db: DbOrTx, subscriberId: number): Promise<number[]> {
  const result = await db.execute(sql`select distinct u.id from users u join user_roles ur on ur.user_id = u.id
     where u.subscriber_id = ${subscriberId} and u.is_active
       and (ur.role_id = ${ROLE['Super Admin']} or exists (select 1 from role_permissions rp where rp.subscriber_id = ur.subscriber_id and rp.role_id = ur.role_id
             and rp.area = 'Collection' and (rp.can_read or rp.can_write)))`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
}

/** A credit-hold notice on the notifications hub, for the office (never to the person who made the change). */
export const creditHoldNotice = (events: Ctx['events'], subscriberId: number, userIds: number[], exceptUserId: number | null, payload: Extract<NoticePayload, { kind: 'creditHold' }>) => () => {
  const to = userIds.filter((id) => id !== exceptUserId);
  if (to.length > 0) events?.publish({ subscriberId, event: 'notice', payload, userIds: to });
};

/**
 * `PUT Collection/customers/{customerId}/credit`: sets a customer's credit limit and credit hold (the route asks for
 * "Access Customer Credit Limit & OnHold"), audited before and after, in one transaction: putting it on hold moves its
 * open work orders to Credit Hold, taking the hold off returns them to the status they had. The office is told.
 */
export async function setCustomerCredit(ctx: Ctx, customerId: number, body: CustomerCreditBody): Promise<CustomerCreditAnswer> {
  const w: HoldWriter = { subscriberId: ctx.actor.subscriberId, userId: ctx.actor.userId, now: ctx.now };
  const { answer, announce } = await ctx.db.transaction(async (tx) => {
    const [c] = await tx.select().from(customers).where(ofTenant(customers, ctx, eq(customers.id, customerId))).for('update');
    if (!c) throw notFound('Customer');
    const creditLimit = body.creditLimit === null ? null : body.creditLimit.toFixed(2);
    await tx.update(customers).set({ creditLimit, isOnCreditHold: body.isOnCreditHold }).where(and(eq(customers.id, c.id), eq(customers.subscriberId, c.subscriberId)));
    let held = 0;
    let released = 0;
    if (body.isOnCreditHold && !c.isOnCreditHold) held = await holdWorkOrders(tx, w, c.id);
    if (!body.isOnCreditHold && c.isOnCreditHold) released = await releaseWorkOrders(tx, w, c.id);
    const before = { creditLimit: c.creditLimit, isOnCreditHold: c.isOnCreditHold };
    await auditCredit(tx, w, c.id, before, { creditLimit, isOnCreditHold: body.isOnCreditHold, workOrdersHeld: held, workOrdersReleased: released }, null);
    const changed = body.isOnCreditHold !== c.isOnCreditHold;
    const payload = { kind: 'creditHold' as const, customerId: c.id, customerName: c.name, isOnHold: body.isOnCreditHold, workOrders: held + released };
    return {
      answer: { customerId: c.id, creditLimit: creditLimit === null ? null : jsonNumberOf(creditLimit), isOnCreditHold: body.isOnCreditHold, workOrdersHeld: held, workOrdersReleased: released },
      announce: changed ? creditHoldNotice(ctx.events, w.subscriberId, await collectionReaders(tx, w.subscriberId), w.userId, payload) : () => undefined,
    };
  });
  announce();
  return answer;
}
