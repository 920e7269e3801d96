import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailOutboxDetail, emailOutboxGridAnswer, emailOutboxIdParams, emailOutboxSettings, gridRequestSchema, sendTestEmailBody } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { getOutboxMessage, listOutbox, outboxSettings, resendOutboxMessage, sendTestEmail } from './email-outbox.service';

/** The administrator's view of the e-mail outbox (Email Settings): what was sent, what waits, what failed and why. */
export function emailOutboxRoutes(app: FastifyInstance, deps: { db: Db; isSmtpConfigured: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['E-mail outbox'];
  const read = area('Email Settings');
  const write = area('Email Settings', 'write');
  r.get('/api/v1/EmailOutbox/settings', {
    config: { access: read },
    schema: {
      operationId: 'getEmailOutboxSettings',
      summary: 'Whether a mail server is configured (SMTP_URL), and the sender of the company\'s messages',
      tags,
      response: { 200: emailOutboxSettings },
    },
    handler: (req) => outboxSettings(ctxOf(req, deps.db), deps.isSmtpConfigured),
  });
  r.post('/api/v1/EmailOutbox/list', {
    config: { access: read },
    schema: {
      operationId: 'listEmailOutbox',
      summary: 'A page of the outbox grid: the company\'s messages with their status, attempts and last error',
      description: 'Filter on status with the eq operator (queued, sending, sent, failed, uncertain); sorted newest first unless asked otherwise.',
      tags,
      body: gridRequestSchema,
      response: { 200: emailOutboxGridAnswer },
    },
    handler: (req) => listOutbox(ctxOf(req, deps.db), req.body),
  });
  r.post('/api/v1/EmailOutbox/test', {
    config: { access: write },
    schema: {
      operationId: 'sendTestEmail',
      summary: 'Send test e-mail: queue a short message from the company to one address',
      tags,
      body: sendTestEmailBody,
      response: { 200: emailOutboxDetail },
    },
    handler: (req) => sendTestEmail(ctxOf(req, deps.db), req.body.to),
  });
  r.get('/api/v1/EmailOutbox/:emailOutboxId', {
    config: { access: read },
    schema: {
      operationId: 'getEmailOutboxMessage',
      summary: 'One message of the outbox with its bodies and the names and sizes of its attachments',
      tags,
      params: emailOutboxIdParams,
      response: { 200: emailOutboxDetail },
    },
    handler: (req) => getOutboxMessage(ctxOf(req, deps.db), req.params.emailOutboxId),
  });
  r.post('/api/v1/EmailOutbox/:emailOutboxId/resend', {
    config: { access: write, errors: [409] },
    schema: {
      operationId: 'resendEmailOutboxMessage',
      summary: 'Send a failed or uncertain message again, with the same Message-ID',
      tags,
      params: emailOutboxIdParams,
      response: { 200: emailOutboxDetail },
    },
    handler: (req) => resendOutboxMessage(ctxOf(req, deps.db), req.params.emailOutboxId),
  });
}
