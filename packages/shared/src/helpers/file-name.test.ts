import { describe, expect, it } from 'vitest';
import { EMPTY_NAME_MESSAGE, renameKeepingExtension, sanitizeFileName } from './file-name';

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
