import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryItemOptionSchema, inventoryItemOptionsQuery } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ctxOf, SIGNED_IN } from '../../../lib/access-control';
import { listItemOptions } from './item-options.service';

/** Inventory (spec platform 2.1 /inventory): items, their stock per location and the stock ledger. */
export function inventoryRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Inventory'];
  r.get('/api/v1/Inventory/items/options', {
    // Readers of Inventory, Materials or Purchase Orders: checked in the service.
    config: { access: SIGNED_IN },
    schema: {
      operationId: 'listInventoryItemOptions',
      summary: 'Items to pick for a material or a purchase order line, or the item of a scanned barcode',
      tags,
      querystring: inventoryItemOptionsQuery,
      response: { 200: z.array(inventoryItemOptionSchema) },
    },
    handler: (req) => listItemOptions(ctxOf(req, deps.db), req.access!, req.query),
  });
}
