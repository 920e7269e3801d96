import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type FileStore, type StoredObject } from './file-store';

/**
 * Files in a folder on disk (the default: `DATA_DIR/files`, no setup). A write goes to a temporary name first and is
 * renamed into place, so a reader never sees half a file and a crash leaves no torn one.
 */
export function diskStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key.replace(/\/$/, ''));
    const p = resolve(base, ...key.split('/').filter(Boolean));
    if (!p.startsWith(base + sep)) throw new Error(`Refused storage key ${JSON.stringify(key)}`);
    return p;
  };
  const statOf = async (key: string): Promise<StoredObject | null> => {
    try {
      const s = await stat(pathOf(key));
      return s.isFile() ? { key, size: s.size, modifiedAt: s.mtime } : null;
    } catch {
      return null;
    }
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      const tmp = `${p}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(tmp, body);
      await rename(tmp, p);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch {
        return null;
      }
    },
    stat: statOf,
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      let names: string[];
      try {
        names = await readdir(pathOf(prefix));
      } catch {
        return [];
      }
      const found = await Promise.all(names.filter((n) => !n.endsWith('.part')).map((n) => statOf(prefix + n)));
      return found.filter((o): o is StoredObject => o !== null).sort((a, b) => a.key.localeCompare(b.key));
    },
    async copy(fromKey, toKey) {
      const to = pathOf(toKey);
      await mkdir(dirname(to), { recursive: true });
      await copyFile(pathOf(fromKey), to);
    },
  };
}

/** The folder of the disk store inside a data directory. */
export const diskStoreRoot = (dataDir: string) => join(dataDir, 'files');
