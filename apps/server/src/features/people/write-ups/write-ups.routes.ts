import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allWriteUpAnswer, allWriteUpRequest, createWriteUpBody, dismissWriteUpBody, updateWriteUpBody, writeUpAndCountAnswer, writeUpAnswer, writeUpEmployeesAnswer } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf, SIGNED_IN } from '../../../lib/access-control';
import { allWriteUps, createWriteUp, dismissWriteUp, myWriteUps, updateWriteUp, writeUpEmployees } from './write-ups.service';

/** Managers write up, change and list (Team Leader area); everyone reads and dismisses their own notices. */
const MANAGE = area('Team Leader', 'write');
const REVIEW = area('Team Leader');

/**
 * Write-ups (spec platform 3.9, 4.5, 7.1) under the flag-reminder paths the contract names: a manager writes an
 * employee up; the employee and the team leaders each get a notice to dismiss.
 */
export function writeUpsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Write-ups'];
  r.post('/api/v1/FlagReminder/writeUp', {
    config: { access: MANAGE },
    schema: { operationId: 'createWriteUp', summary: 'Write an employee up; the employee and the team leaders get a notice', tags, body: createWriteUpBody, response: { 200: writeUpAnswer } },
    handler: (req) => createWriteUp(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.put('/api/v1/FlagReminder/writeUp', {
    config: { access: MANAGE },
    schema: { operationId: 'updateWriteUp', summary: 'Change a write-up; its employee is shown it again', tags, body: updateWriteUpBody, response: { 200: writeUpAnswer } },
    handler: (req) => updateWriteUp(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.post('/api/v1/FlagReminder/allWriteUp', {
    config: { access: REVIEW },
    schema: { operationId: 'listWriteUps', summary: "The company's write-ups, paged, sorted and filtered", tags, body: allWriteUpRequest, response: { 200: allWriteUpAnswer } },
    handler: (req) => allWriteUps(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/FlagReminder/writeUpEmployees', {
    config: { access: MANAGE },
    schema: { operationId: 'getWriteUpEmployees', summary: 'Whom the caller may write up: active staff other than themselves', tags, response: { 200: writeUpEmployeesAnswer } },
    handler: (req) => writeUpEmployees(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/FlagReminder/writeUpAndCount', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'getWriteUpAndCount', summary: 'The write-ups waiting for the caller to dismiss them, and how many', tags, response: { 200: writeUpAndCountAnswer } },
    handler: (req) => myWriteUps(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/FlagReminder/dismissedWriteUp', {
    config: { access: SIGNED_IN },
    schema: { operationId: 'dismissWriteUp', summary: "Dismiss one of the caller's write-up notices", tags, body: dismissWriteUpBody, response: { 200: writeUpAndCountAnswer } },
    handler: (req) => dismissWriteUp(ctxOf(req, deps.db), req.body.writeUpId),
  });
}
