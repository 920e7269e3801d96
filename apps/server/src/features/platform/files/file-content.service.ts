import { fileExtension } from '@sm/shared';
import { AppError } from '../../../lib/errors';
import { thumbnailKey } from './file-access';
import { verifyFileLink } from './file-links';
import { mimeOf } from './file-types';
import type { FilesDeps } from './files.service';
import { makeThumbnail } from './thumbnails';

/** A file as a signed address serves it. */
export interface FileContent {
  body: Buffer;
  contentType: string;
  fileName: string;
  /** Until when a browser may keep it, in seconds from now. */
  maxAge: number;
}

const gone = () => new AppError(404, 'This file address has expired or does not exist.');

/**
 * The bytes behind a signed address (file-links.ts). A thumbnail is made with sharp on first request and kept in the
 * store, so each is made once. Whoever holds a valid address may read the file until it expires: that is what lets
 * an <img> tag, a download and a sent e-mail show it without a session.
 */
export async function readLinkedFile(deps: FilesDeps, token: string, now: Date): Promise<FileContent> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const link = verifyFileLink(deps.secret, token, nowSeconds);
  if (!link) throw gone();
  const [subscriberId, ...rest] = link.key.split('/');
  const name = rest.pop()!;
  const maxAge = link.expiresAt === 0 ? 86_400 : Math.max(0, link.expiresAt - nowSeconds);
  if (!link.thumbnail) {
    const body = await deps.store.get(link.key);
    if (!body) throw gone();
    return { body, contentType: mimeOf(fileExtension(name)), fileName: name, maxAge };
  }
  const key = thumbnailKey(Number(subscriberId), rest.join('/'), name);
  let body = await deps.store.get(key);
  if (!body) {
    const picture = await deps.store.get(link.key);
    if (!picture) throw gone();
    body = await makeThumbnail(picture);
    if (!body) throw new AppError(404, 'This picture has no thumbnail.');
    await deps.store.put(key, body, 'image/jpeg');
  }
  return { body, contentType: 'image/jpeg', fileName: `${name}.jpg`, maxAge };
}
