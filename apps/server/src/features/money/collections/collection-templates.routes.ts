import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COLLECTION_READ, COLLECTION_WRITE, collectionTemplateBody, collectionTemplateDeletedAnswer, collectionTemplateListAnswer, collectionTemplateParams, collectionTemplateSchema,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { createCollectionTemplate, deleteCollectionTemplate, getCollectionTemplate, listCollectionTemplates, updateCollectionTemplate } from './collection-templates.service';

/**
 * The company's collection templates (spec platform 2.1, administration collectionSettings/collectionTemplate): the
 * dunning e-mails of each aging bucket, read with Collection read, changed with Collection write.
 */
export function collectionTemplatesRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Collection'];
  const one = '/api/v1/CollectionTemplates/:collectionTemplateId';
  r.get('/api/v1/CollectionTemplates', {
    config: { access: COLLECTION_READ },
    schema: { operationId: 'listCollectionTemplates', summary: "The company's dunning e-mail templates, by aging bucket then name", tags, response: { 200: collectionTemplateListAnswer } },
    handler: (req) => listCollectionTemplates(ctxOf(req, deps.db)),
  });
  r.post('/api/v1/CollectionTemplates', {
    config: { access: COLLECTION_WRITE },
    schema: {
      operationId: 'createCollectionTemplate',
      summary: 'Create a dunning e-mail template for an aging bucket',
      description: 'Names are unique in the company whatever their case, and a bucket has at most one active template (409). Merge fields: {{customerName}}, {{balance}}, {{pastDue}}, {{oldestDaysPastDue}}, {{companyName}}, {{statementDate}}.',
      tags, body: collectionTemplateBody, response: { 200: collectionTemplateSchema },
    },
    handler: (req) => createCollectionTemplate(ctxOf(req, deps.db), req.body),
  });
  r.get(one, {
    config: { access: COLLECTION_READ },
    schema: { operationId: 'getCollectionTemplate', summary: 'One dunning e-mail template of the company', tags, params: collectionTemplateParams, response: { 200: collectionTemplateSchema } },
    handler: (req) => getCollectionTemplate(ctxOf(req, deps.db), req.params.collectionTemplateId),
  });
  r.put(one, {
    config: { access: COLLECTION_WRITE },
    schema: {
      operationId: 'updateCollectionTemplate',
      summary: 'Change a dunning e-mail template: name, bucket, subject, body, or whether the dunning job sends it',
      description: 'Names are unique in the company, and a bucket has at most one active template (409).',
      tags, params: collectionTemplateParams, body: collectionTemplateBody, response: { 200: collectionTemplateSchema },
    },
    handler: (req) => updateCollectionTemplate(ctxOf(req, deps.db), req.params.collectionTemplateId, req.body),
  });
  r.delete(one, {
    config: { access: COLLECTION_WRITE },
    schema: {
      operationId: 'deleteCollectionTemplate', summary: "Delete a dunning e-mail template; the customers' history of e-mails sent keeps its name",
      tags, params: collectionTemplateParams, response: { 200: collectionTemplateDeletedAnswer },
    },
    handler: (req) => deleteCollectionTemplate(ctxOf(req, deps.db), req.params.collectionTemplateId),
  });
}
