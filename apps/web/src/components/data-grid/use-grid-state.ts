import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type GridFilter } from '@sm/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  clearGridStorage,
  loadColumnOrder,
  loadColumnWidths,
  loadGridRequest,
  reconcileOrder,
  saveGridPart,
} from './grid-storage';
import type { GridState } from './grid-types';

export interface GridDefaults {
  sort?: GridState['sort'];
  take?: number;
}

function initialRequest(defaults: GridDefaults): GridState {
  return {
    take: defaults.take ?? DEFAULT_PAGE_SIZE,
    skip: 0,
    sort: defaults.sort ?? [],
    filter: { logic: 'and', filters: [] },
    group: [],
    aggregate: [],
  };
}

function restoreRequest(gridKey: string, userId: number, defaults: GridDefaults): GridState {
  const saved = loadGridRequest(gridKey, userId);
  if (!saved) return initialRequest(defaults);
  const take = (PAGE_SIZES as readonly number[]).includes(saved.take) ? saved.take : DEFAULT_PAGE_SIZE;
  return { ...saved, take, total: undefined };
}

/**
 * The grid's request (paging, sorting, filtering), column order and widths, restored from and saved to the
 * user's localStorage. Every change that narrows or reorders the rows goes back to the first page.
 */
export function useGridState(gridKey: string, userId: number, fields: readonly string[], defaults: GridDefaults) {
  const [request, setRequest] = useState(() => restoreRequest(gridKey, userId, defaults));
  const [savedOrder, setOrder] = useState(() => loadColumnOrder(gridKey, userId));
  const [widths, setWidths] = useState(() => loadColumnWidths(gridKey, userId));
  const order = useMemo(() => reconcileOrder(savedOrder, fields), [savedOrder, fields]);

  useEffect(() => saveGridPart(gridKey, userId, 'request', request), [gridKey, userId, request]);
  useEffect(() => {
    if (savedOrder) saveGridPart(gridKey, userId, 'columns', savedOrder);
  }, [gridKey, userId, savedOrder]);
  useEffect(() => saveGridPart(gridKey, userId, 'widths', widths), [gridKey, userId, widths]);

  const setPage = useCallback((page: number) => setRequest((r) => ({ ...r, skip: (page - 1) * r.take })), []);
  const setPageSize = useCallback((take: number) => setRequest((r) => ({ ...r, take, skip: 0 })), []);

  /** Sets the sort of a field (null clears it); one sorted column at a time. */
  const setSort = useCallback((field: string, dir: 'asc' | 'desc' | null) => {
    setRequest((r) => ({ ...r, skip: 0, sort: dir ? [{ field, dir }] : [] }));
  }, []);

  /**
   * Header click: ascending first, then it flips between descending and ascending. It never unsorts: an
   * unsorted grid falls back to the server's order, which is often the default sort, so the click would
   * look like it did nothing. The column menu's 'Remove sort' unsorts.
   */
  const toggleSort = useCallback((field: string) => {
    setRequest((r) => {
      const dir = r.sort.find((s) => s.field === field)?.dir;
      return { ...r, skip: 0, sort: [{ field, dir: dir === 'asc' ? 'desc' : 'asc' }] };
    });
  }, []);

  /** Replaces the filter on one field (null removes it). */
  const setFilter = useCallback((field: string, filter: GridFilter | null) => {
    setRequest((r) => {
      const others = (r.filter?.filters ?? []).filter((f) => f.field !== field);
      return { ...r, skip: 0, filter: { logic: 'and', filters: filter ? [...others, filter] : others } };
    });
  }, []);

  const clearFilters = useCallback(() => {
    setRequest((r) => ({ ...r, skip: 0, filter: { logic: 'and', filters: [] } }));
  }, []);

  /** Moves a column to the position of another (drag and drop) or by one step (column menu). */
  const moveColumn = useCallback(
    (field: string, target: string | -1 | 1) => {
      const current = [...order];
      const from = current.indexOf(field);
      const to = typeof target === 'string' ? current.indexOf(target) : from + target;
      if (from < 0 || to < 0 || to >= current.length || from === to) return;
      current.splice(from, 1);
      current.splice(to, 0, field);
      setOrder(current);
    },
    [order],
  );

  const setWidth = useCallback((field: string, width: number | null) => {
    setWidths((w) => {
      const next = { ...w };
      if (width === null) delete next[field];
      else next[field] = Math.round(width);
      return next;
    });
  }, []);

  /** Back to the declared columns, widths, sort and first page; the saved preferences are forgotten. */
  const resetLayout = useCallback(() => {
    clearGridStorage(gridKey, userId);
    setOrder(null);
    setWidths({});
    setRequest(initialRequest(defaults));
  }, [gridKey, userId, defaults]);

  return {
    request,
    order,
    widths,
    setPage,
    setPageSize,
    setSort,
    toggleSort,
    setFilter,
    clearFilters,
    moveColumn,
    setWidth,
    resetLayout,
  };
}

export type GridController = ReturnType<typeof useGridState>;
