import { useSyncExternalStore } from 'react';
import { useLocation, type DataRouter } from 'react-router';

/**
 * The router renders a navigation in a transition: the page before stays on screen, idle, until the next page's code
 * has loaded and it has rendered, which on a slow phone takes a second or more after the tap. This remembers where
 * the router has gone, outside that transition, so the frame can say a page is loading meanwhile.
 */
let goingTo: string | null = null;
const listeners = new Set<() => void>();

function goTo(key: string): void {
  if (key === goingTo) return;
  goingTo = key;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Follows the app's router: called once, where it is made. */
export function followNavigations(router: Pick<DataRouter, 'state' | 'subscribe'>): void {
  goTo(router.state.location.key);
  router.subscribe((state) => goTo(state.location.key));
}

/** True from a link's click (or any navigation) until the page it leads to is shown. */
export function useNavigationPending(): boolean {
  const target = useSyncExternalStore(subscribe, () => goingTo);
  const shown = useLocation().key;
  return target !== null && target !== shown;
}
