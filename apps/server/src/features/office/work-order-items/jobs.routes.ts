import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addWorkOrderJobBody, idParam, messageAnswer, updateWorkOrderJobBody, workOrderJobSchema, workOrderJobsQuery } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { addJob, deleteJob, listJobs, updateJob } from './jobs.service';

const jobParams = z.object({ workOrderJobId: idParam('Job') });

/** Jobs and survey jobs of a work order (workOrderJobs/add, surveyJobs/add). */
export function jobsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Work order items'];
  r.get('/api/v1/WorkOrderJobs/getWorkOrderJobs', {
    config: { access: area('Work Orders') },
    schema: { summary: 'Jobs and survey jobs of a work order', tags, querystring: workOrderJobsQuery, response: { 200: z.array(workOrderJobSchema) } },
    handler: (req) => listJobs(ctxOf(req, deps.db), req.access!, req.query),
  });
  r.post('/api/v1/WorkOrderJobs/add', {
    config: { access: area('Work Orders', 'write') },
    schema: { summary: 'Add a job or a survey job to a work order', tags, body: addWorkOrderJobBody, response: { 200: workOrderJobSchema } },
    handler: (req) => addJob(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/WorkOrderJobs/:workOrderJobId', {
    config: { access: area('Work Orders', 'write') },
    schema: { summary: 'Mark a job done or open, or rename it', tags, params: jobParams, body: updateWorkOrderJobBody, response: { 200: workOrderJobSchema } },
    handler: (req) => updateJob(ctxOf(req, deps.db), req.access!, req.params.workOrderJobId, req.body),
  });
  r.delete('/api/v1/WorkOrderJobs/:workOrderJobId', {
    config: { access: area('Work Orders', 'write') },
    schema: { summary: 'Remove a job from a work order', tags, params: jobParams, response: { 200: messageAnswer } },
    handler: (req) => deleteJob(ctxOf(req, deps.db), req.access!, req.params.workOrderJobId),
  });
}
