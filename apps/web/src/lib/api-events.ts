/**
 * Signals the API layer raises for the rest of the app: a 401 on an authenticated call (the "unauthorized
 * flag" of spec platform 4.1, which logs the user out) and a 403 (the Unauthorized Access dialog, spec 6.2).
 * An event target keeps `api.ts` free of imports from the session and the dialogs.
 */
export type ApiEventName = 'unauthorized' | 'forbidden';

const target = new EventTarget();

/** Raises an API event; called by `api.ts` only. */
export function emitApiEvent(name: ApiEventName): void {
  target.dispatchEvent(new Event(name));
}

/** Subscribes to an API event and returns the unsubscribe function (fits a `useEffect`). */
export function onApiEvent(name: ApiEventName, listener: () => void): () => void {
  target.addEventListener(name, listener);
  return () => target.removeEventListener(name, listener);
}
