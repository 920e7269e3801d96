/**
 * The access token, kept in localStorage (spec platform 4.1) and observable, so the session re-renders when
 * a sign-in, a refresh or a 401 changes it. Also remembers why the last session ended, so the sign-in
 * redirect knows whether to keep the page the user was on (expired) or not (signed out on purpose).
 */
const TOKEN_KEY = 'sm.accessToken';

export type SessionEndReason = 'signOut' | 'expired';

let endReason: SessionEndReason | null = null;
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let current: string | null = read();

function emit(): void {
  for (const listener of listeners) listener();
}

/** The current access token, or null when signed out. */
export function getToken(): string | null {
  return current;
}

/** Stores a new token (sign-in or refresh). */
export function setToken(token: string): void {
  current = token;
  endReason = null;
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    /* private mode: the token lives in memory for this tab */
  }
  emit();
}

/** Removes the token; `reason` tells the sign-in redirect whether to remember the current page. */
export function clearToken(reason: SessionEndReason): void {
  current = null;
  endReason = reason;
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* nothing stored */
  }
  emit();
}

/** Why the last session ended, or null when none ended in this tab. */
export function getSessionEndReason(): SessionEndReason | null {
  return endReason;
}

/** Subscribes to token changes (for `useSyncExternalStore`). */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
