import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

/** The parameters of a Content-Disposition as a client reads them: `filename*` decoded, `filename` as written. */
function parse(header: string) {
  const [type] = header.split(';');
  const extended = /;\s*filename\*=UTF-8''([^;\s]*)/.exec(header)?.[1];
  return { type, fallback: /;\s*filename="([^"]*)"/.exec(header)?.[1], name: extended === undefined ? undefined : decodeURIComponent(extended) };
}

/** What Node's HTTP layer accepts in a header value (checkInvalidHeaderChar): tab, printable ASCII and Latin-1. */
const isValidHeaderValue = (v: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(v);

describe('contentDisposition', () => {
  it('carries any name intact in filename* with a plain ASCII fallback', () => {
    const cases: [string, string][] = [
      ['Отчёт.pdf', 'download.pdf'],
      ['報告.pdf', 'download.pdf'],
      ['📄 Report 🔥.pdf', '_ Report _.pdf'],
      ['\u200Fדוח שירות.pdf', 'download.pdf'],
      ['Café Señor.txt', 'Cafe Senor.txt'],
      ['contacts.csv', 'contacts.csv'],
      [`it's "final" (1) 100%*.pdf`, "it's _final_ (1) 100_*.pdf"],
      ['a\\b;c=d.pdf', 'a_b;c=d.pdf'],
      ['Ж'.repeat(200) + '.pdf', 'download.pdf'],
    ];
    for (const [name, fallback] of cases) {
      const header = contentDisposition(name);
      expect(isValidHeaderValue(header), name).toBe(true);
      expect(parse(header), name).toEqual({ type: 'attachment', fallback, name });
      // Only RFC 5987 attr-chars and escapes after the charset, so no client splits the value on a quote or a comma.
      expect(header.split("UTF-8''")[1], name).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    }
  });

  it('answers inline when asked', () => {
    expect(contentDisposition('Invoice-7.pdf', 'inline')).toBe(`inline; filename="Invoice-7.pdf"; filename*=UTF-8''Invoice-7.pdf`);
  });

  it('never writes a line break, a control character or a broken character into the header', () => {
    for (const name of ['a\r\nSet-Cookie: x=1.pdf', 'bell\u0007.pdf', 'next\u0085line.pdf', 'half\uD83D.pdf', '\n']) {
      const header = contentDisposition(name);
      expect(isValidHeaderValue(header), JSON.stringify(name)).toBe(true);
      expect(header).not.toMatch(/[\r\n]/);
      expect(() => parse(header)).not.toThrow();
    }
    expect(parse(contentDisposition('a\r\nSet-Cookie: x=1.pdf')).name).toBe('aSet-Cookie: x=1.pdf');
    expect(parse(contentDisposition('half\uD83D.pdf')).name).toBe('half\uFFFD.pdf');
    expect(parse(contentDisposition('\n')).name).toBe('download');
  });
});
