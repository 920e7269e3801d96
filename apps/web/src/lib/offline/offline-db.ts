/**
 * The phone's own store for what must survive a reload without signal: the requests waiting to be sent, the answers of
 * those already sent that later ones refer to, and the last form data each work order's clock dialog was opened with.
 * One IndexedDB database; every call opens a short transaction and resolves when it has committed.
 */
const DB_NAME = 'sm-offline';
const DB_VERSION = 1;

export const STORES = {
  /** Requests waiting to be sent, in the order they were made (auto-incremented `seq`). */
  outbox: 'outbox',
  /** Answers of sent requests, by idempotency key, while later waiting requests may refer to them. */
  answers: 'answers',
  /** Small values by key (e.g. a work order's clock form data), read back when the network is gone. */
  cache: 'cache',
} as const;

type StoreName = (typeof STORES)[keyof typeof STORES];

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORES.outbox)) db.createObjectStore(STORES.outbox, { keyPath: 'seq', autoIncrement: true });
      if (!db.objectStoreNames.contains(STORES.answers)) db.createObjectStore(STORES.answers, { keyPath: 'key' });
      if (!db.objectStoreNames.contains(STORES.cache)) db.createObjectStore(STORES.cache, { keyPath: 'key' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database: let it, and open again on the next call.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('The offline store could not be opened.'));
    };
  });
  return opening;
}

/** Runs `work` in one transaction on `store` and resolves with its result once the transaction has committed. */
async function inTransaction<T>(store: StoreName, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T> | null): Promise<T | undefined> {
  const db = await openDb();
  return new Promise<T | undefined>((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const request = work(tx.objectStore(store));
    tx.oncomplete = () => resolve(request ? request.result : undefined);
    tx.onerror = () => reject(tx.error ?? new Error('The offline store could not be written.'));
    tx.onabort = () => reject(tx.error ?? new Error('The offline store could not be written.'));
  });
}

/** Every record of a store, in key order. */
export async function readAll<T>(store: StoreName): Promise<T[]> {
  return ((await inTransaction<unknown[]>(store, 'readonly', (s) => s.getAll())) ?? []) as T[];
}

/** One record by key, or undefined. */
export async function readOne<T>(store: StoreName, key: IDBValidKey): Promise<T | undefined> {
  return (await inTransaction<unknown>(store, 'readonly', (s) => s.get(key))) as T | undefined;
}

/** Adds or replaces a record; answers its key (the new `seq` of an outbox record). */
export async function put(store: StoreName, value: unknown): Promise<IDBValidKey> {
  return (await inTransaction<IDBValidKey>(store, 'readwrite', (s) => s.put(value))) as IDBValidKey;
}

/** Removes a record by key. */
export async function remove(store: StoreName, key: IDBValidKey): Promise<void> {
  await inTransaction(store, 'readwrite', (s) => s.delete(key));
}

/** Removes every record of a store. */
export async function clear(store: StoreName): Promise<void> {
  await inTransaction(store, 'readwrite', (s) => s.clear());
}
