import { asc, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Access, SalesCustomer, SalesCustomersQuery, SalesPerson, SalesTask, SalesTaskRangeQuery, TaskColor } from '@sm/shared';
import { customers, scheduleItems, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { byStart, mayOverlap, occurrencesOf, rangeOfQuery, seriesAnswerOf } from '../scheduling/calendar-entries';
import { checkSalesReferences, isSalesPerson, ownSalesTasksOnly } from './sales-task-lookups';

const salesPerson = alias(users, 'sales_person');
const creator = alias(users, 'creator');

/** `%` and `_` typed into a search are letters, not patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `SalesScheduler/items`: the sales tasks overlapping the range, series expanded into their occurrences (each with
 * its own start and end and the series' id), oldest first. Someone who plans only their own tasks sees only theirs;
 * a sales person or customer of another company is not found, as everywhere.
 */
export async function listSalesTasks(ctx: Ctx, access: Access, query: SalesTaskRangeQuery): Promise<SalesTask[]> {
  const own = ownSalesTasksOnly(ctx, access);
  if (own !== null && query.salesPersonId !== undefined && query.salesPersonId !== own) {
    throw new AppError(403, 'You can only see your own tasks.');
  }
  await checkSalesReferences(ctx, ctx.db, { customerId: query.customerId ?? null, salesPersonId: query.salesPersonId ?? null }, { anyone: true });
  const { from, to } = await rangeOfQuery(ctx, query);
  const salesPersonId = own ?? query.salesPersonId;
  const i = scheduleItems;
  const rows = await ctx.db
    .select({ item: i, salesPersonName: salesPerson.name, createdByName: creator.name, customerName: customers.name })
    .from(i)
    .innerJoin(salesPerson, eq(salesPerson.id, i.salesPersonUserId))
    .innerJoin(customers, eq(customers.id, i.customerId))
    .leftJoin(creator, eq(creator.id, i.createdBy))
    .where(
      ofTenant(
        i,
        ctx,
        eq(i.kind, 'sales'),
        eq(i.isDeleted, false),
        salesPersonId === undefined ? undefined : eq(i.salesPersonUserId, salesPersonId),
        query.customerId === undefined ? undefined : eq(i.customerId, query.customerId),
        mayOverlap(from, to),
      ),
    );
  const answer: SalesTask[] = [];
  for (const r of rows) {
    const it = r.item;
    const base = {
      id: it.id,
      schedulerId: it.id,
      title: it.task ?? '',
      durationHours: it.durationHours,
      isAllDay: it.isAllDay,
      ...seriesAnswerOf(it),
      color: it.color as TaskColor,
      customerId: it.customerId!,
      customerName: r.customerName,
      customer: { id: it.customerId!, name: r.customerName },
      salesPersonId: it.salesPersonUserId!,
      salesPerson: { id: it.salesPersonUserId!, name: r.salesPersonName },
      createdDate: it.createdAt.toISOString(),
      createdBy: r.createdByName,
    };
    answer.push(...occurrencesOf(it, base, from, to));
  }
  return answer.sort(byStart);
}

/**
 * `SalesScheduler/salesPersons`: who the task form and the filter offer, by name: the company's active users with a
 * sales role. Someone who plans only their own tasks is offered only themselves.
 */
export async function listSalesPersons(ctx: Ctx, access: Access): Promise<SalesPerson[]> {
  const own = ownSalesTasksOnly(ctx, access);
  return ctx.db
    .select({ salesPersonId: users.id, name: users.name })
    .from(users)
    .where(ofTenant(users, ctx, eq(users.isActive, true), own === null ? isSalesPerson(ctx) : eq(users.id, own)))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * `SalesScheduler/customers`: the task form's customer select. The company's customers whose name or city matches
 * the search; the chosen one first, then the ones the sales person already has tasks with, then by name.
 */
export async function listSalesCustomers(ctx: Ctx, query: SalesCustomersQuery): Promise<SalesCustomer[]> {
  await checkSalesReferences(ctx, ctx.db, { customerId: query.customerId ?? null, salesPersonId: query.salesPersonId ?? null }, { anyone: true });
  const search = query.search?.trim();
  const pattern = search ? `%${likeEscaped(search)}%` : '';
  const matches: SQL | undefined = search ? or(ilike(customers.name, pattern), ilike(customers.city, pattern)) : undefined;
  const order: SQL[] = [];
  if (query.customerId !== undefined) order.push(desc(eq(customers.id, query.customerId)));
  if (query.salesPersonId !== undefined) {
    const i = scheduleItems;
    const hasTasks = exists(
      ctx.db
        .select({ one: sql`1` })
        .from(i)
        .where(ofTenant(i, ctx, eq(i.kind, 'sales'), eq(i.isDeleted, false), eq(i.customerId, customers.id), eq(i.salesPersonUserId, query.salesPersonId))),
    );
    order.push(desc(hasTasks));
  }
  order.push(asc(customers.name), asc(customers.id));
  return ctx.db
    .select({ customerId: customers.id, name: customers.name, city: customers.city })
    .from(customers)
    .where(ofTenant(customers, ctx, matches))
    .orderBy(...order)
    .limit(query.take)
    .offset(query.skip);
}
