import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, TEST_SECRET, type TestApp } from '../test/test-app';
import { COMPRESSION_THRESHOLD, IMMUTABLE_ASSET_CACHE, REVALIDATED_CACHE } from './web-delivery';

const SCRIPT = '/assets/index-Ab12Cd34.js';
const HTML = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body></body></html>';

/** A built web app as the build leaves it: each file with its brotli and gzip copies beside it. */
function writeDist(dir: string) {
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = { 'index.html': HTML, [SCRIPT.slice(1)]: `console.log(${JSON.stringify('x'.repeat(4000))});` };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
}

describe('compressed answers and cached files', () => {
  let t: TestApp;
  let web: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    t = await createTestApp();
    dist = mkdtempSync(join(tmpdir(), 'sm-dist-'));
    writeDist(dist);
    web = await buildApp({ db: t.db, jwtSecret: TEST_SECRET, webDist: dist });
    await web.ready();
  });

  afterAll(async () => {
    await web?.close();
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const listBody = { take: 25, skip: 0 };

  it('compresses an API answer above the threshold with what the client accepts, and says it varies', async () => {
    const plain = await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', listBody);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', listBody, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-security-policy']).toContain("default-src 'self'");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', listBody, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('sends answers below the threshold as they are', async () => {
    const small = await t.call('POST', '/api/v1/Account/validateUser', 'tech', undefined, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('does not decompress request bodies: a compressed body is refused, not expanded', async () => {
    const res = await t.call('POST', '/api/v1/Account/login', null, undefined, {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ userName: 'tech', password: 'demo1234' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('serves a hashed file pre-compressed by Accept-Encoding, cached for a year as immutable', async () => {
    for (const [accepted, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], [undefined, undefined]] as const) {
      const res = await web.inject({ method: 'GET', url: SCRIPT, headers: accepted ? { 'accept-encoding': accepted } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe(IMMUTABLE_ASSET_CACHE);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('has index.html revalidated on every load, at every page address', async () => {
    for (const url of ['/', '/index.html', '/login', '/workOrder/mine']) {
      const res = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATED_CACHE);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(HTML);
    }
  });

  it('answers an unknown API address with a problem document, not the page', async () => {
    const res = await web.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE_ASSET_CACHE);
  });
});
