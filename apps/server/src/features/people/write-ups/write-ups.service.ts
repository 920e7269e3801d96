import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { ROLE, type Access, type CreateWriteUpBody, type GridRequestParsed, type NoticePayload, type UpdateWriteUpBody, type WriteUp, type WriteUpAndCount, type WriteUpEmployee } from '@sm/shared';
import { userRoles, users, workOrderFlags, workOrders } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import type { GridColumns } from '../../../lib/grid';
import { gridPage, type GridPageAnswer } from '../../../lib/grid-page';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { isStaff, listStaff } from '../../platform/users/users.service';
import { visibleWorkOrder } from '../../office/work-orders/work-order-visibility';
import { writeUpNotices, writeUps } from './write-ups.table';

const employees = alias(users, 'employees');
const writers = alias(users, 'writers');
const employeeNotices = alias(writeUpNotices, 'employee_notices');

/** `GET FlagReminder/writeUpEmployees`: whom the caller may write up, by name. */
export const writeUpEmployees = (ctx: Ctx): Promise<WriteUpEmployee[]> => listStaff(ctx, { exceptCaller: true });

const status = sql<'Open' | 'Dismissed'>`case when ${employeeNotices.dismissedAt} is null then 'Open' else 'Dismissed' end`;
const notifiedTo = sql<string>`coalesce((select string_agg(u.name, ', ' order by (n.user_id = ${writeUps.userId}) desc, u.name) from ${writeUpNotices} n join ${users} u on u.id = n.user_id where n.write_up_id = ${writeUps.id}), '')`;
const notificationCount = sql<number>`(select count(*)::int from ${writeUps} w2 where w2.user_id = ${writeUps.userId} and w2.id <= ${writeUps.id})`;

const COLUMNS: GridColumns = {
  writeUpId: { sql: writeUps.id, type: 'number' },
  userName: { sql: employees.name, type: 'text' },
  workOrderNumber: { sql: workOrders.workOrderNumber, type: 'text' },
  flagName: { sql: workOrderFlags.name, type: 'text' },
  writeUpDescription: { sql: writeUps.description, type: 'text' },
  managerName: { sql: writers.name, type: 'text' },
  notificationCount: { sql: notificationCount, type: 'number' },
  status: { sql: status, type: 'text' },
  createdDate: { sql: writeUps.createdAt, type: 'date' },
};

/** The write-ups with everything spec platform 3.9 shows of each, for a grid, a person's notices or one write-up. */
function withDetails<T extends PgSelect>(query: T): T {
  return query
    .innerJoin(employees, eq(employees.id, writeUps.userId))
    .leftJoin(writers, eq(writers.id, writeUps.createdBy))
    .leftJoin(workOrders, eq(workOrders.id, writeUps.workOrderId))
    .leftJoin(workOrderFlags, eq(workOrderFlags.id, writeUps.workOrderFlagId))
    .leftJoin(employeeNotices, and(eq(employeeNotices.writeUpId, writeUps.id), eq(employeeNotices.userId, writeUps.userId))) as unknown as T;
}

const DETAILS = {
  writeUpId: writeUps.id,
  writeUpDescription: writeUps.description,
  workOrderId: writeUps.workOrderId,
  workOrderNumber: workOrders.workOrderNumber,
  notifiedTo,
  userId: writeUps.userId,
  userName: employees.name,
  userEmail: employees.email,
  managerName: writers.name,
  notificationCount,
  flagId: writeUps.workOrderFlagId,
  flagName: workOrderFlags.name,
  createdAt: writeUps.createdAt,
  updatedAt: writeUps.updatedAt,
  status,
};

type DetailRow = { [K in keyof typeof DETAILS]: unknown } & { createdAt: Date; updatedAt: Date | null };
const answerOf = ({ createdAt, updatedAt, ...r }: DetailRow): WriteUp =>
  ({ ...r, notificationCount: Number(r.notificationCount), createdDate: createdAt.toISOString(), modifiedDate: updatedAt ? updatedAt.toISOString() : null }) as WriteUp;

async function writeUpById(db: Ctx['db'] | Tx, ctx: Ctx, writeUpId: number): Promise<WriteUp> {
  const [row] = await withDetails(db.select(DETAILS).from(writeUps).$dynamic()).where(ofTenant(writeUps, ctx, eq(writeUps.id, writeUpId)));
  if (!row) throw notFound('Write-up');
  return answerOf(row as DetailRow);
}

/** The employee, work order and flag of a write-up, each of the caller's company; a flag is about a work order. */
async function checkedValues(tx: Tx, ctx: Ctx, access: Access, body: CreateWriteUpBody) {
  if (body.userId === ctx.actor.userId) throw new AppError(400, 'You cannot write yourself up.');
  const [employee] = await tx.select({ id: users.id, name: users.name }).from(users).where(ofTenant(users, ctx, eq(users.id, body.userId), eq(users.isActive, true), isStaff(users.id)));
  if (!employee) throw notFound('Employee');
  if (body.flagId && !body.workOrderId) throw new AppError(400, 'Choose the work order the flag is about, or no flag.');
  if (body.workOrderId) await visibleWorkOrder(tx, ctx, access, body.workOrderId);
  if (body.flagId) {
    const [flag] = await tx.select({ id: workOrderFlags.id }).from(workOrderFlags).where(ofTenant(workOrderFlags, ctx, eq(workOrderFlags.id, body.flagId)));
    if (!flag) throw notFound('Flag');
  }
  return { employee, values: { workOrderId: body.workOrderId ?? null, workOrderFlagId: body.flagId ?? null, description: body.writeUpDescription } };
}

/** Who hears of a write-up: its employee and the company's active team leaders, not the one who wrote it. */
async function recipientsOf(tx: Tx, ctx: Ctx, employeeId: number): Promise<number[]> {
  const leaders = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, ROLE['Team Leader'])))
    .where(ofTenant(users, ctx, eq(users.isActive, true)));
  return [...new Set([employeeId, ...leaders.map((l) => l.id)])].filter((id) => id !== ctx.actor.userId);
}

function announce(ctx: Ctx, userIds: number[], writeUp: WriteUp) {
  const payload: NoticePayload = { kind: 'writeUp', writeUpId: writeUp.writeUpId, employeeName: writeUp.userName };
  if (userIds.length > 0) ctx.events?.publish({ subscriberId: ctx.actor.subscriberId, event: 'notice', payload, userIds });
}

/** `POST FlagReminder/writeUp`: a new write-up; its employee and the team leaders get a notice, live on their hub. */
export async function createWriteUp(ctx: Ctx, access: Access, body: CreateWriteUpBody): Promise<WriteUp> {
  const { writeUp, recipients } = await ctx.db.transaction(async (tx) => {
    const { employee, values } = await checkedValues(tx, ctx, access, body);
    const [row] = await tx.insert(writeUps).values({ subscriberId: ctx.actor.subscriberId, userId: employee.id, ...values, createdBy: ctx.actor.userId, createdAt: ctx.now }).returning();
    const recipients = await recipientsOf(tx, ctx, employee.id);
    await tx.insert(writeUpNotices).values(recipients.map((userId) => ({ subscriberId: ctx.actor.subscriberId, writeUpId: row.id, userId, createdAt: ctx.now })));
    await recordAudit(tx, ctx, { entity: 'writeUp', entityId: row.id, action: 'create', after: { userId: employee.id, ...values } });
    return { writeUp: await writeUpById(tx, ctx, row.id), recipients };
  });
  announce(ctx, recipients, writeUp);
  return writeUp;
}

/**
 * `PUT FlagReminder/writeUp`: the work order, flag and words again; the employee stays (a write-up of someone else
 * is a new one). The employee's notice comes back until they dismiss the changed write-up.
 */
export async function updateWriteUp(ctx: Ctx, access: Access, body: UpdateWriteUpBody): Promise<WriteUp> {
  const writeUp = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(writeUps).where(ofTenant(writeUps, ctx, eq(writeUps.id, body.writeUpId))).for('update');
    if (!before) throw notFound('Write-up');
    if (before.userId !== body.userId) throw new AppError(400, 'The employee of a write-up cannot be changed; write a new one instead.');
    const { values } = await checkedValues(tx, ctx, access, body);
    await tx.update(writeUps).set({ ...values, updatedBy: ctx.actor.userId, updatedAt: ctx.now }).where(eq(writeUps.id, before.id));
    await tx
      .insert(writeUpNotices)
      .values({ subscriberId: ctx.actor.subscriberId, writeUpId: before.id, userId: before.userId, createdAt: ctx.now })
      .onConflictDoUpdate({ target: [writeUpNotices.writeUpId, writeUpNotices.userId], set: { dismissedAt: null } });
    await recordAudit(tx, ctx, {
      entity: 'writeUp',
      entityId: before.id,
      action: 'update',
      before: { workOrderId: before.workOrderId, workOrderFlagId: before.workOrderFlagId, description: before.description },
      after: values,
    });
    return writeUpById(tx, ctx, before.id);
  });
  announce(ctx, [writeUp.userId], writeUp);
  return writeUp;
}

/** `GET FlagReminder/writeUpAndCount`: the write-ups waiting for the caller to dismiss them, oldest first, and how many. */
export async function myWriteUps(ctx: Ctx): Promise<WriteUpAndCount> {
  const rows = await withDetails(ctx.db.select(DETAILS).from(writeUps).$dynamic())
    .innerJoin(writeUpNotices, eq(writeUpNotices.writeUpId, writeUps.id))
    .where(ofTenant(writeUps, ctx, eq(writeUpNotices.userId, ctx.actor.userId), isNull(writeUpNotices.dismissedAt)))
    .orderBy(asc(writeUps.createdAt), asc(writeUps.id));
  const list = rows.map((r) => answerOf(r as DetailRow));
  return { writeUps: list, count: list.length };
}

/** `PUT FlagReminder/dismissedWriteUp`: the caller dismisses their notice of a write-up; again changes nothing. */
export async function dismissWriteUp(ctx: Ctx, writeUpId: number): Promise<WriteUpAndCount> {
  await ctx.db.transaction(async (tx) => {
    const [notice] = await tx
      .select()
      .from(writeUpNotices)
      .where(ofTenant(writeUpNotices, ctx, eq(writeUpNotices.writeUpId, writeUpId), eq(writeUpNotices.userId, ctx.actor.userId)))
      .for('update');
    if (!notice) throw notFound('Write-up');
    if (!notice.dismissedAt) await tx.update(writeUpNotices).set({ dismissedAt: ctx.now }).where(eq(writeUpNotices.id, notice.id));
  });
  return myWriteUps(ctx);
}

/** `POST FlagReminder/allWriteUp`: the company's write-ups for its managers, paged, sorted and filtered on the server. */
export async function allWriteUps(ctx: Ctx, req: GridRequestParsed): Promise<GridPageAnswer<WriteUp>> {
  const spec = {
    request: req,
    columns: COLUMNS,
    defaultSort: { field: 'createdDate', dir: 'desc' } as const,
    timeZone: () => companyTimeZone(ctx),
    table: writeUps,
    id: writeUps.id,
    where: ofTenant(writeUps, ctx),
    join: withDetails,
    select: DETAILS,
  };
  return gridPage(ctx.db, spec, (rows) => rows.map((r) => answerOf(r as DetailRow)));
}
