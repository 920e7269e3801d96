import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { itemRateTypeSchema, perDiemTypeSchema, workOrderFlagSchema, workOrderStatusSchema } from '@sm/shared';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { itemRateTypes, perDiemTypes, workOrderFlags, workOrderStatuses } from '../../../db/schema';
import { ctxOf, SIGNED_IN } from '../../../lib/access-control';
import { ofTenant } from '../../../lib/tenancy';

/** Reference lists that fill the pickers (contract "Reference lists"). */
export function referenceRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['Reference lists'];
  r.get('/api/v1/PerDiemTypes/get', {
    config: { access: SIGNED_IN },
    schema: { summary: 'Per diem types offered at the clock (retired ones are not)', tags, response: { 200: z.array(perDiemTypeSchema) } },
    handler: async (req) => {
      const ctx = ctxOf(req, db);
      const rows = await db
        .select()
        .from(perDiemTypes)
        .where(and(or(isNull(perDiemTypes.subscriberId), eq(perDiemTypes.subscriberId, ctx.actor.subscriberId)), eq(perDiemTypes.isActive, true)))
        .orderBy(asc(perDiemTypes.id));
      return rows.map((t) => ({ perDiemTypeId: t.id, perDiemTypeName: t.name }));
    },
  });
  r.get('/api/v1/Flags/workOrderFlags', {
    config: { access: SIGNED_IN },
    schema: { summary: 'Work order flags of the company', tags, response: { 200: z.array(workOrderFlagSchema) } },
    handler: async (req) => {
      const rows = await db.select().from(workOrderFlags).where(ofTenant(workOrderFlags, ctxOf(req, db))).orderBy(asc(workOrderFlags.id));
      return rows.map((f) => ({ workOrderFlagId: f.id, workOrderFlagName: f.name }));
    },
  });
  r.get('/api/v1/RateSheetStandardItem/itemRateTypes', {
    config: { access: SIGNED_IN },
    schema: { summary: 'Item rate types', tags, response: { 200: z.array(itemRateTypeSchema) } },
    handler: async () => (await db.select().from(itemRateTypes).orderBy(asc(itemRateTypes.id))).map((t) => ({ itemRateTypeId: t.id, itemRateTypeName: t.name })),
  });
  r.get('/api/v1/WorkOrder/workOrderStatuses', {
    config: { access: SIGNED_IN },
    schema: { summary: 'Work order statuses', tags, response: { 200: z.array(workOrderStatusSchema) } },
    handler: async () =>
      (await db.select().from(workOrderStatuses).orderBy(asc(workOrderStatuses.id))).map((s) => ({ workOrderStatusId: s.id, workOrderStatus: s.name })),
  });
}
