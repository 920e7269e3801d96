import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_MAX_BYTES } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { workOrdersOf } from '../../office/work-order-items/item-fixtures';
import { multipart, namesIn, picture, upload } from './file-fixtures';
import { photosOfAWorkOrder } from './file-scenario';
import { diskStore } from './storage/disk-store';

let t: TestApp;
let root: string;
let mine: number;
let notMine: number;
let coastalWo: number;
let subscriberId: number;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sm-files-test-'));
  t = await createTestApp({ files: diskStore(root) });
  const techs = await workOrdersOf(t, 'tech');
  mine = techs[0]!.id;
  subscriberId = techs[0]!.subscriberId;
  const others = await workOrdersOf(t, 'tech2');
  notMine = others.find((o) => !techs.some((m) => m.id === o.id))!.id;
  [{ id: coastalWo }] = await workOrdersOf(t, 'coastal.tech');
});
afterAll(() => t.close());

/** Every file under the store's root, so a refused request can be shown to have written nothing. */
function filesOnDisk(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length));
}

describe('file store on disk', () => {
  it('keeps a work order\'s photos: upload, thumbnails, rename keeping the extension, delete', async () => {
    const { folder } = await photosOfAWorkOrder(t, mine);
    expect(filesOnDisk().filter((f) => !f.includes('thumbnails'))).toEqual([`/${subscriberId}/${folder}/Condenser coil.jpg`]);
    // The thumbnail made under the old name went with the rename; the deleted file's with the delete.
    expect(filesOnDisk().filter((f) => f.includes('thumbnails'))).toEqual([]);
  });

  it('numbers a name already taken instead of replacing the earlier file', async () => {
    const folder = `workOrders/${mine}`;
    const png = await picture('png', 20, 20);
    await upload(t, 'tech', folder, [{ name: 'gauge.png', content: png }]);
    const again = await upload(t, 'tech', folder, [{ name: 'gauge.png', content: png }, { name: 'gauge.png', content: png }]);
    expect(again.json().map((f: { name: string }) => f.name)).toEqual(['gauge 2.png', 'gauge 3.png']);
    const single = await upload(t, 'tech', folder, [{ name: 'x.png', content: png }], 'Evaporator $fan!.png');
    expect(single.json()[0].name).toBe('Evaporator fan.png');
  });

  it('copies a folder, skipping names already there, and lists the thumbnails of a batch', async () => {
    const png = await picture('png', 30, 30);
    await upload(t, 'admin', `workOrders/${notMine}`, [{ name: 'before.png', content: png }, { name: 'notes.txt', content: Buffer.from('Compressor amps 11.2\n') }]);
    const copy = await t.call('GET', `/api/v1/Files/copyFolder?fromFolder=workOrders/${notMine}&toFolder=workOrders/${mine}`, 'dispatcher');
    expect(copy.json()).toEqual({ copied: 2 });
    expect((await t.call('GET', `/api/v1/Files/copyFolder?fromFolder=workOrders/${notMine}&toFolder=workOrders/${mine}`, 'dispatcher')).json()).toEqual({ copied: 0 });
    const thumbs = await t.call('POST', '/api/v1/Files/thumbnails', 'tech', { paths: [`workOrders/${mine}/before.png`, `workOrders/${mine}/notes.txt`] });
    expect(thumbs.json()).toEqual([{ path: `workOrders/${mine}/before.png`, url: expect.stringMatching(/^\/api\/v1\/Files\/content\?token=/) }, { path: `workOrders/${mine}/notes.txt`, url: null }]);
    const tooMany = await t.call('POST', '/api/v1/Files/thumbnails', 'tech', { paths: Array.from({ length: 26 }, (_, i) => `workOrders/${mine}/${i}.png`) });
    expect(tooMany.json().title).toBe('At most 25 thumbnails may be asked for at once.');
  });

  it('deletes through form fields (fileNames, path) as the contract says', async () => {
    const folder = `workOrders/${mine}`;
    const png = await picture('png', 10, 10);
    await upload(t, 'tech', folder, [{ name: 'a.png', content: png }, { name: 'b.png', content: png }]);
    const form = await multipart([], { fileNames: 'a.png', path: `${folder}/b.png` });
    const res = await t.call('POST', `/api/v1/Files/delete?folder=${folder}`, 'tech', undefined, { payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deleted).toEqual(['a.png', 'b.png']);
    expect(await namesIn(t, 'tech', folder)).not.toContain('a.png');
  });
});

describe('file store access', () => {
  it('hides another company\'s and an unassigned work order\'s files as missing, and asks write to change them', async () => {
    const png = await picture('png', 10, 10);
    expect((await upload(t, 'tech', `workOrders/${coastalWo}`, [{ name: 'a.png', content: png }])).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/Files/list?folder=workOrders/${coastalWo}`, 'admin')).statusCode).toBe(404);
    expect((await upload(t, 'tech', `workOrders/${notMine}`, [{ name: 'a.png', content: png }])).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/Files/getFileUrl?path=workOrders/${coastalWo}/a.png`, 'admin')).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/Files/copyFolder?fromFolder=workOrders/${coastalWo}&toFolder=workOrders/${mine}`, 'admin')).statusCode).toBe(404);
    // The customer-role user reads nothing of work orders' files he has no area for.
    expect((await upload(t, 'customer', `workOrders/${mine}`, [{ name: 'a.png', content: png }])).statusCode).toBeGreaterThanOrEqual(403);
    expect((await upload(t, null, `workOrders/${mine}`, [{ name: 'a.png', content: png }])).statusCode).toBe(401);
  });

  it('serves only addresses it signed, and not after they expire', async () => {
    const folder = `workOrders/${mine}`;
    await upload(t, 'tech', folder, [{ name: 'sig.png', content: await picture('png', 10, 10) }]);
    const { url } = (await t.call('GET', `/api/v1/Files/getFileUrl?path=${folder}/sig.png`, 'tech')).json();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const [body, mac] = url.split('token=').pop().split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, k: claims.k.replace(/^\d+/, '2') })).toString('base64url');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/Files/content?token=${forged}.${mac}` })).statusCode).toBe(404);
    const expired = Buffer.from(JSON.stringify({ ...claims, e: 1 })).toString('base64url');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/Files/content?token=${expired}.${mac}` })).statusCode).toBe(404);
  });

  it('lets the store token list folders and thumbnails, and nothing else', async () => {
    const tokens = (await t.call('GET', '/api/v1/Account/filesStorageAccessTokens', 'tech')).json();
    expect(tokens.fileStorageApiToken.token).toMatch(/^fst\./);
    const bearer = { authorization: `Bearer ${tokens.fileStorageApiToken.token}` };
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/Files/list?folder=workOrders/${mine}`, headers: bearer })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/Files/list?folder=workOrders/${notMine}`, headers: bearer })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/Files/getFileUrl?path=workOrders/${mine}/sig.png`, headers: bearer })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/WorkOrder/workOrderClasses', headers: bearer })).statusCode).toBe(401);
  });
});

describe('bad uploads and names change nothing', () => {
  it('refuses wrong types, content that lies about its type, empty and huge files, and path tricks', async () => {
    const folder = `workOrders/${mine}`;
    const before = filesOnDisk();
    const names = await namesIn(t, 'tech', folder);
    const png = await picture('png', 10, 10);
    const cases: [string, Awaited<ReturnType<typeof upload>>, number, string | RegExp][] = [
      ['script as jpg', await upload(t, 'tech', folder, [{ name: 'photo.jpg', content: Buffer.from('<script>alert(1)</script>') }]), 400, 'photo.jpg is not a jpg file: its content does not match its type.'],
      ['exe', await upload(t, 'tech', folder, [{ name: 'setup.exe', content: Buffer.from('MZ\x90\x00') }]), 400, /only jpeg, jpg, png, heic, pdf/],
      ['pdf that is a png', await upload(t, 'tech', folder, [{ name: 'report.pdf', content: png }]), 400, /is not a pdf file/],
      ['empty file', await upload(t, 'tech', folder, [{ name: 'empty.png', content: Buffer.alloc(0) }]), 400, /is not a png file/],
      ['one good, one bad', await upload(t, 'tech', folder, [{ name: 'good.png', content: png }, { name: 'bad.png', content: Buffer.from('nope') }]), 400, /bad.png is not a png file/],
      ['too large', await upload(t, 'tech', folder, [{ name: 'big.png', content: Buffer.concat([png, Buffer.alloc(FILE_MAX_BYTES)]) }]), 413, 'The file is too large: files may be at most 25 MB.'],
      ['no files', await upload(t, 'tech', folder, []), 400, 'Choose a file to upload.'],
      ['wrong field', await upload(t, 'tech', folder, [{ name: 'a.png', content: png, field: 'photo' }]), 400, 'Send the files in the field "files".'],
      ['dots only', await upload(t, 'tech', folder, [{ name: '..', content: png }]), 400, /File name is required/],
      ['climbing name', await upload(t, 'tech', folder, [{ name: 'a.png', content: png }], '../../etc/passwd'), 400, /File name is required/],
      ['climbing folder', await upload(t, 'tech', `workOrders/${mine}/../..`, [{ name: 'a.png', content: png }]), 400, /Folder must be/],
      ['absolute folder', await upload(t, 'tech', '/etc', [{ name: 'a.png', content: png }]), 400, /Folder must be/],
      ['encoded slash', await upload(t, 'tech', `workOrders%2F${mine}`, [{ name: 'a.png', content: png }]), 400, /Folder must be/],
      ['backslash', await upload(t, 'tech', `workOrders\\${mine}`, [{ name: 'a.png', content: png }]), 400, /Folder must be/],
      ['unknown folder', await upload(t, 'tech', 'subscribers/1', [{ name: 'a.png', content: png }]), 400, /Folder must be/],
    ];
    for (const [what, res, status, title] of cases) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      if (typeof title === 'string') expect(res.json().title, what).toBe(title);
      else expect(res.json().title, what).toMatch(title);
    }
    const notMultipart = await t.call('POST', `/api/v1/Files/upload?folder=${folder}`, 'tech', { files: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    expect(await namesIn(t, 'tech', folder)).toEqual(names);
    expect(filesOnDisk()).toEqual(before);
  });

  it('renames and deletes only real files of the folder, with the spec\'s sentences', async () => {
    const folder = `workOrders/${mine}`;
    await upload(t, 'tech', folder, [{ name: 'keep.png', content: await picture('png', 10, 10) }]);
    const before = filesOnDisk();
    const rename = (oldName: string, newName: string) => t.call('POST', '/api/v1/Files/rename', 'tech', { folder, oldName, newName });
    expect((await rename('keep.png', '   ')).json().title).toBe('Please Enter New Name.');
    expect((await rename('keep.png', '$$$')).json().title).toBe('Please Enter New Name.');
    expect((await rename('../keep.png', 'x')).json().title).toBe('Renaming File Failed! The file ../keep.png was not found.');
    expect((await rename('missing.png', 'x')).statusCode).toBe(404);
    await upload(t, 'tech', folder, [{ name: 'other.png', content: await picture('png', 10, 10) }]);
    expect((await rename('other.png', 'keep')).json().title).toBe('Renaming File Failed! A file named keep.png is already in this folder.');
    const del = (body: unknown) => t.call('POST', `/api/v1/Files/delete?folder=${folder}`, 'tech', body);
    expect((await del({ fileNames: ['keep.png', 'missing.png'] })).json().title).toBe('The file missing.png was not found.');
    expect((await del({ fileNames: ['../../keep.png'] })).statusCode).toBe(404);
    expect((await del({ path: `workOrders/${notMine}/before.png` })).json().title).toBe('Path must be a file of the folder.');
    expect((await del({})).json().title).toBe('File names are required!');
    expect(filesOnDisk().filter((f) => !before.includes(f))).toEqual([expect.stringContaining('other.png')]);
    expect(await namesIn(t, 'tech', folder)).toContain('keep.png');
  });
});
