import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  corrigoCheckOutSchema, corrigoCustomerSettingsSchema, corrigoProceduresSchema, corrigoProcedureUpdateSchema, corrigoStatusChangeSchema,
  corrigoWrapperDataSchema, idParam, messageAnswer,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { area, ctxOf } from '../../../../lib/access-control';
import { changeCorrigoStatus, checkOutCorrigo, getCorrigoCustomerSettings, getCorrigoProcedures, getCorrigoWrapperData, updateCorrigoProcedureStep } from './corrigo.service';

/** A Corrigo call that failed or timed out answers with the provider's words. */
const PROVIDER_ERRORS = [502, 504] as const;
const workOrderParams = z.object({ workOrderId: idParam('Work order') });

/**
 * The facilities-management provider's check-out wizard (contract "Facilities-management provider (Corrigo)").
 * `{workOrderId}` is always the product's own work order; the technician's own work, as the clock requires.
 */
export function corrigoRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Corrigo'];
  const read = area('Work Orders');
  const write = area('Work Orders', 'write');
  r.get('/api/v1/CorrigoWorkOrders/corrigoCustomerSettings/:corrigoCustomerId', {
    config: { access: read, errors: PROVIDER_ERRORS },
    schema: { summary: 'Check-out requirements of a Corrigo customer', tags, params: z.object({ corrigoCustomerId: idParam('Corrigo customer') }), response: { 200: corrigoCustomerSettingsSchema } },
    handler: (req) => getCorrigoCustomerSettings(ctxOf(req, deps.db), req.access!, req.params.corrigoCustomerId),
  });
  r.get('/api/v1/CorrigoWorkOrders/clockOutWorkOrderWrapperData/:workOrderId', {
    config: { access: read, errors: PROVIDER_ERRORS },
    schema: { summary: 'What the Corrigo check-out wizard needs for a work order', tags, params: workOrderParams, response: { 200: corrigoWrapperDataSchema } },
    handler: (req) => getCorrigoWrapperData(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.get('/api/v1/CorrigoWorkOrders/getCorrigoWorkorderProcedure/:workOrderId', {
    config: { access: read, errors: PROVIDER_ERRORS },
    schema: { summary: 'Procedures and steps of a Corrigo work order', tags, params: workOrderParams, response: { 200: corrigoProceduresSchema } },
    handler: (req) => getCorrigoProcedures(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.put('/api/v1/CorrigoWorkOrders/updateCorrigoProcedureStep', {
    config: { access: write, errors: PROVIDER_ERRORS },
    schema: { summary: 'Save procedure steps of a Corrigo work order', tags, body: corrigoProcedureUpdateSchema, response: { 200: messageAnswer } },
    handler: (req) => updateCorrigoProcedureStep(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/CorrigoWorkOrders/changeStatus', {
    config: { access: write, errors: PROVIDER_ERRORS },
    schema: { summary: "Change a Corrigo work order's status at the provider", tags, body: corrigoStatusChangeSchema, response: { 200: messageAnswer } },
    handler: (req) => changeCorrigoStatus(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/CorrigoWorkOrders/checkOut', {
    config: { access: write, errors: PROVIDER_ERRORS },
    schema: { summary: 'Check a technician out of a Corrigo work order', tags, body: corrigoCheckOutSchema, response: { 200: messageAnswer } },
    handler: (req) => checkOutCorrigo(ctxOf(req, deps.db), req.access!, req.body),
  });
}
