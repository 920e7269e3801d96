import sharp from 'sharp';
import type { TestApp } from '../../../test/test-app';

/** A real photo-like picture of the given size and format, made with sharp. */
export function picture(format: 'png' | 'jpeg', width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })[format]().toBuffer();
}

/** A multipart body as a browser's FormData sends it: each file under the field `files` (or another field). */
export async function multipart(files: { name: string; content: Buffer; field?: string }[], fields: Record<string, string | string[]> = {}) {
  const form = new FormData();
  for (const f of files) form.append(f.field ?? 'files', new Blob([new Uint8Array(f.content)]), f.name);
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** Uploads files into a folder through the API, as a user. */
export async function upload(t: TestApp, as: string | null, folder: string, files: { name: string; content: Buffer; field?: string }[], fileName?: string) {
  const body = await multipart(files);
  const query = new URLSearchParams({ folder, ...(fileName === undefined ? {} : { fileName }) });
  return t.call('POST', `/api/v1/Files/upload?${query}`, as, undefined, { payload: body.payload, headers: body.headers });
}

/** The names in a folder, as a user lists them. */
export async function namesIn(t: TestApp, as: string, folder: string): Promise<string[]> {
  const res = await t.call('GET', `/api/v1/Files/list?folder=${encodeURIComponent(folder)}`, as);
  if (res.statusCode !== 200) throw new Error(`list ${folder}: ${res.statusCode} ${res.body}`);
  return res.json().map((f: { name: string }) => f.name);
}
