import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailTemplateBody, emailTemplateDeletedAnswer, emailTemplateListAnswer, emailTemplateListQuery, emailTemplateParams, emailTemplateSchema,
  sendTemplateEmailAnswer, sendTemplateEmailBody,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { createEmailTemplate, deleteEmailTemplate, getEmailTemplate, listEmailTemplates, updateEmailTemplate } from './email-templates.service';
import { sendTemplateEmail } from './send-template-email.service';

/**
 * The company's e-mail templates (spec platform 2.1: /emailTemplate with templateGrid, create and sendEmail), guarded
 * by the Templates permission: read to see and send from them, write to change them.
 */
export function emailTemplatesRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Templates'];
  const read = area('Templates', 'read');
  const write = area('Templates', 'write');
  const one = '/api/v1/EmailTemplates/:emailTemplateId';
  r.get('/api/v1/EmailTemplates', {
    config: { access: read },
    schema: {
      operationId: 'listEmailTemplates',
      summary: "The company's e-mail templates by name, of one purpose or only the active ones when asked",
      tags,
      querystring: emailTemplateListQuery,
      response: { 200: emailTemplateListAnswer },
    },
    handler: (req) => listEmailTemplates(ctxOf(req, deps.db), req.query),
  });
  r.post('/api/v1/EmailTemplates', {
    config: { access: write },
    schema: {
      operationId: 'createEmailTemplate',
      summary: 'Create an e-mail template',
      description: 'The name must not be taken by another template of the company, whatever its case (409). The message is kept through the allowlist sanitiser.',
      tags,
      body: emailTemplateBody,
      response: { 200: emailTemplateSchema },
    },
    handler: (req) => createEmailTemplate(ctxOf(req, deps.db), req.body),
  });
  r.post('/api/v1/EmailTemplates/send', {
    config: { access: read },
    schema: {
      operationId: 'sendTemplateEmail',
      summary: 'Send an e-mail from a template or written freely: it is queued in the outbox and sent by its worker',
      description: 'To is required ("To field is required"), CC optional. A subject or message left out is the template\'s; the message goes through the allowlist sanitiser.',
      tags,
      body: sendTemplateEmailBody,
      response: { 200: sendTemplateEmailAnswer },
    },
    handler: (req) => sendTemplateEmail(ctxOf(req, deps.db), req.body),
  });
  r.get(one, {
    config: { access: read },
    schema: { operationId: 'getEmailTemplate', summary: 'One e-mail template of the company', tags, params: emailTemplateParams, response: { 200: emailTemplateSchema } },
    handler: (req) => getEmailTemplate(ctxOf(req, deps.db), req.params.emailTemplateId),
  });
  r.put(one, {
    config: { access: write },
    schema: {
      operationId: 'updateEmailTemplate',
      summary: 'Change an e-mail template: its name, purpose, subject, message, or whether forms offer it',
      description: 'The name must not be taken by another template of the company (409).',
      tags,
      params: emailTemplateParams,
      body: emailTemplateBody,
      response: { 200: emailTemplateSchema },
    },
    handler: (req) => updateEmailTemplate(ctxOf(req, deps.db), req.params.emailTemplateId, req.body),
  });
  r.delete(one, {
    config: { access: write },
    schema: {
      operationId: 'deleteEmailTemplate',
      summary: 'Delete an e-mail template; messages already sent from it keep their own text',
      tags,
      params: emailTemplateParams,
      response: { 200: emailTemplateDeletedAnswer },
    },
    handler: (req) => deleteEmailTemplate(ctxOf(req, deps.db), req.params.emailTemplateId),
  });
}
