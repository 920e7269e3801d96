import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactIdAnswer, contactIdParams, contactsExportQuery, contactsGridAnswer, gridRequestSchema, saveContactBody } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { contentDisposition } from '../../../lib/content-disposition';
import { createContact, deleteContact, exportContacts, listContacts, updateContact } from './contacts.service';

/** The people to call at customers (spec platform 2.1 /contacts). */
export function contactsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Contacts'];
  r.post('/api/v1/Contacts/contacts', {
    config: { access: area('Contacts') },
    schema: { summary: 'A page of the contacts grid', tags, body: gridRequestSchema, response: { 200: contactsGridAnswer } },
    handler: (req) => listContacts(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/Contacts/export', {
    config: { access: area('Contacts', 'read', 'Can Export Contacts') },
    schema: {
      summary: 'The contacts as a CSV file (text/csv)',
      description: 'Answers text/csv (RFC 4180), at most 50,000 rows at once (page on with skip). Cells starting with = + - @ are prefixed with an apostrophe so spreadsheets do not run them.',
      tags,
      querystring: contactsExportQuery,
      response: { 200: z.string().describe('CSV text, one header row then one row per contact') },
    },
    handler: async (req, reply) => {
      const csv = await exportContacts(ctxOf(req, deps.db), req.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', contentDisposition('contacts.csv')).send(csv);
    },
  });
  r.post('/api/v1/Contacts/create', {
    config: { access: area('Contacts', 'write') },
    schema: { summary: 'Add a contact to a customer', tags, body: saveContactBody, response: { 200: contactIdAnswer } },
    handler: (req) => createContact(ctxOf(req, deps.db), req.body),
  });
  r.put('/api/v1/Contacts/:contactId', {
    config: { access: area('Contacts', 'write') },
    schema: { summary: 'Change a contact', tags, params: contactIdParams, body: saveContactBody, response: { 200: contactIdAnswer } },
    handler: (req) => updateContact(ctxOf(req, deps.db), req.params.contactId, req.body),
  });
  r.delete('/api/v1/Contacts/:contactId', {
    config: { access: area('Contacts', 'write') },
    schema: { summary: 'Delete a contact', tags, params: contactIdParams, response: { 200: contactIdAnswer } },
    handler: (req) => deleteContact(ctxOf(req, deps.db), req.params.contactId),
  });
}
