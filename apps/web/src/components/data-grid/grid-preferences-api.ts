import { queryOptions } from '@tanstack/react-query';
import type { GridLayout, GridPreferenceAnswer } from '@sm/shared';
import { apiDelete, apiGet, apiPut } from '../../lib/api';

/**
 * The person's saved layout of a grid, read each time the grid opens (never kept once the grid is gone), so a layout
 * saved on another device is the one used. Silent: a grid that cannot reach it opens with the browser's copy.
 */
export function gridPreferenceQuery(gridKey: string, userId: number) {
  return queryOptions({
    queryKey: ['gridPreferences', userId, gridKey],
    queryFn: ({ signal }) => apiGet<GridPreferenceAnswer>(`GridPreferences/${encodeURIComponent(gridKey)}`, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    meta: { silent: true },
  });
}

/** Keeps a layout on the server; `keepalive` lets the request finish while the page is being left. */
export const saveGridLayout = (gridKey: string, layout: GridLayout, keepalive = false) =>
  apiPut<GridPreferenceAnswer>(`GridPreferences/${encodeURIComponent(gridKey)}`, layout, { keepalive });

/** Reset layout: the server forgets the layout. */
export const forgetGridLayout = (gridKey: string) => apiDelete<GridPreferenceAnswer>(`GridPreferences/${encodeURIComponent(gridKey)}`);
