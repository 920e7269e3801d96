/** Result of a rename: the new file name, or a message to show the user. */
export type RenameResult = { ok: true; name: string } | { ok: false; message: string };

/** Message shown when a rename leaves no usable name. */
export const EMPTY_NAME_MESSAGE = 'Please Enter New Name.';

/**
 * Makes a file name safe by keeping only letters, digits, underscore, whitespace and dots (spec 5.4). Letters keep their
 * combining marks (the vowel signs of Devanagari or Thai, accents NFC cannot join), so a name in any script survives;
 * emoji, their variation selectors, punctuation and invisible format characters (direction marks and overrides) go.
 */
export function sanitizeFileName(name: string): string {
  return name.normalize('NFC').replace(/[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]|[^\p{L}\p{Mn}\p{Mc}\p{Nd}_\s.]/gu, '');
}

/**
 * The longest file name the store keeps, in UTF-8 bytes. Disk file systems allow 255 bytes a name, and the store
 * writes beside each file a thumbnail (`.jpg` added) and, while writing, a temporary name (18 bytes added).
 */
export const MAX_FILE_NAME_BYTES = 200;

/** The sentence of a file name with a line break, a tab or another control character. */
export const FILE_NAME_CONTROL_MESSAGE = 'File names cannot contain control characters such as line breaks.';

/** The sentence of a typed file name the store cannot keep. */
export const FILE_NAME_TOO_LONG_MESSAGE = `File name is too long: at most ${MAX_FILE_NAME_BYTES} bytes, that is ${MAX_FILE_NAME_BYTES} Latin letters or fewer in other scripts.`;

/** C0 controls (line breaks and tabs among them), DEL, C1 controls, and the Unicode line and paragraph separators. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether a name holds a control character: such a name is refused, not quietly changed, so the user knows why. */
export const hasControlCharacter = (name: string) => CONTROL_CHARACTER.test(name);

/** The size of a text in UTF-8, the measure of file systems and object stores. */
export const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * A name cut to `maxBytes` of UTF-8 on a whole character (a letter stays with its marks), keeping its extension, so
 * that a long name a phone or a Mac allows still uploads and still opens with the right program.
 */
export function shortenFileName(name: string, maxBytes = MAX_FILE_NAME_BYTES): string {
  if (utf8Length(name) <= maxBytes) return name;
  const ext = extensionOf(name);
  const kept = utf8Length(ext) <= 16 ? ext : '';
  const budget = maxBytes - utf8Length(kept);
  let base = '';
  let used = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(kept ? name.slice(0, -kept.length) : name)) {
    const size = utf8Length(segment);
    if (used + size > budget) break;
    base += segment;
    used += size;
  }
  return base.replace(/[.\s]+$/, '') + kept;
}

/** The extension of a file name including its dot ('.pdf'), or '' when there is none (dotfiles have none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot) : '';
}

/** Renames a file keeping the old extension; the new name is sanitised and must not be empty. */
export function renameKeepingExtension(oldName: string, newName: string): RenameResult {
  const base = sanitizeFileName(newName).trim().replace(/[.\s]+$/, '');
  if (base === '') return { ok: false, message: EMPTY_NAME_MESSAGE };
  const ext = sanitizeFileName(extensionOf(oldName.trim()));
  const alreadyHasExt = ext !== '' && base.toLowerCase().endsWith(ext.toLowerCase());
  return { ok: true, name: alreadyHasExt ? base : base + ext };
}
