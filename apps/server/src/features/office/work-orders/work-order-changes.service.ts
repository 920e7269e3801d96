import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatCurrency, type Access, type GridRequestParsed, type WorkOrderHistoryRow } from '@sm/shared';
import { users, workOrderClasses, workOrderStatuses, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { gridQuery, type GridColumns } from '../../../lib/grid';
import { ofTenant } from '../../../lib/tenancy';
import { auditLog } from '../../platform/audit/audit.table';
import { companyTimeZone } from '../../platform/subscribers/company-time';
import { visibleWorkOrders } from './work-order-visibility';

const COLUMNS: GridColumns = {
  auditId: { sql: auditLog.id, type: 'number' },
  workOrderNumber: { sql: sql`lower(${workOrders.workOrderNumber})`, type: 'text' },
  action: { sql: auditLog.action, type: 'text' },
  // What changed, searched in the stored before and after values.
  changes: { sql: sql`coalesce(${auditLog.before}::text, '') || ' ' || coalesce(${auditLog.after}::text, '')`, type: 'text' },
  changedBy: { sql: users.name, type: 'text' },
  changedAt: { sql: auditLog.changedAt, type: 'date' },
};

/** Newest first by the entry's id: the order of the primary key, which the entries were written in. */
const DEFAULT_SORT = { field: 'auditId', dir: 'desc' } as const;

/**
 * `WorkOrder/history`: the changes made to the company's work orders (created, header edited, status changed,
 * technicians assigned, with the clock's status changes too), newest first, paged, sorted and filtered on the server.
 */
export async function listWorkOrderChanges(ctx: Ctx, access: Access, req: GridRequestParsed): Promise<{ data: WorkOrderHistoryRow[]; total: number }> {
  const q = gridQuery(req, COLUMNS, DEFAULT_SORT, await companyTimeZone(ctx));
  const where = ofTenant(auditLog, ctx, eq(auditLog.entity, 'workOrder'), q.where, visibleWorkOrders(ctx, access));
  const from = () =>
    ctx.db
      .select({
        auditId: auditLog.id,
        workOrderId: workOrders.id,
        workOrderNumber: workOrders.workOrderNumber,
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
        changedBy: users.name,
        changedAt: auditLog.changedAt,
      })
      .from(auditLog)
      .innerJoin(workOrders, eq(workOrders.id, auditLog.entityId))
      .leftJoin(users, eq(users.id, auditLog.changedBy));
  const rows = await from().where(where).orderBy(...q.orderBy, desc(auditLog.id)).limit(q.limit).offset(q.offset);
  const full = rows.length === q.limit || (rows.length === 0 && q.offset > 0);
  const total = full
    ? (await ctx.db.select({ n: count() }).from(auditLog).innerJoin(workOrders, eq(workOrders.id, auditLog.entityId)).leftJoin(users, eq(users.id, auditLog.changedBy)).where(where))[0].n
    : q.offset + rows.length;
  const describe = await describer(ctx, rows);
  return {
    total,
    data: rows.map((r) => ({
      auditId: r.auditId,
      workOrderId: r.workOrderId,
      workOrderNumber: r.workOrderNumber,
      action: ACTION_LABELS[r.action] ?? r.action,
      changes: describe(r.before, r.after),
      changedBy: r.changedBy,
      changedAt: r.changedAt.toISOString(),
    })),
  };
}

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  status: 'Status changed',
  technicians: 'Technicians assigned',
};

const FIELD_LABELS: Record<string, string> = {
  workOrderStatusId: 'Status',
  priority: 'Priority',
  problem: 'Problem',
  nte: 'NTE',
  workOrderClassId: 'Class',
  poNumber: 'PO number',
  providerReference: 'Provider reference',
  technicianIds: 'Technicians',
  workOrderNumber: 'Number',
  customerId: 'Customer',
  billingCustomerId: 'Billing customer',
};

/** The order a change lists its fields in (JSONB keeps keys in an order of its own); others follow. */
const ORDER = Object.keys(FIELD_LABELS);

/** Fields a reader does not need in the summary of a change. */
const HIDDEN = new Set(['customerId', 'billingCustomerId', 'workOrderNumber']);

type Json = Record<string, unknown> | null;

/**
 * Turns stored before/after values into one line a person reads ("Status: ToDo → Completed; NTE: none → $750.00"),
 * naming statuses, classes and technicians. The names of one page are read in three queries.
 */
async function describer(ctx: Ctx, rows: { before: unknown; after: unknown }[]) {
  const values = rows.flatMap((r) => [r.before as Json, r.after as Json]).filter((v): v is Record<string, unknown> => !!v && typeof v === 'object');
  const ids = (key: string) => [...new Set(values.flatMap((v) => [v[key]].flat()).filter((x): x is number => typeof x === 'number'))];
  const [statuses, classes, people] = await Promise.all([
    ids('workOrderStatusId').length ? ctx.db.select({ id: workOrderStatuses.id, name: workOrderStatuses.name }).from(workOrderStatuses).where(inArray(workOrderStatuses.id, ids('workOrderStatusId'))) : [],
    ids('workOrderClassId').length ? ctx.db.select({ id: workOrderClasses.id, name: workOrderClasses.name }).from(workOrderClasses).where(ofTenant(workOrderClasses, ctx, inArray(workOrderClasses.id, ids('workOrderClassId')))) : [],
    ids('technicianIds').length ? ctx.db.select({ id: users.id, name: users.name }).from(users).where(ofTenant(users, ctx, inArray(users.id, ids('technicianIds')))) : [],
  ]);
  const nameOf = (list: { id: number; name: string }[], id: unknown) => list.find((x) => x.id === id)?.name ?? String(id);
  const show = (key: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return 'none';
    if (key === 'workOrderStatusId') return nameOf(statuses, v);
    if (key === 'workOrderClassId') return nameOf(classes, v);
    if (key === 'technicianIds') return Array.isArray(v) && v.length > 0 ? v.map((id) => nameOf(people, id)).sort((x, y) => x.localeCompare(y)).join(', ') : 'none';
    if (key === 'nte' && typeof v === 'number') return formatCurrency(v);
    return String(v);
  };
  return (before: unknown, after: unknown): string => {
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    const rank = (k: string) => (ORDER.includes(k) ? ORDER.indexOf(k) : ORDER.length);
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !HIDDEN.has(k)).sort((x, y) => rank(x) - rank(y));
    return keys
      .map((k) => {
        const label = FIELD_LABELS[k] ?? k;
        return before == null ? `${label}: ${show(k, a[k])}` : `${label}: ${show(k, b[k])} → ${show(k, a[k])}`;
      })
      .join('; ');
  };
}
