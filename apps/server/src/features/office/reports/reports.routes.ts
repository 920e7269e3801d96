import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REPORTS_READ, reportAnswer, reportCatalogAnswer, reportExportQuery, reportKeyParams, reportQuery } from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { contentDisposition } from '../../../lib/content-disposition';
import { reportFile } from './reports-export';
import { readReport, reportCatalog } from './reports.service';
import { EXAMPLE_REPORT } from './reports-examples';

/** The office's reports: the catalogue, one report as JSON, and the same report as CSV or XLSX. */
export function reportsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reports'];
  r.get('/api/v1/Reports', {
    config: { access: REPORTS_READ },
    schema: {
      operationId: 'listReports',
      summary: 'The catalogue of reports: each one\'s key, title, what it tells, its groupings and whether it reads a range of dates',
      tags,
      response: { 200: reportCatalogAnswer.meta({ example: reportCatalog() }) },
    },
    handler: () => reportCatalog(),
  });
  r.get('/api/v1/Reports/:reportKey', {
    config: { access: REPORTS_READ },
    schema: {
      operationId: 'getReport',
      summary: 'One report over a range of the company\'s dates: its columns, rows, totals and the chart that reads them',
      description: 'From and To are the company\'s dates, both included (the last twelve months to today when left out; an aging is read as of today). Money is exact to the cent; the totals are the sums of the rows.',
      tags,
      params: reportKeyParams,
      querystring: reportQuery,
      response: { 200: reportAnswer.meta({ example: EXAMPLE_REPORT }) },
    },
    handler: async (req) => (await readReport(ctxOf(req, deps.db), req.params.reportKey, req.query)).answer,
  });
  r.get('/api/v1/Reports/:reportKey/export', {
    config: { access: REPORTS_READ },
    schema: {
      operationId: 'exportReport',
      summary: 'One report as a CSV or XLSX file: the same rows and totals as its JSON answer, with a totals row',
      tags,
      params: reportKeyParams,
      querystring: reportExportQuery,
      response: { 200: z.string().describe('CSV text or an XLSX workbook') },
    },
    handler: async (req, reply) => {
      const { format, ...query } = req.query;
      const file = await reportFile(await readReport(ctxOf(req, deps.db), req.params.reportKey, query), format);
      return reply.type(file.contentType).header('cache-control', 'no-store').header('content-disposition', contentDisposition(file.fileName)).send(file.body as string);
    },
  });
}
