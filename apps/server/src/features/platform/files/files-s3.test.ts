import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { workOrdersOf } from '../../office/work-order-items/item-fixtures';
import { namesIn, picture, upload } from './file-fixtures';
import { photosOfAWorkOrder } from './file-scenario';
import { s3Store } from './storage/s3-store';
import type { FileStore } from './storage/file-store';

let s3: S3rver;
let store: FileStore;
let t: TestApp;
let mine: number;
beforeAll(async () => {
  // An S3-compatible server on a free port, with a private bucket, as the product would meet one in production.
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 'sm-s3-')), configureBuckets: [{ name: 'sm-files', configs: [] }] });
  const address = (await s3.run()) as unknown as AddressInfo;
  store = s3Store({ endpoint: `http://127.0.0.1:${address.port}`, bucket: 'sm-files', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
  t = await createTestApp({ files: store });
  [{ id: mine }] = await workOrdersOf(t, 'tech');
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('file store on an S3-compatible server', () => {
  it('keeps a work order\'s photos: upload, thumbnails, rename keeping the extension, delete', async () => {
    const { folder } = await photosOfAWorkOrder(t, mine);
    const keys = (await store.list(`${(await workOrdersOf(t, 'tech'))[0]!.subscriberId}/${folder}/`)).map((o) => o.key);
    expect(keys).toEqual([expect.stringMatching(/\/workOrders\/\d+\/Condenser coil\.jpg$/)]);
  });

  it('refuses a lying file and writes nothing to the bucket', async () => {
    const folder = `workOrders/${mine}`;
    const before = await namesIn(t, 'tech', folder);
    const res = await upload(t, 'tech', folder, [{ name: 'ok.png', content: await picture('png', 10, 10) }, { name: 'fake.jpg', content: Buffer.from('GIF89a') }]);
    expect(res.statusCode).toBe(400);
    // Names that could mean something else than a file of the folder never reach the bucket.
    for (const name of ['..', '.', 'a\\b', '../x.png']) {
      expect((await t.call('POST', `/api/v1/Files/delete?folder=${folder}`, 'tech', { fileNames: [name] })).statusCode, name).toBe(404);
      expect((await t.call('POST', '/api/v1/Files/rename', 'tech', { folder, oldName: name, newName: 'y' })).statusCode, name).toBe(404);
      expect((await t.call('GET', `/api/v1/Files/getFileUrl?path=${encodeURIComponent(`${folder}/${name}`)}`, 'tech')).statusCode, name).toBeLessThan(500);
    }
    expect(await namesIn(t, 'tech', folder)).toEqual(before);
  });
});
