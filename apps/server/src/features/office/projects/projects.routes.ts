import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  linkableWorkOrdersAnswer, linkableWorkOrdersQuery, linkWorkOrderBody, messageAnswer, projectBoardAnswer, projectBoardQuery, projectBody, projectCrewBody, projectCrewSchema,
  projectDetailSchema, projectOptionsAnswer, projectParams, projectPartParams, projectPermitBody, projectPermitSchema, projectSchema, projectSubcontractorBody,
  projectSubcontractorSchema, projectWorkOrderParams, PROJECTS_READ_ACCESS, PROJECTS_WRITE_ACCESS, workOrderJobsBoardAnswer, workOrderJobsBoardQuery,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import type { ErrorStatus } from '../../../lib/openapi';
import {
  EXAMPLE_CREW, EXAMPLE_JOBS_BOARD, EXAMPLE_LINKABLE, EXAMPLE_OPTIONS, EXAMPLE_PERMIT, EXAMPLE_PROJECT, EXAMPLE_PROJECT_BOARD, EXAMPLE_PROJECT_DETAIL, EXAMPLE_SUBCONTRACTOR,
} from './project-examples';
import { addCrew, removePart, savePermit, saveSubcontractor, type ProjectPartKind } from './project-parts.service';
import { linkableWorkOrders, linkWorkOrder, unlinkWorkOrder } from './project-work-orders.service';
import { addProject, projectBoard, projectDetail, projectOptions, updateProject } from './projects.service';
import { workOrderJobsBoard } from './work-order-jobs-board.service';

const read = { access: PROJECTS_READ_ACCESS };
const write = { access: PROJECTS_WRITE_ACCESS, errors: [404, 409] as ErrorStatus[] };

/**
 * Projects (spec platform 2.1 /management/projects) and the work-order jobs board (/management/workOrderJobs): read by
 * those who see every work order, changed by those who also write them (`page-paths.ts` says who).
 */
export function projectsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Projects'];
  r.get('/api/v1/Projects/board', {
    config: read,
    schema: {
      operationId: 'getProjectBoard',
      summary: "The project board: the company's projects a column per job status, with their progress",
      description: 'Progress counts the jobs and survey jobs of the linked work orders done of all, and the work orders needing no more visits of all.',
      tags,
      querystring: projectBoardQuery,
      response: { 200: projectBoardAnswer.meta({ example: EXAMPLE_PROJECT_BOARD }) },
    },
    handler: (req) => projectBoard(ctxOf(req, deps.db), req.query),
  });
  r.get('/api/v1/Projects/options', {
    config: read,
    schema: { operationId: 'getProjectOptions', summary: 'The job settings rows and the users the project forms offer', tags, response: { 200: projectOptionsAnswer.meta({ example: EXAMPLE_OPTIONS }) } },
    handler: (req) => projectOptions(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/Projects/linkableWorkOrders', {
    config: read,
    schema: {
      operationId: 'listLinkableWorkOrders',
      summary: "The company's work orders in no project, newest first, found by number or customer",
      tags,
      querystring: linkableWorkOrdersQuery,
      response: { 200: linkableWorkOrdersAnswer.meta({ example: EXAMPLE_LINKABLE }) },
    },
    handler: (req) => linkableWorkOrders(ctxOf(req, deps.db), req.query),
  });
  r.get('/api/v1/Projects/:projectId', {
    config: { ...read, errors: [404] },
    schema: {
      operationId: 'getProject',
      summary: 'A project with its crew, permits, subcontractors, work orders and their jobs, and its cost to date',
      description: "Cost to date is the labor and materials of its work orders as their invoices count them, before tax, in exact decimals; remaining is the budget less it.",
      tags,
      params: projectParams,
      response: { 200: projectDetailSchema.meta({ example: EXAMPLE_PROJECT_DETAIL }) },
    },
    handler: (req) => projectDetail(ctxOf(req, deps.db), req.params.projectId),
  });
  r.post('/api/v1/Projects', {
    config: write,
    schema: { operationId: 'addProject', summary: 'Add a project, numbered after the last one', tags, body: projectBody, response: { 200: projectSchema.meta({ example: EXAMPLE_PROJECT }) } },
    handler: (req) => addProject(ctxOf(req, deps.db), req.body),
  });
  r.put('/api/v1/Projects/:projectId', {
    config: write,
    schema: { operationId: 'updateProject', summary: 'Change a project: the whole project each time', tags, params: projectParams, body: projectBody, response: { 200: projectSchema.meta({ example: EXAMPLE_PROJECT }) } },
    handler: (req) => updateProject(ctxOf(req, deps.db), req.params.projectId, req.body),
  });
  r.post('/api/v1/Projects/:projectId/crew', {
    config: write,
    schema: { operationId: 'addProjectCrew', summary: 'Put a crew member or a user on the crew', tags, params: projectParams, body: projectCrewBody, response: { 200: projectCrewSchema.meta({ example: EXAMPLE_CREW }) } },
    handler: (req) => addCrew(ctxOf(req, deps.db), req.params.projectId, req.body),
  });
  r.post('/api/v1/Projects/:projectId/permits', {
    config: write,
    schema: { operationId: 'addProjectPermit', summary: 'Add a permit to a project', tags, params: projectParams, body: projectPermitBody, response: { 200: projectPermitSchema.meta({ example: EXAMPLE_PERMIT }) } },
    handler: (req) => savePermit(ctxOf(req, deps.db), req.params.projectId, null, req.body),
  });
  r.put('/api/v1/Projects/:projectId/permits/:partId', {
    config: write,
    schema: { operationId: 'updateProjectPermit', summary: "Change a project's permit", tags, params: projectPartParams, body: projectPermitBody, response: { 200: projectPermitSchema.meta({ example: EXAMPLE_PERMIT }) } },
    handler: (req) => savePermit(ctxOf(req, deps.db), req.params.projectId, req.params.partId, req.body),
  });
  r.post('/api/v1/Projects/:projectId/subcontractors', {
    config: write,
    schema: {
      operationId: 'addProjectSubcontractor', summary: 'Hire a subcontractor on a project', tags, params: projectParams, body: projectSubcontractorBody,
      response: { 200: projectSubcontractorSchema.meta({ example: EXAMPLE_SUBCONTRACTOR }) },
    },
    handler: (req) => saveSubcontractor(ctxOf(req, deps.db), req.params.projectId, null, req.body),
  });
  r.put('/api/v1/Projects/:projectId/subcontractors/:partId', {
    config: write,
    schema: {
      operationId: 'updateProjectSubcontractor', summary: "Change a subcontractor's status or amount", tags, params: projectPartParams, body: projectSubcontractorBody,
      response: { 200: projectSubcontractorSchema.meta({ example: EXAMPLE_SUBCONTRACTOR }) },
    },
    handler: (req) => saveSubcontractor(ctxOf(req, deps.db), req.params.projectId, req.params.partId, req.body),
  });
  const parts: [ProjectPartKind, string, string][] = [
    ['crew', 'removeProjectCrew', 'Take someone off the crew'],
    ['permits', 'removeProjectPermit', "Remove a project's permit"],
    ['subcontractors', 'removeProjectSubcontractor', 'Remove a subcontractor from a project'],
  ];
  for (const [kind, operationId, summary] of parts) {
    r.delete(`/api/v1/Projects/:projectId/${kind}/:partId`, {
      config: { access: PROJECTS_WRITE_ACCESS, errors: [404] },
      schema: { operationId, summary, tags, params: projectPartParams, response: { 200: messageAnswer } },
      handler: (req) => removePart(ctxOf(req, deps.db), req.params.projectId, kind, req.params.partId),
    });
  }
  r.post('/api/v1/Projects/:projectId/workOrders', {
    config: write,
    schema: {
      operationId: 'linkProjectWorkOrder',
      summary: 'Link a work order of the company to a project',
      description: 'A work order belongs to one project at most: one already in a project is a 409 naming it.',
      tags,
      params: projectParams,
      body: linkWorkOrderBody,
      response: { 200: messageAnswer },
    },
    handler: (req) => linkWorkOrder(ctxOf(req, deps.db), req.params.projectId, req.body.workOrderId),
  });
  r.delete('/api/v1/Projects/:projectId/workOrders/:workOrderId', {
    config: { access: PROJECTS_WRITE_ACCESS, errors: [404] },
    schema: { operationId: 'unlinkProjectWorkOrder', summary: 'Take a work order out of a project; its jobs stay on it', tags, params: projectWorkOrderParams, response: { 200: messageAnswer } },
    handler: (req) => unlinkWorkOrder(ctxOf(req, deps.db), req.params.projectId, req.params.workOrderId),
  });
  r.get('/api/v1/Boards/workOrderJobs', {
    config: read,
    schema: {
      operationId: 'getWorkOrderJobsBoard',
      summary: "The work-order jobs board: the open jobs and survey jobs of the company's work orders, and the latest completed",
      description: 'Columns Jobs to do and Survey jobs to do (oldest first) and Completed (latest first); a job is ticked done with PUT WorkOrderJobs/{workOrderJobId}.',
      tags: ['Boards'],
      querystring: workOrderJobsBoardQuery,
      response: { 200: workOrderJobsBoardAnswer.meta({ example: EXAMPLE_JOBS_BOARD }) },
    },
    handler: (req) => workOrderJobsBoard(ctxOf(req, deps.db), req.query),
  });
}
