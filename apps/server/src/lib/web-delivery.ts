import { relative, resolve, sep } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: below about a kilobyte compressing costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

/** Built files under /assets carry a content hash in their names: a new build gives new names, never new bytes. */
export const IMMUTABLE_ASSET_CACHE = 'public, max-age=31536000, immutable';

/** index.html and the other unhashed files: kept, but checked with the server (ETag) before each use. */
export const REVALIDATED_CACHE = 'no-cache';

/**
 * What is worth compressing: text, JSON (problem documents too), JavaScript, CSS, SVG and XML. Images, PDFs and
 * other files are compressed already, and an event stream must reach the browser event by event.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|^application\/javascript|^image\/svg\+xml/;

/**
 * Compresses answers above `COMPRESSION_THRESHOLD` with brotli or gzip, as the client accepts, on every route
 * registered after it: technicians work over mobile networks. Request bodies are not decompressed (no client
 * sends them compressed, and a compressed body could expand far past the body limit).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}

/**
 * Serves the built web app from `webDist`. The build writes a brotli and a gzip copy beside each file, sent by the
 * request's Accept-Encoding (with `Vary: Accept-Encoding`) so nothing is compressed per request. Hashed files under
 * /assets are cached for a year as immutable; index.html is revalidated on each load, so a new build shows at once.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const root = resolve(webDist);
  const isHashedAsset = (file: string) => relative(root, resolve(file)).split(sep)[0] === 'assets';
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', isHashedAsset(file) ? IMMUTABLE_ASSET_CACHE : REVALIDATED_CACHE);
    },
  });
}
