import {
  acceptedExtensions,
  FILE_MESSAGES,
  FILE_NAME_CONTROL_MESSAGE,
  FILE_NAME_TOO_LONG_MESSAGE,
  FILE_URL_LIFETIME_SECONDS,
  fileExtension,
  hasControlCharacter,
  isImageName,
  MAX_FILE_NAME_BYTES,
  renameKeepingExtension,
  sanitizeFileName,
  shortenFileName,
  type Access,
  type StoredFile,
  utf8Length,
} from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { isPlainName, openFolder, splitPath, thumbnailKey, type OpenFolder } from './file-access';
import { signFileLink } from './file-links';
import { contentMatchesExtension, mimeOf } from './file-types';
import type { FileStore, StoredObject } from './storage/file-store';
import { hasThumbnail } from './thumbnails';

/** What the file service needs besides the caller: the store, and the secret its addresses are signed with. */
export interface FilesDeps {
  store: FileStore;
  secret: string;
}

/** One file of an upload: the name it should get and its bytes. */
export interface IncomingFile {
  fileName: string;
  content: Buffer;
}

const nowSeconds = (ctx: Ctx) => Math.floor(ctx.now.getTime() / 1000);

/** The time a folder's addresses stop working: pictures of the editor live in stored text, so theirs never do. */
const linkExpiry = (ctx: Ctx, folder: OpenFolder) => (folder.ref.kind === 'richText' ? 0 : nowSeconds(ctx) + FILE_URL_LIFETIME_SECONDS);

function describe(ctx: Ctx, deps: FilesDeps, folder: OpenFolder, o: StoredObject): StoredFile {
  const name = o.key.slice(folder.prefix.length);
  const path = `${folder.name}/${name}`;
  const thumb = hasThumbnail(fileExtension(name));
  return {
    id: path.toLowerCase(),
    name,
    path_lower: path.toLowerCase(),
    path_display: path,
    url: thumb ? signFileLink(deps.secret, { key: o.key, expiresAt: linkExpiry(ctx, folder), thumbnail: true }) : null,
    entityState: 'UNCHANGED',
    folderName: folder.name,
    isImage: isImageName(name),
    size: o.size,
    modifiedAt: o.modifiedAt.toISOString(),
  };
}

/**
 * A name as the store keeps it: sanitised (spec 5.4), without spaces before its extension, not made only of dots and
 * spaces. A control character (a line break, a tab) is refused with a sentence rather than quietly dropped. A name
 * over MAX_FILE_NAME_BYTES is shortened keeping its extension when it came with an upload (the user's device allowed
 * it), and refused when typed in a rename.
 */
function cleanName(raw: string, whenTooLong: 'shorten' | 'refuse'): string {
  if (hasControlCharacter(raw)) throw new AppError(400, FILE_NAME_CONTROL_MESSAGE);
  let name = sanitizeFileName(raw).trim().replace(/\s+(\.[^.\s]+)$/, '$1');
  if (utf8Length(name) > MAX_FILE_NAME_BYTES) {
    if (whenTooLong === 'refuse') throw new AppError(400, FILE_NAME_TOO_LONG_MESSAGE);
    name = shortenFileName(name);
  }
  if (name === '' || /^[.\s]+$/.test(name) || name.startsWith('.')) throw new AppError(400, 'File name is required: use letters, digits, spaces, underscores and dots.');
  return name;
}

/** `Coil.jpg`, then `Coil 2.jpg`, `Coil 3.jpg`: a name not yet taken in the folder or the batch, within the size a name may have. */
function freeName(name: string, taken: Set<string>): string {
  const ext = fileExtension(name);
  const base = ext ? name.slice(0, -(ext.length + 1)) : name;
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const suffix = ext ? ` ${n}.${ext}` : ` ${n}`;
    candidate = shortenFileName(base, MAX_FILE_NAME_BYTES - utf8Length(suffix)) + suffix;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Uploads files into a folder. Every file is checked before any is written: its name sanitised, its extension among
 * the folder's accepted types (spec 5.4) and its bytes really of that type, so a bad file in a batch stores nothing.
 * A name already taken gets a number instead of replacing the earlier file.
 */
export async function uploadFiles(ctx: Ctx, deps: FilesDeps, access: Access, folderName: string, files: IncomingFile[]): Promise<StoredFile[]> {
  const folder = await openFolder(ctx, access, folderName, 'write');
  if (files.length === 0) throw new AppError(400, 'Choose a file to upload.');
  const accepted = acceptedExtensions(folder.ref);
  const checked = files.map((f) => {
    const name = cleanName(f.fileName, 'shorten');
    const ext = fileExtension(name);
    if (!accepted.includes(ext)) throw new AppError(400, `${name}: only ${accepted.join(', ')} files are accepted here.`);
    if (!contentMatchesExtension(ext, f.content)) throw new AppError(400, `${name} is not a ${ext} file: its content does not match its type.`);
    return { name, ext, content: f.content };
  });
  const taken = new Set((await deps.store.list(folder.prefix)).map((o) => o.key.slice(folder.prefix.length).toLowerCase()));
  const stored: StoredFile[] = [];
  for (const f of checked) {
    const key = folder.prefix + freeName(f.name, taken);
    await deps.store.put(key, f.content, mimeOf(f.ext));
    stored.push(describe(ctx, deps, folder, { key, size: f.content.length, modifiedAt: ctx.now }));
  }
  return stored;
}

/** The files of a folder, by name, each with a signed thumbnail address when it is a picture. */
export async function listFiles(ctx: Ctx, deps: FilesDeps, access: Access, folderName: string): Promise<StoredFile[]> {
  const folder = await openFolder(ctx, access, folderName, 'read');
  return (await deps.store.list(folder.prefix)).map((o) => describe(ctx, deps, folder, o));
}

/** Names of a delete: the form's `fileNames` (one or several) and the file a `path` names. */
export function namesToDelete(folderName: string, fileNames: string | string[] | undefined, path: string | undefined): string[] {
  const names = [fileNames ?? []].flat();
  if (path) {
    const p = splitPath(path.replace(/^\//, ''));
    if (p.folder.toLowerCase() !== folderName.toLowerCase()) throw new AppError(400, 'Path must be a file of the folder.');
    names.push(p.name);
  }
  if (names.length === 0) throw new AppError(400, 'File names are required!');
  return [...new Set(names)];
}

/** Deletes files of a folder and their thumbnails; a name that is not there is a 404 and nothing is deleted. */
export async function deleteFiles(ctx: Ctx, deps: FilesDeps, access: Access, folderName: string, names: string[]): Promise<{ deleted: string[] }> {
  const folder = await openFolder(ctx, access, folderName, 'write');
  const found = await Promise.all(names.map((n) => (isPlainName(n) ? deps.store.stat(folder.prefix + n) : null)));
  const missing = names.find((_, i) => !found[i]);
  if (missing !== undefined) throw new AppError(404, `The file ${missing} was not found.`);
  for (const name of names) {
    await deps.store.delete(folder.prefix + name);
    await deps.store.delete(thumbnailKey(ctx.actor.subscriberId, folder.name, name));
  }
  return { deleted: names };
}

/** Renames a file keeping its extension (spec 5.4); the new name is sanitised and must not be taken already. */
export async function renameFile(ctx: Ctx, deps: FilesDeps, access: Access, body: { folder: string; oldName: string; newName: string }): Promise<StoredFile> {
  const folder = await openFolder(ctx, access, body.folder, 'write');
  if (hasControlCharacter(body.newName)) throw new AppError(400, FILE_NAME_CONTROL_MESSAGE);
  const result = renameKeepingExtension(body.oldName, body.newName);
  if (!result.ok) throw new AppError(400, result.message);
  const newName = cleanName(result.name, 'refuse');
  const from = folder.prefix + body.oldName;
  const current = isPlainName(body.oldName) ? await deps.store.stat(from) : null;
  if (!current) throw new AppError(404, `${FILE_MESSAGES.renameFailed} The file ${body.oldName} was not found.`);
  if (newName === body.oldName) return describe(ctx, deps, folder, current);
  const to = folder.prefix + newName;
  const clash = newName.toLowerCase() !== body.oldName.toLowerCase() && (await deps.store.stat(to));
  if (clash) throw new AppError(409, `${FILE_MESSAGES.renameFailed} A file named ${newName} is already in this folder.`);
  await deps.store.copy(from, to);
  await deps.store.delete(from);
  await deps.store.delete(thumbnailKey(ctx.actor.subscriberId, folder.name, body.oldName));
  return describe(ctx, deps, folder, { key: to, size: current.size, modifiedAt: ctx.now });
}

/** Copies every file of one folder into another (a quote's files onto its work order); names already there are kept. */
export async function copyFolder(ctx: Ctx, deps: FilesDeps, access: Access, fromFolder: string, toFolder: string): Promise<{ copied: number }> {
  const from = await openFolder(ctx, access, fromFolder, 'read');
  const to = await openFolder(ctx, access, toFolder, 'write');
  if (from.prefix === to.prefix) throw new AppError(400, 'From folder and To folder must differ.');
  const existing = new Set((await deps.store.list(to.prefix)).map((o) => o.key.slice(to.prefix.length).toLowerCase()));
  let copied = 0;
  for (const o of await deps.store.list(from.prefix)) {
    const name = o.key.slice(from.prefix.length);
    if (existing.has(name.toLowerCase())) continue;
    await deps.store.copy(o.key, to.prefix + name);
    copied++;
  }
  return { copied };
}

/** A short-lived signed address of a file the caller may read (the editor's pictures: a lasting one). */
export async function fileUrl(ctx: Ctx, deps: FilesDeps, access: Access, path: string): Promise<{ url: string; expiresAt: string | null }> {
  const { folder: folderName, name } = splitPath(path.replace(/^\//, ''));
  const folder = await openFolder(ctx, access, folderName, 'read');
  if (!(await deps.store.stat(folder.prefix + name))) throw new AppError(404, `The file ${name} was not found.`);
  const expiresAt = linkExpiry(ctx, folder);
  return { url: signFileLink(deps.secret, { key: folder.prefix + name, expiresAt }), expiresAt: expiresAt ? new Date(expiresAt * 1000).toISOString() : null };
}

/** Signed thumbnail addresses of up to 25 files (spec 5.4): null for a file that has no thumbnail. */
export async function thumbnailUrls(ctx: Ctx, deps: FilesDeps, access: Access, paths: string[]): Promise<{ path: string; url: string | null }[]> {
  const folders = new Map<string, OpenFolder>();
  const answer: { path: string; url: string | null }[] = [];
  for (const path of paths) {
    const { folder: folderName, name } = splitPath(path.replace(/^\//, ''));
    let folder = folders.get(folderName);
    if (!folder) folders.set(folderName, (folder = await openFolder(ctx, access, folderName, 'read')));
    const key = folder.prefix + name;
    const isThere = hasThumbnail(fileExtension(name)) && (await deps.store.stat(key));
    answer.push({ path, url: isThere ? signFileLink(deps.secret, { key, expiresAt: linkExpiry(ctx, folder), thumbnail: true }) : null });
  }
  return answer;
}
