import { count } from 'drizzle-orm';
import { SIGNATURE_MAX_BYTES } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrderSignatures } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditCount, dataUrlOf, pngOf, workOrdersOf } from './item-fixtures';
import { signaturePngOf } from './signature-png';

let t: TestApp;
let mine: number;
let coastalWo: number;
beforeAll(async () => {
  t = await createTestApp();
  [{ id: mine }] = await workOrdersOf(t, 'tech');
  [{ id: coastalWo }] = await workOrdersOf(t, 'coastal.tech');
});
afterAll(() => t.close());

const sign = (as: string, body: Record<string, unknown>, workOrderId = mine) =>
  t.call('POST', `/api/v1/WorkOrder/${workOrderId}/signature`, as, { signerName: 'Dana Customer', png: dataUrlOf(pngOf(300, 200)), ...body });
const latest = (as: string, workOrderId = mine) => t.call('GET', `/api/v1/WorkOrder/${workOrderId}/signature`, as);
const signatureCount = async () => (await t.db.select({ n: count() }).from(workOrderSignatures))[0].n;

describe('the PNG check', () => {
  it('accepts a 300x200 PNG and answers its base64', () => {
    const png = pngOf(300, 200);
    expect(signaturePngOf(dataUrlOf(png))).toBe(png.toString('base64'));
    expect(signaturePngOf(`DATA:IMAGE/PNG;BASE64,${png.toString('base64')}`)).toBe(png.toString('base64'));
  });

  it('refuses with a sentence what is not one', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(40)]);
    const cases: [string, string][] = [
      ['hello', 'The signature must be a PNG image sent as data:image/png;base64,…'],
      [`data:image/jpeg;base64,${jpeg.toString('base64')}`, 'The signature must be a PNG image sent as data:image/png;base64,…'],
      ['data:image/png;base64,@@@@', 'The signature is not valid base64.'],
      ['data:image/png;base64,', 'The signature is not valid base64.'],
      [`data:image/png;base64,${jpeg.toString('base64')}`, 'The signature is not a PNG image.'],
      [dataUrlOf(pngOf(300, 200).subarray(0, 20)), 'The signature is not a PNG image.'],
      [dataUrlOf(pngOf(600, 400)), 'The signature must be 300 x 200 pixels; this one is 600 x 400.'],
      [dataUrlOf(pngOf(200, 300)), 'The signature must be 300 x 200 pixels; this one is 200 x 300.'],
      [dataUrlOf(pngOf(300, 200, SIGNATURE_MAX_BYTES + 1)), 'The signature must be at most 300 KB.'],
    ];
    for (const [url, sentence] of cases) expect(() => signaturePngOf(url), url.slice(0, 40)).toThrow(sentence);
  });
});

describe('the signature of a work order', () => {
  it('answers null while nobody has signed', async () => {
    const res = await latest('tech');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('refuses a wrong size, something else than a PNG, and a PNG over 300 KB, writing nothing', async () => {
    const before = await signatureCount();
    const wrongSize = await sign('tech', { png: dataUrlOf(pngOf(301, 200)) });
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().title).toBe('The signature must be 300 x 200 pixels; this one is 301 x 200.');
    const notPng = await sign('tech', { png: `data:image/png;base64,${Buffer.from('GIF89a, not a png at all, not at all').toString('base64')}` });
    expect(notPng.json().title).toBe('The signature is not a PNG image.');
    const tooBig = await sign('tech', { png: dataUrlOf(pngOf(300, 200, SIGNATURE_MAX_BYTES + 1)) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().title).toBe('The signature must be at most 300 KB.');
    expect((await sign('tech', { png: 'x'.repeat(700_000) })).json().title).toBe('The signature must be at most 300 KB.');
    expect((await sign('tech', { signerName: '  ' })).json().title).toBe('Signer Name field is required!');
    expect((await sign('tech', { png: undefined })).json().title).toBe('Signature field is required!');
    expect(await signatureCount()).toBe(before);
  });

  it('stores a signature, audits it, and answers the latest one', async () => {
    const first = await sign('tech', {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ signerName: 'Dana Customer', signedByName: expect.any(String), signedAt: expect.any(String) });
    expect(first.json().png).toBe(dataUrlOf(pngOf(300, 200)));
    const biggest = await sign('tech', { signerName: 'Sam Manager', png: dataUrlOf(pngOf(300, 200, SIGNATURE_MAX_BYTES)) });
    expect(biggest.statusCode, biggest.body).toBe(200);
    const res = await latest('dispatcher');
    expect(res.json()).toMatchObject({ signerName: 'Sam Manager' });
    expect(res.json().png.length).toBe('data:image/png;base64,'.length + 400_000);
    const [row] = await t.db.select({ id: workOrderSignatures.id }).from(workOrderSignatures).limit(1);
    expect(await auditCount(t, 'workOrderSignature', row.id)).toBe(1);
  });

  it("hides a technician's work order from another technician and another company (404)", async () => {
    const before = await signatureCount();
    for (const who of ['tech2', 'coastal.admin']) {
      expect((await latest(who)).statusCode, who).toBe(404);
      expect((await sign(who, {})).statusCode, who).toBe(404);
    }
    expect((await latest('admin', coastalWo)).statusCode).toBe(404);
    expect((await sign('admin', { png: 'not even a png' }, coastalWo)).statusCode).toBe(404);
    expect((await sign('sales', {})).statusCode).toBe(403);
    expect(await signatureCount()).toBe(before);
  });
});
