/** What the first bytes of a file say it is. */
type Sniffed = 'jpeg' | 'png' | 'heic' | 'pdf' | 'zip' | 'ole' | 'text' | 'unknown';

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** Text: valid UTF-8 with no NUL byte and few control characters, judged on the first 8 kB. */
function looksLikeText(buf: Buffer): boolean {
  const head = buf.subarray(0, 8192);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length < buf.length ? head.subarray(0, lastCompleteChar(head)) : head);
  } catch {
    return false;
  }
  let control = 0;
  for (const b of head) if (b < 9 || (b > 13 && b < 32)) control++;
  return control <= head.length / 100;
}

/** The length of a UTF-8 prefix that does not cut a character in two. */
function lastCompleteChar(head: Buffer): number {
  let end = head.length;
  for (let i = head.length - 1; i >= Math.max(0, head.length - 4); i--) {
    const b = head[i]!;
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    if (i + need > head.length) end = i;
    break;
  }
  return end;
}

function sniff(buf: Buffer): Sniffed {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(buf.toString('latin1', 8, 12))) return 'heic';
  if (buf.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  return looksLikeText(buf) ? 'text' : 'unknown';
}

/** What content each accepted extension must have, and the type it is served as. */
const TYPES: Record<string, { content: Sniffed; mime: string }> = {
  jpg: { content: 'jpeg', mime: 'image/jpeg' },
  jpeg: { content: 'jpeg', mime: 'image/jpeg' },
  png: { content: 'png', mime: 'image/png' },
  heic: { content: 'heic', mime: 'image/heic' },
  pdf: { content: 'pdf', mime: 'application/pdf' },
  xlsx: { content: 'zip', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  docx: { content: 'zip', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xls: { content: 'ole', mime: 'application/vnd.ms-excel' },
  doc: { content: 'ole', mime: 'application/msword' },
  csv: { content: 'text', mime: 'text/csv; charset=utf-8' },
  txt: { content: 'text', mime: 'text/plain; charset=utf-8' },
};

/** The type a stored file is served as, from its extension (files were checked by content when they came in). */
export const mimeOf = (extension: string) => TYPES[extension]?.mime ?? 'application/octet-stream';

/**
 * Whether a file's bytes are what its extension says, so that a script renamed `photo.jpg` or an executable renamed
 * `report.pdf` is refused. Office files are ZIP (docx, xlsx) or OLE (doc, xls) containers; text must be UTF-8.
 * An empty file is nothing, and is refused too.
 */
export function contentMatchesExtension(extension: string, content: Buffer): boolean {
  const expected = TYPES[extension];
  return !!expected && content.length > 0 && sniff(content) === expected.content;
}
