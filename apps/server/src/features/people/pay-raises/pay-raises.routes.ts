import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgePayRaiseBody, createPayRaiseBody, PAY_RAISE_APPROVE, PAY_RAISE_REQUEST, payRaiseListAnswer, payRaiseNotificationAnswer, payRaiseSchema,
  payRaiseSignatureBody, payRaiseSignatureQuery, updatePayRaiseRequestBody,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf, SIGNED_IN } from '../../../lib/access-control';
import { listStaff } from '../../platform/users/users.service';
import { decidePayRaise, signPayRaise } from './pay-raise-decisions.service';
import { acknowledgePayRaiseNotices, activePayRaiseTypes, listPayRaises, myPayRaiseNotices, requestPayRaise } from './pay-raises.service';

/**
 * Pay raises (spec platform 3.12, 7.1): managers ask, payroll approvers answer, the employee signs. Pay figures are in
 * an answer only for "Can Access Payroll" and for the employee's own raise.
 */
export function payRaisesRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Pay raises'];
  r.get('/api/v1/Payroll/payRaiseRequests', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'listPayRaises', summary: 'The raises the caller approves, asked for, or is the employee of; newest first', tags, response: { 200: payRaiseListAnswer } },
    handler: (req) => listPayRaises(ctxOf(req, deps.db), req.access!),
  });
  r.post('/api/v1/Payroll/payRaiseRequests', {
    config: { access: PAY_RAISE_REQUEST },
    schema: { operationId: 'requestPayRaise', summary: 'Ask for a raise for an employee; the payroll approvers get a notice', tags, body: createPayRaiseBody, response: { 200: payRaiseSchema } },
    handler: (req) => requestPayRaise(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.get('/api/v1/Payroll/payRaiseEmployees', {
    config: { access: PAY_RAISE_REQUEST },
    schema: { operationId: 'getPayRaiseEmployees', summary: 'Whom the caller may ask a raise for: the active staff but themselves', tags, response: { 200: z.array(z.object({ userId: z.number(), name: z.string() })) } },
    handler: (req) => listStaff(ctxOf(req, deps.db), { exceptCaller: true }),
  });
  r.get('/api/v1/Payroll/payRaiseTypes', {
    config: { access: PAY_RAISE_REQUEST },
    schema: { operationId: 'getActivePayRaiseTypes', summary: 'The kinds of raise the caller may ask for', tags, response: { 200: z.array(z.object({ payRaiseTypeId: z.number(), name: z.string() })) } },
    handler: (req) => activePayRaiseTypes(ctxOf(req, deps.db)),
  });
  r.post('/api/v1/Payroll/updatePayRaiseRequest', {
    config: { access: PAY_RAISE_APPROVE, errors: [409] },
    schema: { operationId: 'updatePayRaiseRequest', summary: 'Approve or refuse a raise waiting for an answer', tags, body: updatePayRaiseRequestBody, response: { 200: payRaiseSchema } },
    handler: (req) => decidePayRaise(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.post('/api/v1/Payroll/uploadPayRaiseApprovalDetails', {
    config: { access: SIGNED_IN, errors: [409] },
    schema: {
      operationId: 'uploadPayRaiseApprovalDetails',
      summary: "The employee signs their approved raise; it takes effect on its date",
      tags,
      querystring: payRaiseSignatureQuery,
      body: payRaiseSignatureBody,
      response: { 200: payRaiseSchema },
    },
    handler: (req) => signPayRaise(ctxOf(req, deps.db), req.access!, req.query.PayRaiseRequestedId, req.body.employeeSignature),
  });
  r.get('/api/v1/Payroll/getPayRaiseNotificationDetails', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'getPayRaiseNotificationDetails', summary: "The caller's pay-raise notices not yet acknowledged, and how many", tags, response: { 200: payRaiseNotificationAnswer } },
    handler: (req) => myPayRaiseNotices(ctxOf(req, deps.db), req.access!),
  });
  r.put('/api/v1/Payroll/acknowledgePayRaiseNotification', {
    config: { access: SIGNED_IN, errors: [409] },
    schema: { operationId: 'acknowledgePayRaiseNotification', summary: 'Acknowledge the notices of how a raise ended', tags, body: acknowledgePayRaiseBody, response: { 200: payRaiseNotificationAnswer } },
    handler: (req) => acknowledgePayRaiseNotices(ctxOf(req, deps.db), req.access!, req.body.payRaiseRequestedId),
  });
}
