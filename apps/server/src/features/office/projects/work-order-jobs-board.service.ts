import { sql } from 'drizzle-orm';
import type { JobCard, WorkOrderJobsBoardAnswer, WorkOrderJobsBoardQuery } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { rowsOf } from '../role-boards/work-order-board';

const COLUMNS = [
  { key: 'jobs', title: 'Jobs to do' },
  { key: 'surveys', title: 'Survey jobs to do' },
  { key: 'completed', title: 'Completed' },
] as const;

type Choice = { id: number; name: string };

/**
 * `GET Boards/workOrderJobs` (spec platform 2.1 /management/workOrderJobs): the jobs and survey jobs of the company's
 * work orders, a column for the open jobs, one for the open survey jobs (the oldest first) and one for the completed
 * ones (the latest first), narrowed by technician, customer (the site or its billing customer) and project. Each
 * column is counted in full and holds its first `take` cards.
 */
export async function workOrderJobsBoard(ctx: Ctx, q: WorkOrderJobsBoardQuery): Promise<WorkOrderJobsBoardAnswer> {
  const s = ctx.actor.subscriberId;
  const filters = sql.join(
    [
      sql`j.subscriber_id = ${s}`,
      q.technicianId === undefined ? sql`true` : sql`exists (select 1 from work_order_technicians f where f.work_order_id = w.id and f.user_id = ${q.technicianId})`,
      q.customerId === undefined ? sql`true` : sql`(w.customer_id = ${q.customerId} or w.billing_customer_id = ${q.customerId})`,
      q.projectId === undefined ? sql`true` : sql`l.project_id = ${q.projectId}`,
    ],
    sql` and `,
  );
  const rows = rowsOf<JobCard & { col: string; total: number }>(
    await ctx.db.execute(sql`
      with base as (
        select j.*, w.work_order_number, c.name as customer_name, l.project_id, p.name as project_name, u.name as created_by_name,
               case when j.is_completed then 'completed' when j.is_survey then 'surveys' else 'jobs' end as col
          from work_order_jobs j
          join work_orders w on w.id = j.work_order_id
          join customers c on c.id = w.customer_id
          left join project_work_orders l on l.work_order_id = w.id
          left join projects p on p.id = l.project_id
          left join users u on u.id = j.created_by
         where ${filters}
      ), ranked as (
        select base.*, count(*) over (partition by col) as total,
               row_number() over (partition by col order by case when is_completed then -extract(epoch from created_at) else extract(epoch from created_at) end, id) as place
          from base
      )
      select id as "workOrderJobId", work_order_id as "workOrderId", title, description, is_survey as "isSurvey", is_completed as "isCompleted",
             created_by_name as "createdBy", to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
             work_order_number as "workOrderNumber", customer_name as "customerName", project_id as "projectId", project_name as "projectName",
             (select coalesce(array_agg(tu.name order by tu.name), '{}') from work_order_technicians t join users tu on tu.id = t.user_id where t.work_order_id = ranked.work_order_id) as technicians,
             col, total::int as total
        from ranked where place <= ${q.take} order by place`),
  );
  const columns = COLUMNS.map((c) => {
    const cards = rows.filter((r) => r.col === c.key);
    return { ...c, count: cards[0]?.total ?? 0, cards: cards.map(({ col: _col, total: _total, ...card }) => card) };
  });
  const onBoard = sql`select j.work_order_id from work_order_jobs j where j.subscriber_id = ${s}`;
  const [technicians, customers, projects] = await Promise.all([
    ctx.db.execute(sql`select distinct u.id, u.name from work_order_technicians t join users u on u.id = t.user_id where t.subscriber_id = ${s} and t.work_order_id in (${onBoard}) order by u.name, u.id`),
    ctx.db.execute(sql`select distinct c.id, c.name from work_orders w join customers c on c.id = w.customer_id where w.subscriber_id = ${s} and w.id in (${onBoard}) order by c.name, c.id`),
    ctx.db.execute(sql`select distinct p.id, p.name, p.project_number from projects p join project_work_orders l on l.project_id = p.id where p.subscriber_id = ${s} and l.work_order_id in (${onBoard}) order by p.project_number`),
  ]);
  return {
    columns,
    technicians: rowsOf<Choice>(technicians),
    customers: rowsOf<Choice>(customers),
    projects: rowsOf<Choice>(projects).map(({ id, name }) => ({ id, name })),
  };
}
