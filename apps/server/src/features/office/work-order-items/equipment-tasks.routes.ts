import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addEquipmentTaskBody, equipmentTaskSchema, idParam, messageAnswer, updateEquipmentTaskBody } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { addEquipmentTask, deleteEquipmentTask, listEquipmentTasks, setEquipmentTaskDone } from './equipment-tasks.service';
import { DELETE_ITEMS, workOrderParams } from './work-order-item-access';

const taskParams = z.object({ taskId: idParam('Equipment task') });

/** The equipment task list of a work order (equipmentTaskList). */
export function equipmentTasksRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Work order items'];
  r.get('/api/v1/WorkOrder/:workOrderId/equipmentTasks', {
    config: { access: area('Work Orders') },
    schema: { summary: 'Equipment task list of a work order', tags, params: workOrderParams, response: { 200: z.array(equipmentTaskSchema) } },
    handler: (req) => listEquipmentTasks(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.post('/api/v1/WorkOrder/equipmentTasks/add', {
    config: { access: area('Work Orders', 'write') },
    schema: { summary: 'Add a task to the equipment task list', tags, body: addEquipmentTaskBody, response: { 200: equipmentTaskSchema } },
    handler: (req) => addEquipmentTask(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/WorkOrder/equipmentTasks/:taskId', {
    config: { access: area('Work Orders', 'write') },
    schema: { summary: 'Tick an equipment task done, or open it again', tags, params: taskParams, body: updateEquipmentTaskBody, response: { 200: equipmentTaskSchema } },
    handler: (req) => setEquipmentTaskDone(ctxOf(req, deps.db), req.access!, req.params.taskId, req.body.isDone),
  });
  r.delete('/api/v1/WorkOrder/equipmentTasks/:taskId', {
    config: { access: DELETE_ITEMS },
    schema: { summary: 'Remove a task from the equipment task list', tags, params: taskParams, response: { 200: messageAnswer } },
    handler: (req) => deleteEquipmentTask(ctxOf(req, deps.db), req.access!, req.params.taskId),
  });
}
