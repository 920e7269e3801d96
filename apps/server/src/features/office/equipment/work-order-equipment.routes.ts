import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addWorkOrderEquipmentBody, createdWorkOrderAnswer, equipmentHistoryAnswer, startEquipmentWorkOrderBody, equipmentIdParams, workOrderEquipmentAnswer, workOrderEquipmentItemParams, workOrderEquipmentParams } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { DELETE_ITEMS } from '../work-order-items/work-order-item-access';
import { equipmentHistory } from './equipment-history.service';
import { startWorkOrderAtEquipment } from './equipment-start.service';
import { addWorkOrderEquipment, listWorkOrderEquipment, removeWorkOrderEquipment } from './work-order-equipment.service';

/**
 * The work orders that name a piece of equipment (spec platform 2.1 /equipments/history): the equipment section of a
 * work order (Work Orders read to see, write to add; removing is the "Delete Labor Standard Items & Equipments"
 * permission), a piece's history, and a work order started from the piece ("Start work order here" on a scanned label).
 */
export function workOrderEquipmentRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Equipment'];
  r.get('/api/v1/WorkOrder/:workOrderId/equipments', {
    config: { access: area('Work Orders'), errors: [404] },
    schema: { operationId: 'listWorkOrderEquipment', summary: 'The equipment a work order touches', tags, params: workOrderEquipmentParams, response: { 200: workOrderEquipmentAnswer } },
    handler: (req) => listWorkOrderEquipment(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.post('/api/v1/WorkOrder/:workOrderId/equipments', {
    config: { access: area('Work Orders', 'write'), errors: [404] },
    schema: {
      operationId: 'addWorkOrderEquipment',
      summary: "Name a piece of equipment at the work order's location on the work order",
      description: "The piece must stand at the work order's location and be in service (400 otherwise); naming it twice changes nothing. Answers the work order's equipment.",
      tags,
      params: workOrderEquipmentParams,
      body: addWorkOrderEquipmentBody,
      response: { 200: workOrderEquipmentAnswer },
    },
    handler: (req) => addWorkOrderEquipment(ctxOf(req, deps.db), req.access!, req.params.workOrderId, req.body.equipmentId),
  });
  r.delete('/api/v1/WorkOrder/:workOrderId/equipments/:equipmentId', {
    config: { access: DELETE_ITEMS, errors: [404] },
    schema: {
      operationId: 'removeWorkOrderEquipment',
      summary: 'Take a piece of equipment off a work order',
      description: 'Refused (409) while a task of the equipment task list names the piece. Answers the work order\'s equipment.',
      tags,
      params: workOrderEquipmentItemParams,
      response: { 200: workOrderEquipmentAnswer },
    },
    handler: (req) => removeWorkOrderEquipment(ctxOf(req, deps.db), req.access!, req.params.workOrderId, req.params.equipmentId),
  });
  r.get('/api/v1/Equipment/:equipmentId/history', {
    config: { access: area('Work Orders'), errors: [404] },
    schema: {
      operationId: 'getEquipmentHistory',
      summary: 'A piece of equipment and every work order that named it: date, status, technicians, labor hours and materials',
      tags,
      params: equipmentIdParams,
      response: { 200: equipmentHistoryAnswer },
    },
    handler: (req) => equipmentHistory(ctxOf(req, deps.db), req.access!, req.params.equipmentId),
  });
  r.post('/api/v1/Equipment/:equipmentId/startWorkOrder', {
    config: { access: area('Work Orders', 'write', 'Create Work Order'), errors: [404] },
    schema: {
      operationId: 'startEquipmentWorkOrder',
      summary: "Start a work order at a piece's location that names the piece",
      description:
        "The piece's name and serial are the problem unless one is given. A technician is assigned to the new work order; anyone else needs All WorkOrders (403 otherwise). The piece must be one the caller sees (404) and in service (400).",
      tags,
      params: equipmentIdParams,
      body: startEquipmentWorkOrderBody,
      response: { 200: createdWorkOrderAnswer.meta({ example: { workOrderId: 812, workOrderNumber: '10457' } }) },
    },
    handler: (req) => startWorkOrderAtEquipment(ctxOf(req, deps.db), req.access!, req.params.equipmentId, req.body.problem),
  });
}
