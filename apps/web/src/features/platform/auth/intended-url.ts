import { safeStorage } from '../../../lib/browser-storage';

/** sessionStorage key of the page to return to after signing in (spec platform 2.4, 4.1). */
const INTENDED_URL_KEY = 'sm.intendedUrl';

/** Remembers where the user was going; the app root and the sign-in page are not worth remembering. */
export function saveIntendedUrl(url: string): void {
  const path = url.split(/[?#]/)[0];
  if (path === '/' || path === '' || path.toLowerCase().startsWith('/login')) return;
  safeStorage.write(sessionStorage, INTENDED_URL_KEY, url);
}

/** The remembered page, if any. */
export function readIntendedUrl(): string | null {
  return safeStorage.read(sessionStorage, INTENDED_URL_KEY);
}

/** Forgets the remembered page (once the user has landed). */
export function clearIntendedUrl(): void {
  safeStorage.remove(sessionStorage, INTENDED_URL_KEY);
}

/** The current browser location as an app URL (path, query and hash). */
export function currentAppUrl(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
