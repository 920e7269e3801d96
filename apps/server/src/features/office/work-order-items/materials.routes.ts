import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addMaterialBody, idParam, materialLocationSchema, materialRowSchema, materialStatusSchema, messageAnswer, updateMaterialBody, workOrderMaterialsAnswer } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { workOrderParams } from './work-order-item-access';
import { addMaterial, deleteMaterial, listMaterials, listMaterialStatuses, updateMaterial } from './materials.service';
import { listMaterialLocations } from './material-stock.service';

const materialParams = z.object({ materialId: idParam('Material') });

/** Parts on a work order (material/add) and the material statuses. */
export function materialsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Work order items'];
  r.get('/api/v1/MaterialStatus/list', {
    config: { access: area('Materials') },
    schema: { summary: 'Material statuses', tags, response: { 200: z.array(materialStatusSchema) } },
    handler: (req) => listMaterialStatuses(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/WorkOrder/material/locations', {
    config: { access: area('Materials') },
    schema: {
      operationId: 'listMaterialLocations',
      summary: 'Warehouses and trucks a material may take its part from, the caller\'s own truck marked',
      tags,
      response: { 200: z.array(materialLocationSchema) },
    },
    handler: (req) => listMaterialLocations(ctxOf(req, deps.db), req.access!),
  });
  r.get('/api/v1/WorkOrder/:workOrderId/materials', {
    config: { access: area('Materials') },
    schema: { summary: 'Materials of a work order with their totals', tags, params: workOrderParams, response: { 200: workOrderMaterialsAnswer } },
    handler: (req) => listMaterials(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.post('/api/v1/WorkOrder/material/add', {
    config: { access: area('Materials', 'write'), keptOnPhone: true },
    schema: { summary: 'Add a material to a work order', tags, body: addMaterialBody, response: { 200: materialRowSchema } },
    handler: (req) => addMaterial(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/WorkOrder/material/:materialId', {
    config: { access: area('Materials', 'write') },
    schema: { summary: 'Change a material of a work order', tags, params: materialParams, body: updateMaterialBody, response: { 200: materialRowSchema } },
    handler: (req) => updateMaterial(ctxOf(req, deps.db), req.access!, req.params.materialId, req.body),
  });
  r.delete('/api/v1/WorkOrder/material/:materialId', {
    // Also needs Work Orders write with 'Delete Labor Standard Items & Equipments', checked in the service.
    config: { access: area('Materials', 'write') },
    schema: { summary: 'Remove a material from a work order', tags, params: materialParams, response: { 200: messageAnswer } },
    handler: (req) => deleteMaterial(ctxOf(req, deps.db), req.access!, req.params.materialId),
  });
}
