import sharp from 'sharp';

/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 320;

/**
 * A JPEG thumbnail of a picture, turned upright by its EXIF orientation, or null when the picture cannot be decoded
 * here (HEIC photos: the bundled image library reads AVIF but not HEVC; the file itself is still kept and served).
 */
export async function makeThumbnail(picture: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(picture, { failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Whether the server can make a thumbnail of a file with this extension. */
export const hasThumbnail = (extension: string) => ['jpg', 'jpeg', 'png'].includes(extension);
