/** Result of a rename: the new file name, or a message to show the user. */
export type RenameResult = { ok: true; name: string } | { ok: false; message: string };

/** Message shown when a rename leaves no usable name. */
export const EMPTY_NAME_MESSAGE = 'Please Enter New Name.';

/** Makes a file name safe by keeping only letters, digits, underscore, whitespace and dots. */
export function sanitizeFileName(name: string): string {
  return name.normalize('NFC').replace(/[^\p{L}\p{Nd}_\s.]/gu, '');
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
