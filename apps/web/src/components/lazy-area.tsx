import { AREA_LOAD_TIMEOUT_MS } from '@sm/shared';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { safeStorage } from '../lib/browser-storage';

/** sessionStorage flag: the page already reloaded once to recover from a failed area load (spec 2.2). */
export const CHUNK_RELOAD_KEY = 'sm.chunkReloaded';

/** An area bundle that could not be loaded even after the automatic reload. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Loading chunk failed');
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Area load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * `React.lazy` for a top-level area: a failed or timed-out import reloads the page once per session (a new
 * build replaced the chunks); a second failure throws `ChunkLoadError` for the area's error boundary.
 */
export function lazyArea<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      const module = await withTimeout(load(), AREA_LOAD_TIMEOUT_MS);
      safeStorage.remove(sessionStorage, CHUNK_RELOAD_KEY);
      return module;
    } catch (error) {
      // Without network a reload would lose the page itself: the area says it cannot open instead.
      if (safeStorage.read(sessionStorage, CHUNK_RELOAD_KEY) !== '1' && navigator.onLine) {
        safeStorage.write(sessionStorage, CHUNK_RELOAD_KEY, '1');
        window.location.reload();
        return new Promise<never>(() => undefined);
      }
      throw new ChunkLoadError(error);
    }
  });
}
