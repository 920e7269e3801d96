import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  capitalized, referenceBodyOf, referenceUserChoices, referenceDeletedAnswer, referenceListAccess, referenceRowOf, referenceRowParams, REFERENCE_LISTS, withArticle,
  type ReferenceListDefinition,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { listItemGlGroupChoices, listUserChoices } from './list-rules';
import { addReferenceRow, deleteReferenceRow, listReferenceRows, updateReferenceRow } from './reference-lists.service';

/** "work order class" → "WorkOrderClass", for operation ids. */
const pascal = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');

/**
 * The routes of one list, declared from its shared description: each has its own permission (the list's area) and
 * its own documented schemas, so access control and the OpenAPI document see every list as it is.
 */
function listRoutes(app: FastifyInstance, db: Db, def: ReferenceListDefinition) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Administration lists'];
  const url = `/api/v1/ReferenceList/${def.key}`;
  const row = referenceRowOf(def);
  const one = pascal(def.singular);
  r.get(url, {
    config: { access: referenceListAccess(def, 'read') },
    schema: {
      operationId: `list${pascal(def.title)}`,
      summary: def.isReadOnly ? `The ${def.title.toLowerCase()} of the specification, shared by every company` : `The company's ${def.title.toLowerCase()}, retired ones too`,
      description: def.description,
      tags,
      response: { 200: z.array(row) },
    },
    handler: (req) => listReferenceRows(ctxOf(req, db), def.key),
  });
  if (def.columns.some((c) => c.type === 'user')) {
    r.get(`${url}/users`, {
      config: { access: referenceListAccess(def, 'read') },
      schema: {
        operationId: `list${pascal(def.title)}Users`,
        summary: `The company's users ${withArticle(def.singular)} may name, inactive ones too`,
        tags,
        response: { 200: referenceUserChoices },
      },
      handler: (req) => listUserChoices(ctxOf(req, db)),
    });
  }
  if (def.columns.some((c) => c.type === 'itemGlGroup')) {
    r.get(`${url}/itemGlGroups`, {
      config: { access: referenceListAccess(def, 'read') },
      schema: {
        operationId: `list${pascal(def.title)}ItemGlGroups`,
        summary: `The company's item GL groups ${withArticle(def.singular)} may post to`,
        tags,
        response: { 200: referenceUserChoices.meta({ example: [{ id: 3, name: 'Filters', isActive: true }] }) },
      },
      handler: (req) => listItemGlGroupChoices(ctxOf(req, db)),
    });
  }
  if (def.isReadOnly) return;
  const body = referenceBodyOf(def);
  const params = referenceRowParams(def);
  r.post(url, {
    config: { access: referenceListAccess(def, 'write') },
    schema: {
      operationId: `add${one}`,
      summary: `Add ${withArticle(def.singular)}`,
      description: `The name must not be taken by another ${def.singular} of the company (409 otherwise).`,
      tags,
      body,
      response: { 200: row },
    },
    handler: (req) => addReferenceRow(ctxOf(req, db), def.key, req.body as Record<string, unknown>),
  });
  r.put(`${url}/:id`, {
    config: { access: referenceListAccess(def, 'write') },
    schema: {
      operationId: `update${one}`,
      summary: `Rename or change ${withArticle(def.singular)}${def.canRetire ? ', or retire it' : ''}`,
      tags,
      params,
      body,
      response: { 200: row },
    },
    handler: (req) => updateReferenceRow(ctxOf(req, db), def.key, req.params.id, req.body as Record<string, unknown>),
  });
  r.delete(`${url}/:id`, {
    config: { access: referenceListAccess(def, 'write'), errors: [409] },
    schema: {
      operationId: `delete${one}`,
      summary: `Delete ${withArticle(def.singular)} that nothing uses`,
      description: `${capitalized(withArticle(def.singular))} still in use is kept and the answer is a 409 saying by what.`,
      tags,
      params,
      response: { 200: referenceDeletedAnswer },
    },
    handler: (req) => deleteReferenceRow(ctxOf(req, db), def.key, req.params.id),
  });
}

/** The administration's reference lists (spec platform 2.1 administration), every one from its shared description. */
export function referenceListsRoutes(app: FastifyInstance, deps: { db: Db }) {
  for (const def of REFERENCE_LISTS) listRoutes(app, deps.db, def);
}
