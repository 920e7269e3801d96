import { describe, expect, it } from 'vitest';
import { EMPTY_NAME_MESSAGE, hasControlCharacter, MAX_FILE_NAME_BYTES, renameKeepingExtension, sanitizeFileName, shortenFileName, utf8Length } from './file-name';

describe('sanitizeFileName', () => {
  it('keeps letters, digits, underscore, whitespace and dots', () => {
    expect(sanitizeFileName('Invoice_2026 03.pdf')).toBe('Invoice_2026 03.pdf');
    expect(sanitizeFileName('Café Señor.txt')).toBe('Café Señor.txt');
  });
  it('strips slashes, quotes, emoji and other punctuation', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('....etcpasswd');
    expect(sanitizeFileName('a\\b:c*d?e"f<g>h|i')).toBe('abcdefghi');
    expect(sanitizeFileName(`it's "quoted".jpg`)).toBe('its quoted.jpg');
    expect(sanitizeFileName('photo🔥❄️.png')).toBe('photo.png');
    expect(sanitizeFileName('a-b+c(1)[2]{3}#4%5&.doc')).toBe('abc12345.doc');
  });
  it('keeps every script with its marks, and drops direction marks and overrides', () => {
    expect(sanitizeFileName('Отчёт.pdf')).toBe('Отчёт.pdf');
    expect(sanitizeFileName('報告.pdf')).toBe('報告.pdf');
    expect(sanitizeFileName('रिपोर्ट.pdf')).toBe('रिपोर्ट.pdf');
    expect(sanitizeFileName('\u200Fדוח.pdf')).toBe('דוח.pdf');
    expect(sanitizeFileName('a\u202Efdp.pdf\u2066')).toBe('afdp.pdf');
    expect(sanitizeFileName('1️⃣ 👍🏽 👨‍👩‍👧.png')).toBe('1  .png');
  });
});

describe('hasControlCharacter', () => {
  it('finds line breaks, tabs, DEL, C1 controls and line separators, and nothing in ordinary names', () => {
    for (const bad of ['a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u007fb', 'a\u0085b', 'a\u009fb', 'a\u2028b', 'a\u2029b']) expect(hasControlCharacter(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['Отчёт.pdf', '報告 2026.pdf', '\u200Fדוח.pdf', 'a\u00a0b.pdf']) expect(hasControlCharacter(good), good).toBe(false);
  });
});

describe('shortenFileName', () => {
  it('leaves a name that fits alone', () => {
    expect(shortenFileName('Report.pdf')).toBe('Report.pdf');
    expect(shortenFileName('a'.repeat(MAX_FILE_NAME_BYTES - 4) + '.pdf')).toBe('a'.repeat(MAX_FILE_NAME_BYTES - 4) + '.pdf');
  });
  it('cuts on whole characters by UTF-8 size, keeping the extension', () => {
    expect(shortenFileName('a'.repeat(300) + '.pdf')).toBe('a'.repeat(MAX_FILE_NAME_BYTES - 4) + '.pdf');
    expect(shortenFileName('Ж'.repeat(120) + '.docx', 20)).toBe('ЖЖЖЖЖЖЖ.docx');
    expect(shortenFileName('報'.repeat(10) + '.pdf', 12)).toBe('報報.pdf');
    // A letter is not parted from its mark, nor a name left ending in a space or a dot.
    expect(shortenFileName('ab c\u0301d.txt', 9)).toBe('ab.txt');
    expect(shortenFileName('ab c\u0301d.txt', 10)).toBe('ab c\u0301.txt');
    expect(shortenFileName('ab. cdefgh.txt', 8)).toBe('ab.txt');
    for (const name of ['🔥'.repeat(80) + '.png', 'x'.repeat(500)]) expect(utf8Length(shortenFileName(name))).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(shortenFileName('x'.repeat(500))).toBe('x'.repeat(MAX_FILE_NAME_BYTES));
  });
});

describe('renameKeepingExtension', () => {
  it('keeps the old extension', () => {
    expect(renameKeepingExtension('report.pdf', 'Compressor Photos')).toEqual({ ok: true, name: 'Compressor Photos.pdf' });
    expect(renameKeepingExtension('archive.tar.gz', 'backup')).toEqual({ ok: true, name: 'backup.gz' });
  });
  it('does not let the new name change the extension', () => {
    expect(renameKeepingExtension('report.pdf', 'evil.exe')).toEqual({ ok: true, name: 'evil.exe.pdf' });
  });
  it('does not double the extension when the user retyped it', () => {
    expect(renameKeepingExtension('report.PDF', 'new report.pdf')).toEqual({ ok: true, name: 'new report.pdf' });
  });
  it('sanitises and trims the new name', () => {
    expect(renameKeepingExtension('a.jpg', '  unit/7 "roof"  ')).toEqual({ ok: true, name: 'unit7 roof.jpg' });
  });
  it('handles names without an extension and dotfiles', () => {
    expect(renameKeepingExtension('README', 'notes')).toEqual({ ok: true, name: 'notes' });
    expect(renameKeepingExtension('.env', 'config')).toEqual({ ok: true, name: 'config' });
  });
  it('rejects an empty new name', () => {
    const empty = { ok: false, message: 'Please Enter New Name.' };
    expect(EMPTY_NAME_MESSAGE).toBe('Please Enter New Name.');
    expect(renameKeepingExtension('a.pdf', '')).toEqual(empty);
    expect(renameKeepingExtension('a.pdf', '   ')).toEqual(empty);
    expect(renameKeepingExtension('a.pdf', '///"')).toEqual(empty);
    expect(renameKeepingExtension('a.pdf', '...')).toEqual(empty);
  });
});
