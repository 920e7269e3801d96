import { expect } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { multipart } from '../files/file-fixtures';
import { runDueJobs } from '../jobs/job-runner';

/** A CSV file of the given lines, as a spreadsheet saves it. */
export const lines = (...rows: string[]) => Buffer.from(rows.map((r) => `${r}\r\n`).join(''));

/** Uploads a file to import, as a user: the preview, nothing written yet. */
export async function uploadImport(t: TestApp, kind: string, name: string, content: Buffer, as = 'admin') {
  const body = await multipart([{ name, content, field: 'file' }]);
  return t.call('POST', `/api/v1/Imports/${kind}`, as, undefined, { payload: body.payload, headers: body.headers });
}

/** Uploads, checks the preview, commits and runs the job runner until the import is written. */
export async function importFile(t: TestApp, kind: string, name: string, content: Buffer) {
  const staged = await uploadImport(t, kind, name, content);
  expect(staged.statusCode, staged.body).toBe(200);
  const commit = await t.call('POST', `/api/v1/Imports/${staged.json().importId}/commit`, 'admin');
  expect(commit.statusCode, commit.body).toBe(200);
  await runDueJobs(t.db);
  const done = await t.call('GET', `/api/v1/Imports/${staged.json().importId}`, 'admin');
  return { preview: staged.json(), done: done.json() };
}
