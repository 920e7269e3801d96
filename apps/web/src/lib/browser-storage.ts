/** localStorage/sessionStorage access that never throws (private mode, quota, disabled storage). */
export const safeStorage = {
  /** Reads a JSON value, or undefined when missing or unreadable. */
  readJson(storage: Storage, key: string): unknown {
    try {
      const raw = storage.getItem(key);
      return raw === null ? undefined : JSON.parse(raw);
    } catch {
      return undefined;
    }
  },
  /** Writes a JSON value; failures are ignored (preferences are a convenience). */
  writeJson(storage: Storage, key: string, value: unknown): void {
    try {
      storage.setItem(key, JSON.stringify(value));
    } catch {
      /* ignore */
    }
  },
  /** Reads a string value. */
  read(storage: Storage, key: string): string | null {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  },
  /** Writes a string value. */
  write(storage: Storage, key: string, value: string): void {
    try {
      storage.setItem(key, value);
    } catch {
      /* ignore */
    }
  },
  /** Removes a key. */
  remove(storage: Storage, key: string): void {
    try {
      storage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};
