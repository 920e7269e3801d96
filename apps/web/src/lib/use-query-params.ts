import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * The page's query string, and the one way to change some of its keys (a null value removes one). A change starts from
 * the address as it is now, not as the page last rendered it: the router renders in a transition, so a second choice
 * made before the first had rendered (two filters clicked in a row on a slow phone) would otherwise undo the first.
 * A change that comes after the user has left the page (a debounced search settling just after a result was opened,
 * a calendar's last report of its dates) is dropped: it would be written onto the next page's address.
 */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const change = useCallback(
    (changes: Record<string, string | null>, options?: { replace?: boolean }) => {
      if (window.location.pathname !== pathname) return;
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      setParams(next, options);
    },
    [pathname, setParams],
  );
  return [params, change] as const;
}
