import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DELETE_WORK_ORDER_ITEMS, idParam, satisfies, type Access } from '@sm/shared';
import { workOrders } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { forbidden, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { visibleWorkOrders } from '../work-orders/work-order-visibility';

/** Removing materials, standard items and equipment tasks from a work order (spec platform 6.3). */
export const DELETE_ITEMS = DELETE_WORK_ORDER_ITEMS;

/**
 * For routes whose declared requirement is another area (Materials): the delete permission checked again here,
 * before anything is read, so that a refused caller learns nothing about the record.
 */
export function ensureMayDeleteItems(access: Access) {
  if (!satisfies(access, DELETE_ITEMS)) throw forbidden();
}

/** A table of things added to a work order: each row has its company and its work order. */
type WorkOrderChild = PgTable & { id: PgColumn; subscriberId: PgColumn; workOrderId: PgColumn };

/**
 * The work order of one added record, when the record is of the caller's company and its work order is visible to
 * the caller; otherwise the 404 a missing record gets ("Material was not found.").
 */
export async function workOrderOfItem(db: DbOrTx, ctx: Ctx, access: Access, table: WorkOrderChild, id: number, what: string): Promise<number> {
  const [row] = await db
    .select({ workOrderId: workOrders.id })
    .from(table as PgTable)
    .innerJoin(workOrders, eq(workOrders.id, table.workOrderId))
    .where(and(ofTenant(table, ctx, eq(table.id, id)), ofTenant(workOrders, ctx), visibleWorkOrders(ctx, access)) as SQL);
  if (!row) throw notFound(what);
  return row.workOrderId;
}

/** A stored amount (numeric in string mode) as the JSON number of an answer. */
export const amount = (v: string) => Number(v);

/** A trimmed optional text, with blank read as none. */
export const textOrNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

/** The path of routes under one work order: `WorkOrder/{workOrderId}/...`. */
export const workOrderParams = z.object({ workOrderId: idParam('Work order') });
