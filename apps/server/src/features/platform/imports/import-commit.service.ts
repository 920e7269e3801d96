import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Access, ImportAnswer, ImportKind } from '@sm/shared';
import type { Db } from '../../../db/client';
import { importRows, imports, users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { errorText } from '../../../lib/error-log';
import { jsonRecords, preparedStatement } from '../../../lib/statement';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';
import { defineJob, scheduleJob, type ScheduledJob } from '../jobs/job-runner';
import { accessOf } from '../permissions/access-cache';
import { writeCustomers } from './import-customers.writer';
import { writeContacts, writeStandardItems, writeUsers } from './import-row.writers';
import type { BatchResult, StagedRow } from './import-writer-types';
import { importFor, importOf } from './imports-read.service';

export const IMPORT_JOB = 'import-batch';
/** Rows written by one job: one transaction, after which the progress shows them. */
export const COMMIT_BATCH = 1000;

/**
 * `POST Imports/{importId}/commit`: the previewed import is queued for the job runner, which writes it in batches.
 * Only once: a second commit, or one of an import already written, is a 409.
 */
export async function commitImport(ctx: Ctx, access: Access, importId: number, publicUrl: string): Promise<ImportAnswer> {
  const before = await importFor(ctx, access, importId);
  if (before.toCreate + before.toUpdate === 0) throw new AppError(400, 'Nothing to import: every row of the file was rejected. Correct the file and upload it again.');
  await ctx.db.transaction(async (tx) => {
    const [queued] = await tx
      .update(imports)
      .set({ state: 'queued', committedAt: ctx.now })
      .where(ofTenant(imports, ctx, eq(imports.id, importId), eq(imports.state, 'previewed')))
      .returning({ id: imports.id });
    if (!queued) throw new AppError(409, 'This import was already started; its progress is shown on the import.');
    await scheduleJob(tx, { kind: IMPORT_JOB, runAt: ctx.now, subscriberId: ctx.actor.subscriberId, payload: { importId, afterLine: 0, publicUrl } });
    await recordAudit(tx, ctx, { entity: 'import', entityId: importId, action: 'commit' });
  });
  return importOf(ctx, importId);
}

async function writeBatch(tx: Tx, ctx: Ctx, kind: ImportKind, rows: StagedRow[], publicUrl: string): Promise<BatchResult> {
  switch (kind) {
    case 'customers':
      return writeCustomers(tx, ctx, rows);
    case 'contacts':
      return writeContacts(tx, ctx, rows);
    case 'users': {
      const access = await accessOf(tx as unknown as Db, ctx.actor.subscriberId, ctx.actor.userId);
      if (!access) throw new AppError(403, 'The user who started this import can no longer sign in, so it was stopped.');
      return writeUsers(tx, ctx, rows, access, publicUrl);
    }
    case 'standardItems':
      return writeStandardItems(tx, ctx, rows);
  }
}

/** The rows a batch refused while writing, turned rejected with their sentences, in one statement. */
const rejectImportRows = preparedStatement(
  'import_reject_rows',
  () => sql`update ${importRows} as r set status = 'rejected', message = x.message
      from ${jsonRecords('x(line int, message text)')}
     where r.import_id = ${sql.placeholder('importId')}::int and r.line = x.line`,
);

/**
 * One batch of an import, as a job: the next rows after `afterLine`, written in the job's transaction with the
 * import's counts, then the next batch queued, or the import marked done. A batch that fails as a whole (the
 * database refused it) marks the import failed with the database's words, and nothing of that batch is written.
 */
async function runImportBatch(tx: Tx, job: ScheduledJob) {
  const importId = Number(job.payload.importId);
  const afterLine = Number(job.payload.afterLine);
  const publicUrl = String(job.payload.publicUrl ?? '');
  const [imp] = await tx.select().from(imports).where(eq(imports.id, importId)).for('update');
  if (!imp || (imp.state !== 'queued' && imp.state !== 'running')) return;
  // A large file's rows came in at once, which the table's statistics do not know yet: read again before the first
  // batch, they let each batch (and each look at the progress) read its rows through the index in line order instead
  // of sorting every row of the import.
  if (afterLine === 0 && imp.totalRows >= COMMIT_BATCH) await tx.execute(sql`analyze ${importRows} (import_id, status, line)`);
  const [who] = await tx.select({ userName: users.userName }).from(users).where(eq(users.id, imp.createdBy));
  const ctx: Ctx = { db: tx as unknown as Db, actor: { userId: imp.createdBy, subscriberId: imp.subscriberId, userName: who?.userName ?? '' }, now: new Date() };
  const rows = await tx
    .select({ line: importRows.line, externalId: importRows.externalId, data: importRows.data })
    .from(importRows)
    .where(and(eq(importRows.importId, importId), eq(importRows.status, 'valid'), gt(importRows.line, afterLine)))
    .orderBy(asc(importRows.line))
    .limit(COMMIT_BATCH);
  let result: BatchResult;
  try {
    result = await tx.transaction((sp) => writeBatch(sp, ctx, imp.kind, rows.map((r) => ({ ...r, data: r.data ?? {} })), publicUrl));
  } catch (e) {
    await tx.update(imports).set({ state: 'failed', error: e instanceof AppError ? e.message : `The import stopped at line ${rows[0]?.line ?? afterLine}: ${errorText(e)}`, finishedAt: ctx.now }).where(eq(imports.id, importId));
    return;
  }
  if (result.rejected.length) await rejectImportRows(tx, { importId, rows: JSON.stringify(result.rejected) });
  const isLast = rows.length < COMMIT_BATCH;
  const [after] = await tx
    .update(imports)
    .set({
      state: isLast ? 'done' : 'running',
      processedRows: sql`${imports.processedRows} + ${rows.length}`,
      createdRows: sql`${imports.createdRows} + ${result.created}`,
      updatedRows: sql`${imports.updatedRows} + ${result.updated}`,
      rejectedRows: sql`${imports.rejectedRows} + ${result.rejected.length}`,
      ...(isLast ? { finishedAt: ctx.now } : {}),
    })
    .where(eq(imports.id, importId))
    .returning();
  if (isLast) {
    await recordAudit(tx, ctx, { entity: 'import', entityId: importId, action: 'done', after: { created: after.createdRows, updated: after.updatedRows, rejected: after.rejectedRows } });
  } else {
    await scheduleJob(tx, { kind: IMPORT_JOB, runAt: new Date(), subscriberId: imp.subscriberId, payload: { importId, afterLine: rows[rows.length - 1].line, publicUrl } });
  }
}

defineJob(IMPORT_JOB, (tx, job) => runImportBatch(tx, job));
