import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgeCheckListBody, sopAcknowledgementsAnswer, sopAcknowledgementsQuery, sopAssignableUsersAnswer, sopCheckListAnswer, sopDetailBody, sopDetailListAnswer,
  sopDetailParams, sopDetailSchema, sopNotificationAnswer, SOP_READ, SOP_WRITE,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf, SIGNED_IN } from '../../../lib/access-control';
import { listStaff } from '../../platform/users/users.service';
import { acknowledgeAllSops, acknowledgeCheckListStep, acknowledgeSop, myCheckList, mySopNotifications } from './sop-notices.service';
import { createSopDetail, deleteSopDetail, getSopDetail, listSopDetails, sopAcknowledgements, updateSopDetail } from './sop.service';

/**
 * SOPs (spec platform 2.1 administration sop, 3.10, 3.11, 4.5, 7.3): the office (Users area) writes and assigns
 * them and reads who acknowledged what; every signed-in person reads and acknowledges their own.
 */
export function sopRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['SOPs'];
  r.get('/api/v1/SOPDetails/list', {
    config: { access: SOP_READ },
    schema: { operationId: 'listSopDetails', summary: "The company's SOPs with how many people have each and how many acknowledged it", tags, response: { 200: sopDetailListAnswer } },
    handler: (req) => listSopDetails(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/SOPDetails/assignableUsers', {
    config: { access: SOP_WRITE },
    schema: { operationId: 'getSopAssignableUsers', summary: 'Whom an SOP can be assigned to: the active staff', tags, response: { 200: sopAssignableUsersAnswer } },
    handler: (req) => listStaff(ctxOf(req, deps.db), { exceptCaller: false }),
  });
  r.get('/api/v1/SOPDetails/usersAcknowledged', {
    config: { access: SOP_READ },
    schema: { operationId: 'getUsersAcknowledgedSopDetails', summary: 'Who was given which SOP, when they acknowledged it and how many steps they did', tags, querystring: sopAcknowledgementsQuery, response: { 200: sopAcknowledgementsAnswer } },
    handler: (req) => sopAcknowledgements(ctxOf(req, deps.db), req.query.sopDetailId),
  });
  r.get('/api/v1/SOPDetails/getNotificationDetails', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'getSopNotificationDetails', summary: 'The SOPs waiting for the caller to acknowledge them', tags, response: { 200: sopNotificationAnswer } },
    handler: (req) => mySopNotifications(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/SOPDetails/acknowledgeSOPNotification', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'acknowledgeSopNotification', summary: 'Acknowledge every SOP waiting for the caller', tags, response: { 200: sopNotificationAnswer } },
    handler: (req) => acknowledgeAllSops(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/SOPDetails/acknowledgeSopDetail/:sopDetailId', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'acknowledgeSopDetail', summary: 'Acknowledge one SOP of the caller', tags, params: sopDetailParams, response: { 200: sopNotificationAnswer } },
    handler: (req) => acknowledgeSop(ctxOf(req, deps.db), req.params.sopDetailId),
  });
  r.get('/api/v1/SOPDetails/getSOPCheckListNotificationDetails', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'getSopCheckListNotificationDetails', summary: 'The checklist steps waiting for the caller, and how many', tags, response: { 200: sopCheckListAnswer } },
    handler: (req) => myCheckList(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/SOPDetails/acknowledgeSOPCheckListNotification', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'acknowledgeSopCheckListNotification', summary: 'Mark one checklist step of the caller done', tags, body: acknowledgeCheckListBody, response: { 200: sopCheckListAnswer } },
    handler: (req) => acknowledgeCheckListStep(ctxOf(req, deps.db), req.body.checkListNotificationId),
  });
  r.post('/api/v1/SOPDetails', {
    config: { access: SOP_WRITE },
    schema: { operationId: 'createSopDetail', summary: 'Write an SOP with its checklist and assign it; the assignees hear of it live', tags, body: sopDetailBody, response: { 200: sopDetailSchema } },
    handler: (req) => createSopDetail(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/SOPDetails/:sopDetailId', {
    config: { access: SOP_READ },
    schema: { operationId: 'getSopDetail', summary: 'One SOP with its checklist and assignees', tags, params: sopDetailParams, response: { 200: sopDetailSchema } },
    handler: (req) => getSopDetail(deps.db, ctxOf(req, deps.db), req.params.sopDetailId),
  });
  r.put('/api/v1/SOPDetails/:sopDetailId', {
    config: { access: SOP_WRITE },
    schema: { operationId: 'updateSopDetail', summary: 'Change an SOP, its checklist and its assignees; acknowledgements given are kept', tags, params: sopDetailParams, body: sopDetailBody, response: { 200: sopDetailSchema } },
    handler: (req) => updateSopDetail(ctxOf(req, deps.db), req.params.sopDetailId, req.body),
  });
  r.delete('/api/v1/SOPDetails/:sopDetailId', {
    config: { access: SOP_WRITE },
    schema: { operationId: 'deleteSopDetail', summary: 'Delete an SOP with its checklist and assignments', tags, params: sopDetailParams, response: { 200: z.object({ sopDetailId: z.number() }) } },
    handler: (req) => deleteSopDetail(ctxOf(req, deps.db), req.params.sopDetailId),
  });
}
