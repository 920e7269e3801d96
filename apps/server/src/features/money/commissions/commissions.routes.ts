import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commissionExportQuery, commissionRateBody, commissionRateParams, commissionRateSchema, commissionReportAnswer, commissionReportQuery, invoiceCommissionParams, invoiceCommissionSchema,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { contentDisposition } from '../../../lib/content-disposition';
import { invoiceRow } from '../invoices/invoices.service';
import { reportFile } from '../../office/reports/reports-export';
import { addCommissionRate, deleteCommissionRate, listCommissionRates } from './commission-rates.service';
import { commissionReport, commissionReportSource } from './commission-report.service';
import { listInvoiceCommissions } from './invoice-commissions';

const EXAMPLE_RATE = { commissionRateId: 3, salesClassId: null, salesClassName: null, kind: 'salesPerson' as const, ratePercent: 7.5, effectiveFrom: '2026-11-01', createdBy: 'Alicia Moreno' };
const EXAMPLE_COMMISSION = { kind: 'salesPerson' as const, userId: 11, userName: 'Ben Carter', base: 1234.57, ratePercent: 7.5, amount: 92.59, earnedOn: '2026-11-03', isReversal: false };
const EXAMPLE_REPORT = {
  from: '2026-11-01', to: '2026-11-30',
  rows: [{ userId: 11, userName: 'Ben Carter', kind: 'salesPerson' as const, invoiceCount: 1, base: 1234.57, amount: 92.59 }],
  totals: { base: 1234.57, amount: 92.59 },
};

/**
 * Commissions (spec platform 3.15, administration salesCommissionStructure, /sales/reports): the rates (Sales Items
 * read, write to change), each submitted invoice's commissions (All Sales Reports) and the commission report with its
 * export (Sales Reports: one's own; All Sales Reports: everyone's).
 */
export function commissionsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Sales'];
  r.get('/api/v1/Sales/commissionRates', {
    config: { access: area('Sales Items') },
    schema: { operationId: 'listCommissionRates', summary: 'The commission structure: each kind\'s rates by sales class and the default, with the day each applies from', tags, response: { 200: z.array(commissionRateSchema).meta({ example: [EXAMPLE_RATE] }) } },
    handler: (req) => listCommissionRates(ctxOf(req, deps.db)),
  });
  r.post('/api/v1/Sales/commissionRates', {
    config: { access: area('Sales Items', 'write'), errors: [404, 409] },
    schema: {
      operationId: 'addCommissionRate',
      summary: 'Set a commission rate from a day on, for a sales class or the default',
      description: 'A percentage of the invoice\'s subtotal before tax, at most four decimals. Invoices submitted before keep what they earned.',
      tags, body: commissionRateBody, response: { 200: commissionRateSchema.meta({ example: EXAMPLE_RATE }) },
    },
    handler: (req) => addCommissionRate(ctxOf(req, deps.db), req.body),
  });
  r.delete('/api/v1/Sales/commissionRates/:commissionRateId', {
    config: { access: area('Sales Items', 'write'), errors: [404, 409] },
    schema: { operationId: 'deleteCommissionRate', summary: 'Remove a rate that is not in force yet', tags, params: commissionRateParams, response: { 200: z.object({ id: z.number() }).meta({ example: { id: 3 } }) } },
    handler: (req) => deleteCommissionRate(ctxOf(req, deps.db), req.params.commissionRateId),
  });
  r.get('/api/v1/Sales/invoices/:invoiceId/commissions', {
    config: { access: area('Reports', 'read', 'All Sales Reports'), errors: [404] },
    schema: {
      operationId: 'listInvoiceCommissions',
      summary: 'The commissions a submitted invoice pays, frozen at submission, and the reversals of credits applied to it',
      tags, params: invoiceCommissionParams, response: { 200: z.array(invoiceCommissionSchema).meta({ example: [EXAMPLE_COMMISSION] }) },
    },
    handler: async (req) => {
      const ctx = ctxOf(req, deps.db);
      const invoice = await invoiceRow(ctx.db, ctx, req.params.invoiceId);
      return listInvoiceCommissions(ctx.db, ctx, invoice.id);
    },
  });
  r.get('/api/v1/Sales/commissionReport', {
    config: { access: area('Reports') },
    schema: {
      operationId: 'getCommissionReport',
      summary: 'Commissions earned in a period by person and kind, credits\' reversals included, with totals',
      description: 'From and To are the company\'s dates, both included (this month so far when left out). Sales Reports reads one\'s own, All Sales Reports everyone\'s.',
      tags, querystring: commissionReportQuery, response: { 200: commissionReportAnswer.meta({ example: EXAMPLE_REPORT }) },
    },
    handler: async (req) => (await commissionReport(ctxOf(req, deps.db), req.access!, req.query)).answer,
  });
  r.get('/api/v1/Sales/commissionReport/export', {
    config: { access: area('Reports') },
    schema: { operationId: 'exportCommissionReport', summary: 'The commission report as a CSV or XLSX file, with a totals row', tags, querystring: commissionExportQuery, response: { 200: z.string().describe('CSV text or an XLSX workbook') } },
    handler: async (req, reply) => {
      const { format, ...query } = req.query;
      const file = await reportFile(await commissionReportSource(ctxOf(req, deps.db), req.access!, query), format);
      return reply.type(file.contentType).header('cache-control', 'no-store').header('content-disposition', contentDisposition(file.fileName)).send(file.body as string);
    },
  });
}
