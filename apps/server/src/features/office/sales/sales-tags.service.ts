import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SalesTag, SalesTagLink, SalesTagLinkInput, salesTagBody, salesTagLinksQuery } from '@sm/shared';
import { companyListRows, customers, salesTagLinks, users, workOrders } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';

const tags = companyListRows;
const isTag = eq(tags.listKey, 'salesFlags');
type Color = SalesTag['color'];

/** `GET Sales/tags`: the company's sales tags in use (the sales flags list), by name, with how many records carry each. */
export async function listSalesTags(ctx: Ctx): Promise<SalesTag[]> {
  const rows = await ctx.db
    .select({
      id: tags.id, name: tags.name, color: tags.kind,
      customerCount: sql<number>`count(${salesTagLinks.customerId})::int`, workOrderCount: sql<number>`count(${salesTagLinks.workOrderId})::int`,
    })
    .from(tags)
    .leftJoin(salesTagLinks, and(eq(salesTagLinks.salesTagId, tags.id), eq(salesTagLinks.subscriberId, tags.subscriberId)))
    .where(ofTenant(tags, ctx, isTag, eq(tags.isActive, true)))
    .groupBy(tags.id)
    .orderBy(asc(sql`lower(${tags.name})`));
  return rows.map((r) => ({ salesTagId: r.id, name: r.name, color: (r.color ?? 'gray') as Color, customerCount: r.customerCount, workOrderCount: r.workOrderCount }));
}

/** `POST Sales/tags`: a new tag; a name the company already has (whatever its case) is a 409. */
export async function addSalesTag(ctx: Ctx, body: z.output<typeof salesTagBody>): Promise<SalesTag> {
  const id = await ctx.db.transaction(async (tx) => {
    const [same] = await tx.select({ id: tags.id }).from(tags).where(ofTenant(tags, ctx, isTag, sql`lower(${tags.name}) = lower(${body.name})`));
    if (same) throw new AppError(409, `A sales tag named ${body.name} already exists.`);
    const [row] = await tx.insert(tags).values({ subscriberId: ctx.actor.subscriberId, listKey: 'salesFlags', name: body.name, kind: body.color }).returning({ id: tags.id });
    await recordAudit(tx, ctx, { entity: 'salesFlags', entityId: row.id, action: 'added', after: body });
    return row.id;
  });
  return (await listSalesTags(ctx)).find((t) => t.salesTagId === id)!;
}

const linkSelect = (ctx: Ctx) =>
  ctx.db
    .select({ l: salesTagLinks, tagName: tags.name, color: tags.kind, customerName: customers.name, workOrderNumber: workOrders.workOrderNumber, taggedBy: users.name })
    .from(salesTagLinks)
    .innerJoin(tags, eq(tags.id, salesTagLinks.salesTagId))
    .innerJoin(users, eq(users.id, salesTagLinks.taggedBy))
    .leftJoin(customers, eq(customers.id, salesTagLinks.customerId))
    .leftJoin(workOrders, eq(workOrders.id, salesTagLinks.workOrderId))
    .$dynamic();

type LinkRow = Awaited<ReturnType<ReturnType<typeof linkSelect>['execute']>>[number];
const linkOf = (r: LinkRow): SalesTagLink => ({
  salesTagLinkId: r.l.id, salesTagId: r.l.salesTagId, tagName: r.tagName, color: (r.color ?? 'gray') as Color, customerId: r.l.customerId, workOrderId: r.l.workOrderId, workOrderNumber: r.workOrderNumber,
  label: r.customerName ?? `Work order ${r.workOrderNumber ?? ''}`, note: r.l.note, taggedBy: r.taggedBy, taggedAt: r.l.taggedAt.toISOString(),
});

/** `GET Sales/tagLinks`: what carries the company's tags, newest first; one tag's, or the caller's own, when asked. */
export async function listSalesTagLinks(ctx: Ctx, query: z.output<typeof salesTagLinksQuery>): Promise<SalesTagLink[]> {
  const rows = await linkSelect(ctx)
    .where(ofTenant(salesTagLinks, ctx, query.salesTagId ? eq(salesTagLinks.salesTagId, query.salesTagId) : undefined, query.mine === 'true' ? eq(salesTagLinks.taggedBy, ctx.actor.userId) : undefined))
    .orderBy(desc(salesTagLinks.taggedAt), desc(salesTagLinks.id))
    .limit(500);
  return rows.map(linkOf);
}

/** `POST Sales/tags/{salesTagId}/customers` or `/workOrders`: the tag on a customer or a work order of the company, once each. */
export async function addSalesTagLink(ctx: Ctx, salesTagId: number, body: SalesTagLinkInput): Promise<SalesTagLink> {
  const id = await ctx.db.transaction(async (tx) => {
    const [tag] = await tx.select({ id: tags.id, isActive: tags.isActive }).from(tags).where(ofTenant(tags, ctx, isTag, eq(tags.id, salesTagId)));
    if (!tag) throw notFound('Tag');
    if (!tag.isActive) throw new AppError(400, 'That tag is retired.');
    if (body.customerId) {
      const [c] = await tx.select({ id: customers.id }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, body.customerId)));
      if (!c) throw notFound('Customer');
    }
    if (body.workOrderId) {
      const [w] = await tx.select({ id: workOrders.id }).from(workOrders).where(ofTenant(workOrders, ctx, eq(workOrders.id, body.workOrderId)));
      if (!w) throw notFound('Work order');
    }
    const target = body.customerId ? eq(salesTagLinks.customerId, body.customerId) : eq(salesTagLinks.workOrderId, body.workOrderId!);
    const [same] = await tx.select({ n: count() }).from(salesTagLinks).where(ofTenant(salesTagLinks, ctx, eq(salesTagLinks.salesTagId, salesTagId), target));
    if (same.n > 0) throw new AppError(409, `It already carries this tag.`);
    const [row] = await tx
      .insert(salesTagLinks)
      .values({ subscriberId: ctx.actor.subscriberId, salesTagId, customerId: body.customerId ?? null, workOrderId: body.workOrderId ?? null, note: body.note ?? null, taggedBy: ctx.actor.userId, taggedAt: ctx.now })
      .returning({ id: salesTagLinks.id });
    await recordAudit(tx, ctx, { entity: 'salesTagLink', entityId: row.id, action: 'added', after: { salesTagId, ...body } });
    return row.id;
  });
  const [r] = await linkSelect(ctx).where(ofTenant(salesTagLinks, ctx, eq(salesTagLinks.id, id)));
  return linkOf(r);
}

/** `DELETE Sales/tags/{salesTagId}/links/{salesTagLinkId}`: takes the tag off, audited. */
export async function removeSalesTagLink(ctx: Ctx, salesTagId: number, linkId: number): Promise<{ id: number }> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(salesTagLinks).where(ofTenant(salesTagLinks, ctx, eq(salesTagLinks.id, linkId), eq(salesTagLinks.salesTagId, salesTagId)));
    if (!row) throw notFound('Tag link');
    await tx.delete(salesTagLinks).where(ofTenant(salesTagLinks, ctx, eq(salesTagLinks.id, linkId)));
    await recordAudit(tx, ctx, { entity: 'salesTagLink', entityId: linkId, action: 'deleted', before: { salesTagId, customerId: row.customerId, workOrderId: row.workOrderId } });
  });
  return { id: linkId };
}
