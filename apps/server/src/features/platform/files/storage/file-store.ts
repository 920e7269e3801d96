/** One object of the store: its key (relative to the store's root), size and time of the last write. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * The product's file storage: a flat map of keys (`{subscriberId}/{folder}/{name}`) to bytes, with two real back ends
 * (a folder on disk, any S3-compatible store). Keys reach a driver only after the file service has checked and built
 * them; each driver still refuses a key that could climb out of its root.
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes of a key, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Whether a key exists (its size and time when it does). */
  stat(key: string): Promise<StoredObject | null>;
  /** Deletes a key; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The objects directly under a prefix ending in '/', by key. */
  list(prefix: string): Promise<StoredObject[]>;
  copy(fromKey: string, toKey: string): Promise<void>;
}

/** A key's segments are plain names: no empty segment, no `.` or `..`, no backslash, no control character. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 1024 || segments.some((s) => s === '' || s === '.' || s === '..' || /[\\\u0000-\u001f]/.test(s))) {
    throw new Error(`Refused storage key ${JSON.stringify(key)}`);
  }
}
