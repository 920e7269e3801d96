import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_HISTORY_ACCESS, qbImportListAnswer, qbImportQuery, qbImportReadAnswer, qbImportRowDetailSchema, qbImportRowParams, qbImportStatusBody, quickBooksAccountBody,
  quickBooksAccountSchema, quickBooksTestAnswer, type QbImportRow,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { getQuickBooksAccount, saveQuickBooksAccount, testQuickBooksAccount } from './quickbooks-account.service';
import { getQuickBooksImportRow, listQuickBooksImport, readQuickBooksImport, setQuickBooksImportStatus } from './quickbooks-import.service';

const ACCOUNT_EXAMPLE = {
  isConfigured: true, baseUrl: 'https://quickbooks.api.intuit.com', tokenUrl: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer', realmId: '9130357766520846',
  clientId: 'ABsmDemoClient0001', isEnabled: true, hasClientSecret: true, hasRefreshToken: true, updatedBy: 'Ada Admin', updatedAt: '2026-11-25T15:04:05.000Z',
};
const ROW_EXAMPLE: QbImportRow = {
  qbImportRowId: 7, kind: 'customer', qbId: '58', name: 'Northwind Cold Storage', status: 'matched', recordId: 311, recordName: 'Northwind Cold Storage', readAt: '2026-11-25T15:04:05.000Z',
};

/** Errors of a call that reaches QuickBooks: refused (422), failed (502) or silent (504), and not set up (409). */
const QUICKBOOKS_CALL_ERRORS = [409, 422, 502, 504] as const;

/**
 * QuickBooks Online: the company's connection (Billing's, as Intacct's credentials are), and the QuickBooks import
 * list (administration qbImportList): reading it is Billing's, a row's detail needs "View QB Import List Detail" and
 * changing a row's status "Change QB Import Status".
 */
export function quickBooksRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['QuickBooks'];
  const ctx = (req: Parameters<typeof ctxOf>[0]) => ctxOf(req, deps.db);

  r.get('/api/v1/QuickBooks/account', {
    config: { access: area('Billing') },
    schema: { operationId: 'getQuickBooksAccount', summary: "The company's QuickBooks connection, without its secret or tokens", tags, response: { 200: quickBooksAccountSchema.meta({ example: ACCOUNT_EXAMPLE }) } },
    handler: (req) => getQuickBooksAccount(ctx(req)),
  });
  r.put('/api/v1/QuickBooks/account', {
    config: { access: area('Billing', 'write'), errors: [409] },
    schema: {
      operationId: 'saveQuickBooksAccount', summary: "Save the company's QuickBooks connection (a blank secret or refresh token keeps the stored one)", tags, body: quickBooksAccountBody,
      response: { 200: quickBooksAccountSchema },
    },
    handler: (req) => saveQuickBooksAccount(ctx(req), req.body),
  });
  r.post('/api/v1/QuickBooks/account/test', {
    config: { access: area('Billing', 'write'), errors: [409] },
    schema: {
      operationId: 'testQuickBooksAccount', summary: 'Renew the token if needed and read the company from QuickBooks, saying whether the connection works', tags,
      response: { 200: quickBooksTestAnswer.meta({ example: { isConnected: true, message: 'Connected to QuickBooks company 9130357766520846: it has 8 accounts.' } }) },
    },
    handler: (req) => testQuickBooksAccount(ctx(req)),
  });

  r.post('/api/v1/QuickBooks/import', {
    config: { access: area('Billing', 'write'), errors: QUICKBOOKS_CALL_ERRORS },
    schema: {
      operationId: 'readQuickBooksImport', summary: 'Read customers and items from QuickBooks into the import list (a record read again is updated, never added twice)', tags,
      response: { 200: qbImportReadAnswer.meta({ example: { added: 9, updated: 0, total: 9 } }) },
    },
    handler: (req) => readQuickBooksImport(ctx(req)),
  });
  r.get('/api/v1/QuickBooks/import', {
    config: { access: area('Billing') },
    schema: {
      operationId: 'listQuickBooksImport', summary: 'The QuickBooks import list, of one kind and status when asked', tags, querystring: qbImportQuery,
      response: { 200: qbImportListAnswer.meta({ example: { data: [ROW_EXAMPLE], total: 1 } }) },
    },
    handler: (req) => listQuickBooksImport(ctx(req), req.query),
  });
  r.get('/api/v1/QuickBooks/import/:qbImportRowId', {
    config: { access: IMPORT_HISTORY_ACCESS },
    schema: {
      operationId: 'getQuickBooksImportRow', summary: 'One row of the import list with what QuickBooks said of it', tags, params: qbImportRowParams,
      response: { 200: qbImportRowDetailSchema.meta({ example: { ...ROW_EXAMPLE, detail: { Id: '58', DisplayName: 'Northwind Cold Storage', Active: true }, statusChangedBy: 'Ada Admin', statusChangedAt: '2026-11-25T15:10:00.000Z' } }) },
    },
    handler: (req) => getQuickBooksImportRow(ctx(req), req.params.qbImportRowId),
  });
  r.put('/api/v1/QuickBooks/import/:qbImportRowId/status', {
    config: { access: area('Billing', 'write', 'Change QB Import Status'), errors: [409] },
    schema: {
      operationId: 'setQuickBooksImportStatus', summary: 'Match a row to a customer or standard item, create one from it, ignore it, or set it back to pending', tags,
      params: qbImportRowParams, body: qbImportStatusBody.meta({ example: { status: 'matched', recordId: 311 } }), response: { 200: qbImportRowDetailSchema },
    },
    handler: (req) => setQuickBooksImportStatus(ctx(req), req.params.qbImportRowId, req.body),
  });
}
