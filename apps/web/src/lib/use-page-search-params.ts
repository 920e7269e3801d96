import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * The page's query string, and a way to replace it that does nothing once the user has left the page: a debounced
 * search that settles just after a result was opened would otherwise be written onto the next page's address.
 */
export function usePageSearchParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const replace = useCallback(
    (next: Record<string, string>) => {
      if (window.location.pathname !== pathname) return;
      setParams(next, { replace: true });
    },
    [pathname, setParams],
  );
  return [params, replace] as const;
}
