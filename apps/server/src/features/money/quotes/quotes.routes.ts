import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CREATE_QUOTE, createQuoteBody, lineChoicesAnswer, quotesGridRequest, quoteCreatedAnswer, quoteLineBody, quoteLineParams, quoteParams, QUOTES_GRID, QUOTES_READ, QUOTES_WRITE,
  quotesGridAnswer, quoteView, quoteWorkOrderParams, rejectQuoteBody, setQuoteStatusBody, workOrderQuotesAnswer,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { lineChoices } from '../../platform/reference-lists/line-choices';
import { addQuoteLine, deleteQuoteLine, updateQuoteLine } from './quote-lines.service';
import { approveQuote, newQuoteVersion, rejectQuote, setQuoteStatus } from './quote-status.service';
import { createQuote, getQuoteVersion, listQuotes, workOrderQuotes } from './quotes.service';

/**
 * Quotes (spec platform 2.1 /quotes, /quotes/all, /quotes/create, /quotes/{quoteNumber}/{quoteVersion}/view): the grid,
 * creating a quote for a work order, one version with its lines, new versions, and the status changes that move the
 * work order (4.9). Paths are ours: the spec names the screens, not the calls.
 */
export function quotesRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Quotes'];
  const version = (p: { quoteNumber: number; quoteVersion: number }) => ({ quoteNumber: p.quoteNumber, quoteVersion: p.quoteVersion });
  r.post('/api/v1/Quotes/list', {
    config: { access: QUOTES_GRID },
    schema: {
      operationId: 'listQuotes',
      summary: 'A page of the quotes grid: each quote at its current version, with its status and total',
      description: "With 'All Quotes' every quote of the company, otherwise the quotes of the work orders the caller may see. Columns: quoteNumber, quoteVersion, status, title, workOrderNumber, customerName, total, createdBy, createdAt.",
      tags,
      body: quotesGridRequest,
      response: { 200: quotesGridAnswer },
    },
    handler: (req) => listQuotes(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.get('/api/v1/Quotes/workOrder/:workOrderId', {
    config: { access: QUOTES_READ },
    schema: { operationId: 'getWorkOrderQuotes', summary: 'A work order to quote on, and its quotes so far', tags, params: quoteWorkOrderParams, response: { 200: workOrderQuotesAnswer } },
    handler: (req) => workOrderQuotes(ctxOf(req, deps.db), req.access!, req.params.workOrderId),
  });
  r.get('/api/v1/Quotes/lineChoices', {
    config: { access: QUOTES_READ },
    schema: {
      operationId: 'getQuoteLineChoices',
      summary: "The company's active markup groups and discount reasons, which quote and estimate lines choose from",
      tags,
      response: { 200: lineChoicesAnswer },
    },
    handler: (req) => lineChoices(deps.db, ctxOf(req, deps.db)),
  });
  r.post('/api/v1/Quotes/create', {
    config: { access: CREATE_QUOTE },
    schema: {
      operationId: 'createQuote',
      summary: 'Create a quote for a work order: version 1, Open or Pending; the work order moves to Quote Open or Quote Pending',
      tags,
      body: createQuoteBody,
      response: { 200: quoteCreatedAnswer },
    },
    handler: (req) => createQuote(ctxOf(req, deps.db), req.access!, req.body),
  });
  r.get('/api/v1/Quotes/:quoteNumber/:quoteVersion', {
    config: { access: QUOTES_READ },
    schema: { operationId: 'getQuoteVersion', summary: 'One version of a quote with its lines, totals, profit factor, versions and status history', tags, params: quoteParams, response: { 200: quoteView } },
    handler: (req) => getQuoteVersion(ctxOf(req, deps.db), req.access!, req.params.quoteNumber, req.params.quoteVersion),
  });
  r.post('/api/v1/Quotes/:quoteNumber/:quoteVersion/lines', {
    config: { access: QUOTES_WRITE, errors: [409] },
    schema: {
      operationId: 'addQuoteLine',
      summary: 'Add a line of labor, material or a standard item to an Open or Pending current version',
      description: 'Refused with a sentence when the quote would fall below its minimum profit factor (above 1000: 33.33%, above 10000: 25%).',
      tags,
      params: quoteParams,
      body: quoteLineBody,
      response: { 200: quoteView },
    },
    handler: (req) => addQuoteLine(ctxOf(req, deps.db), req.access!, version(req.params), req.body),
  });
  r.put('/api/v1/Quotes/:quoteNumber/:quoteVersion/lines/:quoteLineId', {
    config: { access: QUOTES_WRITE, errors: [409] },
    schema: { operationId: 'updateQuoteLine', summary: 'Change a line of an Open or Pending current version', tags, params: quoteLineParams, body: quoteLineBody, response: { 200: quoteView } },
    handler: (req) => updateQuoteLine(ctxOf(req, deps.db), req.access!, version(req.params), req.params.quoteLineId, req.body),
  });
  r.delete('/api/v1/Quotes/:quoteNumber/:quoteVersion/lines/:quoteLineId', {
    config: { access: QUOTES_WRITE, errors: [409] },
    schema: { operationId: 'deleteQuoteLine', summary: 'Remove a line of an Open or Pending current version', tags, params: quoteLineParams, response: { 200: quoteView } },
    handler: (req) => deleteQuoteLine(ctxOf(req, deps.db), req.access!, version(req.params), req.params.quoteLineId),
  });
  r.post('/api/v1/Quotes/:quoteNumber/:quoteVersion/newVersion', {
    config: { access: QUOTES_WRITE, errors: [409] },
    schema: {
      operationId: 'newQuoteVersion',
      summary: "New version: copy the current version's lines into the next version (Open); the copied version stays as it is",
      tags,
      params: quoteParams,
      response: { 200: quoteView },
    },
    handler: (req) => newQuoteVersion(ctxOf(req, deps.db), req.access!, req.params.quoteNumber, req.params.quoteVersion),
  });
  r.put('/api/v1/Quotes/:quoteNumber/:quoteVersion/status', {
    config: { access: QUOTES_WRITE, errors: [409] },
    schema: {
      operationId: 'setQuoteStatus',
      summary: 'Set the current version Open, Pending or Submitted; the work order follows (Quote Open 44, Quote Pending 35, Quote Submitted 45)',
      tags,
      params: quoteParams,
      body: setQuoteStatusBody,
      response: { 200: quoteView },
    },
    handler: (req) => setQuoteStatus(ctxOf(req, deps.db), req.access!, req.params.quoteNumber, req.params.quoteVersion, req.body.quoteStatus),
  });
  r.post('/api/v1/Quotes/:quoteNumber/:quoteVersion/approve', {
    config: { access: QUOTES_WRITE, errors: [409] },
    schema: { operationId: 'approveQuote', summary: 'Approve the current version; the work order moves to Quote Approved (28)', tags, params: quoteParams, response: { 200: quoteView } },
    handler: (req) => approveQuote(ctxOf(req, deps.db), req.access!, req.params.quoteNumber, req.params.quoteVersion),
  });
  r.post('/api/v1/Quotes/:quoteNumber/:quoteVersion/reject', {
    config: { access: QUOTES_WRITE, errors: [409] },
    schema: { operationId: 'rejectQuote', summary: 'Reject the current version with a reason; the work order needs a quote again (34)', tags, params: quoteParams, body: rejectQuoteBody, response: { 200: quoteView } },
    handler: (req) => rejectQuote(ctxOf(req, deps.db), req.access!, req.params.quoteNumber, req.params.quoteVersion, req.body.reason),
  });
}
