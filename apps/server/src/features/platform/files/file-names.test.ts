import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_NAME_CONTROL_MESSAGE, MAX_FILE_NAME_BYTES } from '@sm/shared';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { workOrdersOf } from '../../office/work-order-items/item-fixtures';
import { namesIn, upload } from './file-fixtures';
import { diskStore } from './storage/disk-store';
import type { FileStore } from './storage/file-store';
import { s3Store } from './storage/s3-store';

/**
 * File names from every script over real HTTP, on both storage back ends: what is uploaded comes back under the same
 * name in the download's Content-Disposition (RFC 6266 `filename*`), and a name with a control character is refused
 * with a sentence and stores nothing.
 */

/** The name a browser saves a download under: `filename*` (UTF-8, percent-encoded) when given, else `filename`. */
function downloadName(header: string | undefined): string {
  expect(header).toBeDefined();
  const extended = /(?:^|;)\s*filename\*=UTF-8''([^;\s]+)/i.exec(header!);
  if (extended) return decodeURIComponent(extended[1]!);
  return /(?:^|;)\s*filename="([^"]*)"/.exec(header!)![1]!;
}

/** The plain `filename` parameter every client understands: printable ASCII only. */
const fallbackOf = (header: string) => /(?:^|;)\s*filename="([^"]*)"/.exec(header)?.[1];

const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`);

/** A multipart body written by hand, so that the part's Content-Disposition says exactly what a test needs. */
function rawUpload(t: TestApp, folder: string, disposition: string, content: Buffer) {
  const boundary = '----sm-names-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.call('POST', `/api/v1/Files/upload?folder=${encodeURIComponent(folder)}`, 'tech', undefined, {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

interface Driver {
  name: string;
  open(): Promise<{ store: FileStore; close(): Promise<void> }>;
}

const drivers: Driver[] = [
  { name: 'disk', open: async () => ({ store: diskStore(mkdtempSync(join(tmpdir(), 'sm-names-disk-'))), close: async () => undefined }) },
  {
    name: 'S3',
    open: async () => {
      const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 'sm-names-s3-')), configureBuckets: [{ name: 'sm-files', configs: [] }] });
      const address = (await s3.run()) as unknown as AddressInfo;
      const store = s3Store({ endpoint: `http://127.0.0.1:${address.port}`, bucket: 'sm-files', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
      return { store, close: () => s3.close() };
    },
  },
];

describe.each(drivers)('file names on the $name store', (driver) => {
  let t: TestApp;
  let closeStore: () => Promise<void>;
  let folder: string;
  beforeAll(async () => {
    const opened = await driver.open();
    closeStore = opened.close;
    t = await createTestApp({ files: opened.store });
    folder = `workOrders/${(await workOrdersOf(t, 'tech'))[0]!.id}`;
  });
  afterAll(async () => {
    await t.close();
    await closeStore();
  });

  /** Uploads one PDF under a name and downloads it through its signed address: the stored name and what came back. */
  async function roundTrip(uploadName: string, fileName?: string) {
    const content = pdf(uploadName);
    const up = await upload(t, 'tech', folder, [{ name: uploadName, content }], fileName);
    expect(up.statusCode, up.body).toBe(200);
    const stored: string = up.json()[0].name;
    const link = await t.call('GET', `/api/v1/Files/getFileUrl?path=${encodeURIComponent(`${folder}/${stored}`)}`, 'dispatcher');
    expect(link.statusCode, link.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(res.statusCode, res.body).toBe(200);
    expect(Buffer.compare(res.rawPayload, content)).toBe(0);
    const header = res.headers['content-disposition'] as string;
    expect(header).toMatch(/^inline; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    return { stored, header, downloaded: downloadName(header) };
  }

  it('keeps Cyrillic, Chinese and other non-Latin names and sends them back as filename*', async () => {
    for (const name of ['Отчёт.pdf', '報告.pdf', 'تقرير الصيانة.pdf', 'रिपोर्ट.pdf', 'Café Señor.pdf']) {
      const { stored, downloaded, header } = await roundTrip(name);
      expect(stored, name).toBe(name);
      expect(downloaded, name).toBe(name);
      expect(fallbackOf(header), name).toMatch(/\.pdf$/);
    }
    expect(fallbackOf((await roundTrip('Café Señor 2.pdf')).header)).toBe('Cafe Senor 2.pdf');
    expect(await namesIn(t, 'tech', folder)).toEqual(expect.arrayContaining(['Отчёт.pdf', '報告.pdf']));
    // A rename between scripts copies the object under its new key (S3: an encoded CopySource) and serves it by that name.
    const renamed = await t.call('POST', '/api/v1/Files/rename', 'dispatcher', { folder, oldName: 'تقرير الصيانة.pdf', newName: 'Отчёт ремонт' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().file.name).toBe('Отчёт ремонт.pdf');
    const link = await t.call('GET', `/api/v1/Files/getFileUrl?path=${encodeURIComponent(`${folder}/Отчёт ремонт.pdf`)}`, 'dispatcher');
    const res = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(res.body).toContain('تقرير الصيانة.pdf');
    expect(downloadName(res.headers['content-disposition'] as string)).toBe('Отчёт ремонт.pdf');
    expect(await namesIn(t, 'tech', folder)).not.toContain('تقرير الصيانة.pdf');
  });

  it('keeps the letters of a name with emoji or direction marks, and drops the marks themselves', async () => {
    // Spec 5.4: a name keeps letters, digits, underscores, spaces and dots; emoji and invisible marks are not kept.
    expect(await roundTrip('📄 Отчёт 🔥.pdf')).toMatchObject({ stored: 'Отчёт 2.pdf', downloaded: 'Отчёт 2.pdf' });
    expect(await roundTrip('\u200Fדוח שירות.pdf')).toMatchObject({ stored: 'דוח שירות.pdf', downloaded: 'דוח שירות.pdf' });
    // A right-to-left override that would show "invoicefdp.exe" as "invoiceexe.pdf" is dropped, so the real order shows.
    expect(await roundTrip('invoice\u202Efdp.pdf')).toMatchObject({ stored: 'invoicefdp.pdf', downloaded: 'invoicefdp.pdf' });
  });

  it('shortens a name longer than the store keeps, on a whole character, keeping its extension', async () => {
    const long = `${'Отчёт о проверке холодильной камеры '.repeat(8)}.pdf`;
    expect(Buffer.byteLength(long)).toBeGreaterThan(255);
    const { stored, downloaded } = await roundTrip(long);
    expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(stored.endsWith('.pdf')).toBe(true);
    expect(long.startsWith(stored.slice(0, -'.pdf'.length))).toBe(true);
    expect(stored).not.toMatch(/\uFFFD|\s\.pdf$/);
    expect(downloaded).toBe(stored);

    const chinese = await roundTrip(`${'報告'.repeat(120)}.pdf`);
    expect(chinese.stored).toBe(`${'報告'.repeat(32)}報.pdf`);
    expect(Buffer.byteLength(chinese.stored)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(chinese.downloaded).toBe(chinese.stored);

    expect((await roundTrip(`${'a'.repeat(300)}.pdf`)).stored).toBe(`${'a'.repeat(MAX_FILE_NAME_BYTES - 4)}.pdf`);
    // The name given with `fileName` (at most 200 characters by its schema) is shortened the same way.
    expect((await roundTrip('x.pdf', `${'Ж'.repeat(150)}.pdf`)).stored).toBe(`${'Ж'.repeat((MAX_FILE_NAME_BYTES - 4) / 2)}.pdf`);
  });

  it('refuses a name with a line break or another control character with a sentence, and stores nothing', async () => {
    const before = await namesIn(t, 'tech', folder);
    for (const bad of ['Report\n2026.pdf', 'Report\r.pdf', 'tab\there.pdf', 'bell\u0007.pdf', 'del\u007f.pdf', 'next\u0085line.pdf', 'para\u2029graph.pdf']) {
      const res = await upload(t, 'tech', folder, [{ name: 'fine.pdf', content: pdf('x') }], bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().title, JSON.stringify(bad)).toBe(FILE_NAME_CONTROL_MESSAGE);
    }
    // The same names in the multipart part itself (RFC 5987 `filename*`, as some clients send them).
    for (const encoded of ['bell%07.pdf', 'del%7F.pdf', 'tab%09here.pdf', 'next%C2%85line.pdf']) {
      const res = await rawUpload(t, folder, `filename*=UTF-8''${encoded}`, pdf('x'));
      expect(res.statusCode, encoded).toBe(400);
      expect(res.json().title, encoded).toBe(FILE_NAME_CONTROL_MESSAGE);
    }
    // A line break in the part's name: the multipart reader drops such a part, so there is no file to store.
    const lineBreak = await rawUpload(t, folder, `filename*=UTF-8''Report%0A2026.pdf`, pdf('x'));
    expect(lineBreak.statusCode).toBe(400);
    // A rename to such a name is refused the same way.
    const rename = await t.call('POST', '/api/v1/Files/rename', 'tech', { folder, oldName: before[0], newName: 'two\nlines' });
    expect(rename.statusCode, rename.body).toBe(400);
    expect(rename.json().title).toBe(FILE_NAME_CONTROL_MESSAGE);
    expect(await namesIn(t, 'tech', folder)).toEqual(before);
  });

  it('refuses a rename longer than the store keeps, with a sentence', async () => {
    const [first] = await namesIn(t, 'tech', folder);
    const res = await t.call('POST', '/api/v1/Files/rename', 'tech', { folder, oldName: first, newName: 'Ж'.repeat(150) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().title).toMatch(/^File name is too long/);
    expect(await namesIn(t, 'tech', folder)).toContain(first);
  });
});
