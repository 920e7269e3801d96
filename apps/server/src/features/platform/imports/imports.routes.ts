import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMPORT_COLUMNS, IMPORT_HISTORY_ACCESS, IMPORT_KIND_INFO, IMPORT_KINDS, IMPORT_MAX_BYTES, importAnswer, importIdParams, importsAnswer, importsQuery, type ImportKind } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ctxOf, SIGNED_IN } from '../../../lib/access-control';
import { contentDisposition } from '../../../lib/content-disposition';
import { AppError } from '../../../lib/errors';
import { commitImport } from './import-commit.service';
import { stageImport } from './import-stage.service';
import { getImport, listImports, rejectedCsv } from './imports-read.service';

const SEND_FILE = 'Send the file as multipart/form-data in the field "file".';

/** The uploaded file, read as it arrives (never whole into memory). */
async function uploaded(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError(415, SEND_FILE);
  const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 }, throwFileSizeLimit: true });
  if (!part || part.fieldname !== 'file') throw new AppError(400, SEND_FILE);
  return part;
}

const columnsText = (kind: ImportKind) => {
  const c = IMPORT_COLUMNS[kind];
  return `Columns (first row, any order and case): ${c.required.join(', ')} (required); ${c.optional.join(', ')}.${c.quickBooks ? ` Also read: ${c.quickBooks}` : ''}`;
};

/**
 * Imports of customers (with their locations), contacts, users and standard items from CSV or XLSX (spec platform 2.1
 * /administration/qbImportList): upload and preview, commit in the job runner, progress, the report of rejected rows,
 * and the history.
 */
export function importsRoutes(app: FastifyInstance, deps: { db: Db; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Imports'];
  for (const kind of IMPORT_KINDS) {
    const info = IMPORT_KIND_INFO[kind];
    r.post(`/api/v1/Imports/${kind}`, {
      config: { access: info.access, errors: [400, 404, 413, 415] },
      schema: {
        operationId: `upload${kind.charAt(0).toUpperCase()}${kind.slice(1)}Import`,
        summary: `Upload a CSV or XLSX file of ${info.plural}: every row is checked and the preview answered; nothing is written yet`,
        description: `multipart/form-data with the file in the field \`file\` (.csv or .xlsx, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB), read as it arrives. Rows are matched by External ID (unique per company): a row whose id the company has updates it, any other creates. ${columnsText(kind)} An empty file, a file that is not CSV or XLSX, or one without the columns answers 400 with a sentence.`,
        tags,
        response: { 200: importAnswer },
      },
      handler: async (req) => {
        const part = await uploaded(req);
        return stageImport(ctxOf(req, deps.db), req.access!, kind, part.filename || `${kind}.csv`, part.file);
      },
    });
  }
  r.get('/api/v1/Imports', {
    config: { access: IMPORT_HISTORY_ACCESS },
    schema: { operationId: 'listImports', summary: "The company's imports, newest first: kind, file, who, when, counts and state", tags, querystring: importsQuery, response: { 200: importsAnswer } },
    handler: (req) => listImports(ctxOf(req, deps.db), req.query),
  });
  r.get('/api/v1/Imports/:importId', {
    config: { access: SIGNED_IN, errors: [403] },
    schema: {
      operationId: 'getImport',
      summary: "An import's state, counts and progress, with its rejected rows and the first rows to be written",
      description: 'For someone who may import its kind (write on the kind\'s area), else 403.',
      tags,
      params: importIdParams,
      response: { 200: importAnswer },
    },
    handler: (req) => getImport(ctxOf(req, deps.db), req.access!, req.params.importId),
  });
  r.post('/api/v1/Imports/:importId/commit', {
    config: { access: SIGNED_IN, errors: [403, 409] },
    schema: {
      operationId: 'commitImport',
      summary: 'Write a previewed import: queued for the job runner, which writes it in batches (follow the progress with GET)',
      description: 'Each row is written whole or not at all; a row refused while writing joins the report of rejected rows. A second commit answers 409.',
      tags,
      params: importIdParams,
      response: { 200: importAnswer },
    },
    handler: (req) => commitImport(ctxOf(req, deps.db), req.access!, req.params.importId, deps.publicUrl),
  });
  r.get('/api/v1/Imports/:importId/rejected.csv', {
    config: { access: SIGNED_IN, errors: [403] },
    schema: {
      operationId: 'getImportRejectedRows',
      summary: 'The report of rejected rows as CSV: line, the sentence, then the cells as the file had them',
      description: 'text/csv (RFC 4180). Cells starting with = + - @ are prefixed with an apostrophe so spreadsheets do not run them.',
      tags,
      params: importIdParams,
      response: { 200: z.string().describe('CSV text').meta({ example: 'Line,Error,External ID,Name\r\n7,State must be two letters, like TX.,C-1006,Frost Bite Diner\r\n' }) },
    },
    handler: async (req, reply) => {
      const { fileName, csv } = await rejectedCsv(ctxOf(req, deps.db), req.access!, req.params.importId);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', contentDisposition(fileName)).send(csv);
    },
  });
}
