import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { jsonNumberOf, type CollectionTask, type CollectionTaskList, type CollectionTaskQueryParsed, type CollectionTaskResultBody } from '@sm/shared';
import { auditLog, collectionTasks } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { companyToday, todayOf } from '../../platform/subscribers/company-time';
import { TERMS_DAYS } from './aging-sql';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface TaskRunResult {
  tasksCreated: number;
  /** Tells each person given tasks, once the transaction committed. */
  announce: () => void;
}

/**
 * Makes the collection tasks a company owes, as of its today: for each billing customer with something past due, the
 * active templates of the bucket its oldest past-due invoice is in, each given to that bucket's assignment (nobody
 * when the bucket has none, or its person no longer works). A template makes one task per customer and oldest
 * invoice, so a second run, or a run after a crash, makes nothing twice. One statement.
 */
export async function makeCollectionTasks(tx: DbOrTx, subscriberId: number, now: Date, events?: Ctx['events']): Promise<TaskRunResult> {
  const today = await todayOf(tx, subscriberId, now);
  const made = rowsOf<{ assigned_user_id: number | null }>(
    await tx.execute(sql`with open_invoices as (
        select i.id, i.billing_customer_id, i.amount_due, ${today}::date - i.invoice_date - ${TERMS_DAYS} as days
          from invoices i join customers bc on bc.id = i.billing_customer_id left join company_list_rows tr on tr.id = bc.terms_id
         where i.subscriber_id = ${subscriberId} and i.amount_due > 0
      ), oldest as (
        select distinct on (billing_customer_id) billing_customer_id as customer_id, id as invoice_id, days,
               sum(amount_due) over (partition by billing_customer_id) as balance
          from open_invoices order by billing_customer_id, days desc, id
      )
      insert into collection_tasks (subscriber_id, customer_id, template_id, invoice_id, name, action, bucket, instructions, balance, due_date, assigned_user_id)
      select ${subscriberId}, o.customer_id, t.id, o.invoice_id, t.name, t.action, t.bucket, t.instructions, o.balance, ${today}::date + t.due_in_days, u.id
        from oldest o
        join collection_task_templates t on t.subscriber_id = ${subscriberId} and t.is_active
             and t.bucket = case when o.days <= 30 then 'days1to30' when o.days <= 60 then 'days31to60' when o.days <= 90 then 'days61to90' else 'over90' end
        left join collection_task_assignments a on a.subscriber_id = ${subscriberId} and a.bucket = t.bucket and a.is_active
        left join users u on u.id = a.user_id and u.is_active
       where o.days > 0
      on conflict (subscriber_id, customer_id, template_id, invoice_id) do nothing
      returning assigned_user_id`),
  );
  const counts = new Map<number, number>();
  for (const r of made) if (r.assigned_user_id !== null) counts.set(r.assigned_user_id, (counts.get(r.assigned_user_id) ?? 0) + 1);
  return {
    tasksCreated: made.length,
    announce: () => {
      for (const [userId, count] of counts) events?.publish({ subscriberId, event: 'notice', payload: { kind: 'collectionTasks', count }, userIds: [userId] });
    },
  };
}

/** `POST Collection/tasks/run`: makes the tasks now, as the nightly run would; nothing twice. */
export async function runCollectionTasksNow(ctx: Ctx): Promise<{ tasksCreated: number }> {
  const result = await ctx.db.transaction((tx) => makeCollectionTasks(tx, ctx.actor.subscriberId, ctx.now, ctx.events));
  result.announce();
  return { tasksCreated: result.tasksCreated };
}

interface TaskRow {
  id: number;
  customer_id: number;
  customer_name: string;
  name: string;
  action: CollectionTask['action'];
  bucket: CollectionTask['bucket'];
  instructions: string | null;
  invoice_number: number;
  balance: string;
  due_date: string;
  assigned_user_id: number | null;
  assigned_user_name: string | null;
  outcome: CollectionTask['outcome'];
  note: string | null;
  promise_date: string | null;
  promise_amount: string | null;
  done_at: Date | string | null;
  done_by_name: string | null;
  created_at: Date | string;
  /** How many tasks match, on every row. */
  matching: string;
}

const isoOf = (v: Date | string) => new Date(v).toISOString();

function taskOf(r: TaskRow): CollectionTask {
  return {
    taskId: r.id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    name: r.name,
    action: r.action,
    bucket: r.bucket,
    instructions: r.instructions,
    invoiceNumber: r.invoice_number,
    balance: jsonNumberOf(r.balance),
    dueDate: String(r.due_date).slice(0, 10),
    assignedUserId: r.assigned_user_id,
    assignedUserName: r.assigned_user_name,
    isDone: r.done_at !== null,
    outcome: r.outcome,
    note: r.note,
    promiseDate: r.promise_date === null ? null : String(r.promise_date).slice(0, 10),
    promiseAmount: r.promise_amount === null ? null : jsonNumberOf(r.promise_amount),
    doneAt: r.done_at === null ? null : isoOf(r.done_at),
    doneByName: r.done_by_name,
    createdAt: isoOf(r.created_at),
  };
}

/** The tasks of the company, or one of them, with the names a person reads. */
function taskStatement(subscriberId: number, where: SQL, order: SQL, take: number, skip: number) {
  return sql`select t.id, t.customer_id, c.name as customer_name, t.name, t.action, t.bucket, t.instructions, i.invoice_number, t.balance::text as balance,
                    t.due_date::text as due_date, t.assigned_user_id, au.name as assigned_user_name, t.outcome, t.note, t.promise_date::text as promise_date,
                    t.promise_amount::text as promise_amount, t.done_at, du.name as done_by_name, t.created_at, count(*) over () as matching
               from collection_tasks t
               join customers c on c.id = t.customer_id
               join invoices i on i.id = t.invoice_id
               left join users au on au.id = t.assigned_user_id
               left join users du on du.id = t.done_by_user_id
              where t.subscriber_id = ${subscriberId} and ${where}
              order by ${order}
              limit ${take} offset ${skip}`;
}

/**
 * `GET Collection/tasks`: the company's collection tasks, open ones by their due day (the most overdue first), done ones
 * latest first; only the caller's with `mine`, only one customer's with `customerId`.
 */
export async function listCollectionTasks(ctx: Ctx, q: CollectionTaskQueryParsed): Promise<CollectionTaskList> {
  const conditions = [sql`true`];
  if (q.state === 'open') conditions.push(sql`t.done_at is null`);
  if (q.state === 'done') conditions.push(sql`t.done_at is not null`);
  if (q.mine) conditions.push(sql`t.assigned_user_id = ${ctx.actor.userId}`);
  if (q.customerId) conditions.push(sql`t.customer_id = ${q.customerId}`);
  const order = q.state === 'done' ? sql`t.done_at desc, t.id desc` : sql`t.done_at is not null, t.due_date, t.id`;
  const rows = rowsOf<TaskRow>(await ctx.db.execute(taskStatement(ctx.actor.subscriberId, sql.join(conditions, sql` and `), order, q.take, q.skip)));
  return { data: rows.map(taskOf), total: Number(rows[0]?.matching ?? 0), asOf: await companyToday(ctx) };
}

async function taskById(db: DbOrTx, subscriberId: number, taskId: number): Promise<CollectionTask | null> {
  const [row] = rowsOf<TaskRow>(await db.execute(taskStatement(subscriberId, sql`t.id = ${taskId}`, sql`t.id`, 1, 0)));
  return row ? taskOf(row) : null;
}

/**
 * `PUT Collection/tasks/{taskId}/result`: records what came of a task (a promise to pay with its day and amount), and
 * the task is done, audited. A task already done is refused with who did it, so two people never both record one.
 */
export async function recordCollectionTaskResult(ctx: Ctx, taskId: number, body: CollectionTaskResultBody): Promise<CollectionTask> {
  const subscriberId = ctx.actor.subscriberId;
  return ctx.db.transaction(async (tx: Tx) => {
    const before = await taskById(tx, subscriberId, taskId);
    if (!before) throw notFound('Collection task');
    const isPromise = body.outcome === 'promiseToPay';
    const [updated] = await tx
      .update(collectionTasks)
      .set({
        outcome: body.outcome,
        note: body.note?.trim() || null,
        promiseDate: isPromise ? body.promiseDate! : null,
        promiseAmount: isPromise ? body.promiseAmount!.toFixed(2) : null,
        doneAt: ctx.now,
        doneByUserId: ctx.actor.userId,
      })
      .where(and(eq(collectionTasks.id, taskId), eq(collectionTasks.subscriberId, subscriberId), isNull(collectionTasks.doneAt)))
      .returning({ id: collectionTasks.id });
    if (!updated) throw new AppError(409, `This task was already done by ${before.doneByName ?? 'someone else'}: reload to see its result.`);
    await tx.insert(auditLog).values({
      subscriberId, entity: 'collectionTask', entityId: taskId, action: 'result', before: { outcome: null }, after: body, reason: null, changedBy: ctx.actor.userId, changedAt: ctx.now,
    });
    return (await taskById(tx, subscriberId, taskId))!;
  });
}
