import { and, asc, count, desc, eq } from 'drizzle-orm';
import { IMPORT_KIND_INFO, IMPORT_PREVIEW_REJECTED, IMPORT_PREVIEW_ROWS, satisfies, toCsv, type Access, type ImportAnswer, type ImportsAnswer, type ImportsQuery, type ImportSummary } from '@sm/shared';
import { importRows, imports, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

const SUMMARY = {
  importId: imports.id, kind: imports.kind, fileName: imports.fileName, format: imports.format, state: imports.state, createdBy: users.name, createdAt: imports.createdAt,
  finishedAt: imports.finishedAt, totalRows: imports.totalRows, toCreate: imports.toCreate, toUpdate: imports.toUpdate, rejectedRows: imports.rejectedRows,
  processedRows: imports.processedRows, createdRows: imports.createdRows, updatedRows: imports.updatedRows, error: imports.error,
};

type SummaryRow = Omit<ImportSummary, 'createdAt' | 'finishedAt'> & { createdAt: Date; finishedAt: Date | null };
const summaryOf = (r: SummaryRow): ImportSummary => ({ ...r, createdAt: r.createdAt.toISOString(), finishedAt: r.finishedAt?.toISOString() ?? null });

/** An import of the caller's company (another company's is a 404), and only for someone who may import its kind (403). */
export async function importFor(ctx: Ctx, access: Access, importId: number): Promise<ImportSummary> {
  const [row] = await ctx.db.select(SUMMARY).from(imports).innerJoin(users, eq(users.id, imports.createdBy)).where(ofTenant(imports, ctx, eq(imports.id, importId)));
  if (!row) throw notFound('Import');
  if (!satisfies(access, IMPORT_KIND_INFO[row.kind].access)) throw new AppError(403, `You don't have permission to import ${IMPORT_KIND_INFO[row.kind].plural}.`);
  return summaryOf(row);
}

/** An import with its preview: the rejected rows (the first ones; the report has them all) and the first rows to write. */
export async function importOf(ctx: Ctx, importId: number, summary?: ImportSummary): Promise<ImportAnswer> {
  let s = summary;
  if (!s) {
    const [row] = await ctx.db.select(SUMMARY).from(imports).innerJoin(users, eq(users.id, imports.createdBy)).where(ofTenant(imports, ctx, eq(imports.id, importId)));
    if (!row) throw notFound('Import');
    s = summaryOf(row);
  }
  const rejected = await ctx.db
    .select({ line: importRows.line, externalId: importRows.externalId, message: importRows.message })
    .from(importRows)
    .where(ofTenant(importRows, ctx, eq(importRows.importId, importId), eq(importRows.status, 'rejected')))
    .orderBy(asc(importRows.line))
    .limit(IMPORT_PREVIEW_REJECTED);
  const planned = await ctx.db
    .select({ line: importRows.line, action: importRows.action, externalId: importRows.externalId, name: importRows.name })
    .from(importRows)
    .where(ofTenant(importRows, ctx, eq(importRows.importId, importId), eq(importRows.status, 'valid')))
    .orderBy(asc(importRows.line))
    .limit(IMPORT_PREVIEW_ROWS);
  return {
    ...s,
    rejected: rejected.map((r) => ({ ...r, message: r.message ?? '' })),
    planned: planned.map((r) => ({ line: r.line, action: r.action ?? 'create', externalId: r.externalId ?? '', name: r.name ?? '' })),
  };
}

/** `GET Imports/{importId}`: the import's state, counts, progress and preview. */
export async function getImport(ctx: Ctx, access: Access, importId: number): Promise<ImportAnswer> {
  return importOf(ctx, importId, await importFor(ctx, access, importId));
}

/** `GET Imports`: the company's imports, newest first (the history page). */
export async function listImports(ctx: Ctx, query: ImportsQuery): Promise<ImportsAnswer> {
  const rows = await ctx.db
    .select(SUMMARY)
    .from(imports)
    .innerJoin(users, eq(users.id, imports.createdBy))
    .where(ofTenant(imports, ctx))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(query.take)
    .offset(query.skip);
  const [{ total }] = await ctx.db.select({ total: count() }).from(imports).where(ofTenant(imports, ctx));
  return { data: rows.map(summaryOf), total };
}

/**
 * `GET Imports/{importId}/rejected.csv`: every row that was not written (refused at the preview or while writing),
 * with its line and sentence, then its cells as the file had them. Cells a spreadsheet would run as formulas are
 * defused by the shared CSV writer.
 */
export async function rejectedCsv(ctx: Ctx, access: Access, importId: number): Promise<{ fileName: string; csv: string }> {
  const s = await importFor(ctx, access, importId);
  const [meta] = await ctx.db.select({ header: imports.header }).from(imports).where(ofTenant(imports, ctx, and(eq(imports.id, importId))));
  const rows = await ctx.db
    .select({ line: importRows.line, message: importRows.message, cells: importRows.cells })
    .from(importRows)
    .where(ofTenant(importRows, ctx, eq(importRows.importId, importId), eq(importRows.status, 'rejected')))
    .orderBy(asc(importRows.line));
  const base = s.fileName.replace(/\.[^.]*$/, '');
  return { fileName: `${base}-rejected.csv`, csv: toCsv([['Line', 'Error', ...meta.header], ...rows.map((r) => [r.line, r.message ?? '', ...r.cells])]) };
}
