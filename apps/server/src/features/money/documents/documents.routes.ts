import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILLING_READ, BILLING_WRITE, documentEmailAnswer, documentEmailBody, documentEmailDefaults, documentKindParams, documentTemplateBody, documentTemplateSchema, invoiceDisplayQuery,
  invoiceParams, quoteParams, QUOTES_READ, QUOTES_WRITE,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { contentDisposition } from '../../../lib/content-disposition';
import { getDocumentTemplate, previewDocumentTemplate, saveDocumentTemplate } from './document-templates.service';
import { emailInvoice, invoiceEmailDefaults, invoicePdf } from './invoice-document.service';
import { emailQuote, quoteEmailDefaults, quotePdf } from './quote-document.service';

/** Answers a PDF to be shown in the browser, never cached. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .type('application/pdf')
    .header('cache-control', 'no-store')
    .header('content-disposition', contentDisposition(fileName, 'inline'))
    .send(pdf as unknown as string);
}

/**
 * Printed documents: the Customize Template pages (/customizeTemplate/invoiceTemplate, quoteTemplate), and each quote
 * and invoice as a PDF and e-mailed with it through the Email send form.
 */
export function documentRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Templates'];
  r.get('/api/v1/DocumentTemplates/:kind', {
    config: { access: area('Templates', 'read') },
    schema: { summary: "The company's quote or invoice template", tags, params: documentKindParams, response: { 200: documentTemplateSchema } },
    handler: (req) => getDocumentTemplate(ctxOf(req, deps.db), req.params.kind),
  });
  r.put('/api/v1/DocumentTemplates/:kind', {
    config: { access: area('Templates', 'write') },
    schema: {
      summary: "Save the company's quote or invoice template",
      description: 'Colours, title, terms, footer and the optional columns; `logo` a PNG or JPEG data URL (at most 512 kB), null to remove it, left out to keep it.',
      tags,
      params: documentKindParams,
      body: documentTemplateBody,
      response: { 200: documentTemplateSchema },
    },
    handler: (req) => saveDocumentTemplate(ctxOf(req, deps.db), req.params.kind, req.body),
  });
  r.get('/api/v1/DocumentTemplates/:kind/preview', {
    config: { access: area('Templates', 'read') },
    schema: { summary: 'The template as a PDF on an example document', tags, params: documentKindParams, response: { 200: z.string().describe('A PDF') } },
    handler: async (req, reply) => sendPdf(reply, await previewDocumentTemplate(ctxOf(req, deps.db), req.params.kind), `${req.params.kind}-template-preview.pdf`),
  });
  const quoteTags = ['Quotes'];
  r.get('/api/v1/Quotes/:quoteNumber/:quoteVersion/pdf', {
    config: { access: QUOTES_READ },
    schema: { operationId: 'getQuotePdf', summary: "One version of a quote as a PDF, in the company's quote template", tags: quoteTags, params: quoteParams, response: { 200: z.string().describe('A PDF') } },
    handler: async (req, reply) => {
      const { pdf, fileName } = await quotePdf(ctxOf(req, deps.db), req.access!, req.params.quoteNumber, req.params.quoteVersion);
      return sendPdf(reply, pdf, fileName);
    },
  });
  r.get('/api/v1/Quotes/:quoteNumber/:quoteVersion/email', {
    config: { access: QUOTES_READ },
    schema: {
      operationId: 'getQuoteEmailDefaults',
      summary: "The Email send form's first values for a quote: To, Subject, message, the PDF's name and the Quote Submitted tick box",
      tags: quoteTags,
      params: quoteParams,
      response: { 200: documentEmailDefaults },
    },
    handler: (req) => quoteEmailDefaults(ctxOf(req, deps.db), req.access!, req.params.quoteNumber, req.params.quoteVersion),
  });
  r.post('/api/v1/Quotes/:quoteNumber/:quoteVersion/email', {
    config: { access: QUOTES_WRITE, errors: [409] },
    schema: {
      operationId: 'emailQuote',
      summary: 'E-mail the current version of a quote with its PDF; with Quote Submitted ticked, the quote and its work order move to Quote Submitted',
      description: 'To is required ("To field is required"), CC optional. Quote Submitted may not be ticked once the work order is reviewed, billed or invoice submitted, or the quote approved or submitted (409).',
      tags: quoteTags,
      params: quoteParams,
      body: documentEmailBody,
      response: { 200: documentEmailAnswer },
    },
    handler: (req) => emailQuote(ctxOf(req, deps.db), req.access!, req.params.quoteNumber, req.params.quoteVersion, req.body),
  });
  const billingTags = ['Billing'];
  r.get('/api/v1/Invoice/:invoiceId/pdf', {
    config: { access: BILLING_READ },
    schema: { operationId: 'getInvoicePdf', summary: "An invoice as a PDF, in the company's invoice template and the display mode chosen", tags: billingTags, params: invoiceParams, querystring: invoiceDisplayQuery, response: { 200: z.string().describe('A PDF') } },
    handler: async (req, reply) => {
      const { pdf, fileName } = await invoicePdf(ctxOf(req, deps.db), req.params.invoiceId, req.query.displayMode);
      return sendPdf(reply, pdf, fileName);
    },
  });
  r.get('/api/v1/Invoice/:invoiceId/email', {
    config: { access: BILLING_READ },
    schema: { operationId: 'getInvoiceEmailDefaults', summary: "The Email send form's first values for an invoice: To, Subject, message and the PDF's name", tags: billingTags, params: invoiceParams, response: { 200: documentEmailDefaults } },
    handler: (req) => invoiceEmailDefaults(ctxOf(req, deps.db), req.params.invoiceId),
  });
  r.post('/api/v1/Invoice/:invoiceId/email', {
    config: { access: BILLING_WRITE },
    schema: {
      operationId: 'emailInvoice',
      summary: 'E-mail an invoice with its PDF in the display mode chosen',
      description: 'To is required ("To field is required"), CC optional; Quote Submitted does not apply to invoices and is ignored.',
      tags: billingTags,
      params: invoiceParams,
      querystring: invoiceDisplayQuery,
      body: documentEmailBody,
      response: { 200: documentEmailAnswer },
    },
    handler: (req) => emailInvoice(ctxOf(req, deps.db), req.params.invoiceId, req.query.displayMode, req.body),
  });
}
