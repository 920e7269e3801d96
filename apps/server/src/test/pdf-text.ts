import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by the product shows, one string per text-showing operator, in drawing order: its compressed
 * content streams inflated and the hex strings of each `TJ` joined (the numbers between them are only kerning). For
 * the standard fonts pdfkit writes one byte per character, in WinAnsi, which for these texts is Latin-1.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const streamStart = /stream\r?\n/g;
  for (let m = streamStart.exec(raw); m; m = streamStart.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // a picture or a font: no text
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texts.push([...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
    }
  }
  return texts;
}
