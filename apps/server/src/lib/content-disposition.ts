/** Control characters, DEL, C1 controls and the line separators: never part of a header, whatever the name. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** RFC 5987 attr-char: what `filename*` may carry unencoded. encodeURIComponent leaves also ' ( ) * as they are. */
const encodeExtValue = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The plain `filename` of clients that do not read `filename*`: accents taken off, every other character outside
 * printable ASCII (and the quote, backslash and percent sign, which some clients read as escapes, RFC 6266 appendix D)
 * made `_`; a name left with no letter keeps its extension after `download`.
 */
function asciiFallback(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
    .replace(/_{2,}/g, '_');
  const dot = plain.lastIndexOf('.');
  const base = dot > 0 ? plain.slice(0, dot) : plain;
  const ext = dot > 0 ? plain.slice(dot) : '';
  return /[A-Za-z0-9]/.test(base) ? plain : `download${/^\.[A-Za-z0-9]+$/.test(ext) ? ext : ''}`;
}

/**
 * The Content-Disposition of every download the product answers (files, PDFs, CSV), so that a name in any script
 * reaches the browser intact: RFC 6266 with `filename*=UTF-8''…` (RFC 5987), which every current browser prefers, and
 * an ASCII `filename` for the rest. A header can carry only Latin-1, so writing the name as it is would fail the
 * answer for `Отчёт.pdf`; control characters are dropped and a broken UTF-16 half becomes U+FFFD.
 */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const name = fileName.replace(CONTROL, '').replace(/\p{Cs}/gu, '\uFFFD').trim() || 'download';
  return `${disposition}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
