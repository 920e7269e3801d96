import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { namesIn, picture, upload } from './file-fixtures';

/**
 * The life of a work order's photos on one storage back end: a technician uploads two from the phone, the office
 * sees them with thumbnails, renames one (keeping its extension) and deletes the other; the signed addresses serve
 * the bytes without a session.
 */
export async function photosOfAWorkOrder(t: TestApp, workOrderId: number) {
  const folder = `workOrders/${workOrderId}`;
  const coil = await picture('jpeg', 1600, 1200);
  const plate = await picture('png', 800, 600);
  const up = await upload(t, 'tech', folder, [
    { name: 'IMG_0001.jpg', content: coil },
    { name: 'name plate.png', content: plate },
  ]);
  expect(up.statusCode, up.body).toBe(200);
  expect(up.json().map((f: { name: string }) => f.name)).toEqual(['IMG_0001.jpg', 'name plate.png']);

  const listed = (await t.call('GET', `/api/v1/Files/list?folder=${folder}`, 'dispatcher')).json();
  expect(listed).toHaveLength(2);
  expect(listed[0]).toMatchObject({ name: 'IMG_0001.jpg', path_display: `${folder}/IMG_0001.jpg`, isImage: true, size: coil.length, entityState: 'UNCHANGED', folderName: folder });

  // The thumbnail comes through its signed address, with no session, made small by the server.
  const thumb = await t.app.inject({ method: 'GET', url: listed[0].url });
  expect(thumb.statusCode).toBe(200);
  expect(thumb.headers['content-type']).toBe('image/jpeg');
  const meta = await sharp(thumb.rawPayload).metadata();
  expect(Math.max(meta.width!, meta.height!)).toBe(320);

  const url = (await t.call('GET', `/api/v1/Files/getFileUrl?path=${encodeURIComponent(`${folder}/name plate.png`)}`, 'dispatcher')).json();
  const original = await t.app.inject({ method: 'GET', url: url.url });
  expect(original.headers['content-type']).toBe('image/png');
  expect(Buffer.compare(original.rawPayload, plate)).toBe(0);

  const renamed = await t.call('POST', '/api/v1/Files/rename', 'dispatcher', { folder, oldName: 'IMG_0001.jpg', newName: 'Condenser coil' });
  expect(renamed.statusCode, renamed.body).toBe(200);
  expect(renamed.json().file.name).toBe('Condenser coil.jpg');
  const deleted = await t.call('POST', `/api/v1/Files/delete?folder=${folder}`, 'dispatcher', { fileNames: ['name plate.png'] });
  expect(deleted.json()).toEqual({ deleted: ['name plate.png'] });
  expect(await namesIn(t, 'tech', folder)).toEqual(['Condenser coil.jpg']);
  // The deleted file's address no longer serves it.
  expect((await t.app.inject({ method: 'GET', url: url.url })).statusCode).toBe(404);
  return { folder };
}
