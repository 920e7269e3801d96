import { DEFAULT_PAGE_TITLE } from '@sm/shared';
import { useEffect } from 'react';

const SUFFIX = ' - WebBased';

/** The document title for a page title (spec platform 2.5): '{title} - WebBased'. */
export function pageTitle(title?: string | null): string {
  return `${title || DEFAULT_PAGE_TITLE}${SUFFIX}`;
}

/** Sets the browser tab's title while the page is shown, and puts the default back afterwards. */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
    return () => {
      document.title = pageTitle();
    };
  }, [title]);
}
