import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Access } from '@sm/shared';
import { oncePerDatabase } from '../../../db/client';
import { customers, rateSheetLaborItems, userStatuses, users, workOrderStatuses, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { sheetInEffectSql } from '../../office/rate-sheets/rate-sheet-in-effect';
import { clockable, clockStateColumns, clockStateOf, seesAllWorkOrders } from './clock-lookups';
import { workOrderLabor } from './labor.table';

/** An Employee Type of the caller on a billing customer's rate sheet, as the clock checks it. */
export interface EmployeeType {
  id: number;
  apprenticeRate: number | null;
}

const subscriberId = sql.placeholder('subscriberId');
const userId = sql.placeholder('userId');
const workOrderId = sql.placeholder('workOrderId');

/**
 * The caller's Employee Types on the joined work order's billing customer's rate sheet version in effect on the day
 * of `at` (the labor's start), as a column: work keeps the rates of its day.
 */
const employeeTypesAt = (at: SQL) => sql<EmployeeType[]>`coalesce((
  select json_agg(json_build_object('id', ${rateSheetLaborItems.id}, 'apprenticeRate', ${rateSheetLaborItems.apprenticeRate}) order by ${rateSheetLaborItems.id})
    from ${rateSheetLaborItems}
   where ${rateSheetLaborItems.subscriberId} = ${subscriberId} and ${rateSheetLaborItems.technicianUserId} = ${userId}
     and ${rateSheetLaborItems.customerRateSheetId} = ${sheetInEffectSql(subscriberId, workOrders.billingCustomerId, at)}), '[]')`;

/** The name of the joined work order's billing customer (else its site), for the sentence that says whose rate sheet to set up. */
const billingCustomerName = sql<string | null>`(select c.name from ${customers} c where c.id = coalesce(${workOrders.billingCustomerId}, ${workOrders.customerId}))`;

/** A statement per value of "sees all work orders", each prepared once per database. */
const bySeeAll = <T>(build: (seeAll: boolean) => ReturnType<typeof oncePerDatabase<T>>) => {
  const [assigned, all] = [build(false), build(true)];
  return (access: Access) => (seesAllWorkOrders(access) ? all : assigned);
};

const clockInStatement = bySeeAll((seeAll) =>
  oncePerDatabase((db) =>
    db
      .select({
        ...clockStateColumns({ subscriberId, userId }),
        workOrder: workOrders,
        employeeTypes: employeeTypesAt(sql`${sql.placeholder('startTime')}::timestamptz`),
        billingCustomerName,
        userStatus: userStatuses,
      })
      .from(users)
      .leftJoin(workOrders, clockable({ subscriberId, userId, workOrderId }, seeAll))
      .leftJoin(userStatuses, eq(userStatuses.id, sql.placeholder('userStatusId')))
      .where(and(eq(users.id, userId), eq(users.subscriberId, subscriberId)))
      .prepare(`clock_in_facts_${seeAll ? 'all' : 'assigned'}`),
  ),
);

const clockOutStatement = bySeeAll((seeAll) =>
  oncePerDatabase((db) =>
    db
      .select({ labor: workOrderLabor, workOrder: workOrders, userStatus: userStatuses, workOrderStatusId: workOrderStatuses.id, employeeTypes: employeeTypesAt(sql`${workOrderLabor.startedAt}`), billingCustomerName })
      .from(workOrderLabor)
      .leftJoin(workOrders, clockable({ subscriberId, userId, workOrderId }, seeAll))
      .leftJoin(userStatuses, eq(userStatuses.id, sql.placeholder('userStatusId')))
      .leftJoin(workOrderStatuses, eq(workOrderStatuses.id, sql.placeholder('workOrderStatusId')))
      .where(and(eq(workOrderLabor.subscriberId, subscriberId), eq(workOrderLabor.id, sql.placeholder('workOrderLaborId'))))
      .prepare(`clock_out_facts_${seeAll ? 'all' : 'assigned'}`),
  ),
);

/**
 * Everything a clock-in checks, read in one prepared statement: the caller's clock state (see `callerClockState`),
 * the work order if the caller may clock on it (null otherwise), the caller's Employee Types on its customer's
 * rate sheet version in effect on the start's day, and the user status chosen in the Start dialog (none: null).
 */
export async function clockInFacts(ctx: Ctx, access: Access, id: number, startTime: string, userStatusId?: number | null) {
  const [row] = await clockInStatement(access)(ctx.db).execute({ ...ctx.actor, workOrderId: id, startTime, userStatusId: userStatusId ?? 0 });
  return {
    state: clockStateOf(row),
    workOrder: row?.workOrder ?? null,
    employeeTypes: row?.workOrder ? row.employeeTypes : [],
    billingCustomerName: row?.billingCustomerName ?? 'this customer',
    userStatus: row?.userStatus ?? null,
  };
}
export type ClockInFacts = Awaited<ReturnType<typeof clockInFacts>>;

/**
 * Everything a clock-out checks, read in one prepared statement: the labor entry (none: null), the work order if the
 * caller may clock on it, the chosen user status and work order status, and the caller's Employee Types.
 */
export async function clockOutFacts(ctx: Ctx, access: Access, q: { workOrderLaborId: number; workOrderId: number; userStatusId: number; workOrderStatusId: number }) {
  const [row] = await clockOutStatement(access)(ctx.db).execute({ ...ctx.actor, ...q });
  return row ?? null;
}
