import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { JS_BUDGET } from './size-budget';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files the server sends compressed; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** How many of the largest files the size table lists (the sign-in total counts them all). */
const LISTED = 15;

interface Sizes {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

/** Writes `file.br` (brotli, best) and `file.gz` (gzip, best) beside `file`, and answers the three sizes. */
async function compressFile(dir: string, path: string): Promise<Sizes> {
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
  return { file: relative(dir, path).split('\\').join('/'), raw: content.length, gzip: gz.length, brotli: br.length };
}

/** The scripts and styles index.html loads before anything else: the entry, its preloads and its CSS. */
function loadedByIndex(html: string): Set<string> {
  return new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1).padStart(8);

function row(name: string, s: Omit<Sizes, 'file'>, width: number): string {
  return `  ${name.padEnd(width)} ${kB(s.raw)} ${kB(s.gzip)} ${kB(s.brotli)}`;
}

function sum(list: Sizes[]): Omit<Sizes, 'file'> {
  return list.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip, brotli: t.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
}

/** The size table printed at the end of the build: the largest files, the sign-in page's scripts, everything. */
function sizeTable(sizes: Sizes[], signIn: Set<string>): string {
  const byRaw = [...sizes].sort((a, b) => b.raw - a.raw);
  const width = Math.max(30, ...byRaw.slice(0, LISTED).map((s) => s.file.length));
  const signInJs = sizes.filter((s) => signIn.has(s.file) && s.file.endsWith('.js'));
  const signInTotal = sum(signInJs);
  const over = signInTotal.brotli > JS_BUDGET.signInBytes ? '  OVER BUDGET' : '';
  const lines = [
    `Compressed copies written beside each file (.br, .gz). Sizes in kB (1 kB = 1,000 bytes):`,
    `  ${'file'.padEnd(width)} ${'raw'.padStart(8)} ${'gzip'.padStart(8)} ${'brotli'.padStart(8)}`,
    ...byRaw.slice(0, LISTED).map((s) => row(s.file, s, width)),
  ];
  if (byRaw.length > LISTED) lines.push(`  ... and ${byRaw.length - LISTED} smaller files`);
  lines.push(`${row(`sign-in page JavaScript (${signInJs.length} files)`, signInTotal, width)}   budget ${JS_BUDGET.signInBytes / 1000} kB brotli${over}`);
  lines.push(row(`all files (${sizes.length})`, sum(sizes), width));
  return `\n${lines.join('\n')}\n`;
}

/**
 * Compresses the build at build time, once and at the best levels, so the server sends `.br` or `.gz` copies by
 * content negotiation and never compresses a file per request; prints raw, gzip and brotli sizes at the end.
 */
export function compressedAssets(): Plugin {
  let log: (message: string) => void = console.log;
  let dir = '';
  return {
    name: 'sm-compressed-assets',
    apply: 'build',
    configResolved(config) {
      log = (message) => config.logger.info(message);
      dir = resolve(config.root, config.build.outDir);
    },
    // After the bundle is written and Vite has listed it, so the table closes the build's output.
    async closeBundle() {
      const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
      const sizes = await Promise.all(files.map((f) => compressFile(dir, f)));
      const indexHtml = join(dir, 'index.html');
      const html = (await stat(indexHtml).catch(() => null)) ? await readFile(indexHtml, 'utf8') : '';
      const loaded = loadedByIndex(html);
      const missing = [...loaded].filter((file) => !sizes.some((s) => s.file === file));
      if (missing.length > 0) throw new Error(`index.html loads files the build did not write: ${missing.join(', ')}`);
      log(sizeTable(sizes, loaded));
    },
  };
}
