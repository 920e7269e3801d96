import { GRID_LAYOUT_SAVE_DELAY_MS, type GridFilter } from '@sm/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defaultArrangement, layoutOf, type GridArrangement, type GridDefaults } from './grid-layout';
import { forgetGridLayout, saveGridLayout } from './grid-preferences-api';
import { clearGridStorage, reconcileOrder, saveGridPart } from './grid-storage';

export type { GridDefaults } from './grid-layout';

/**
 * Sends the layout to the server about a second after the last change, and at once when the grid goes away or the
 * page is left, so a person's arrangement follows them to any device. Answers what to call on each change, and how
 * to forget a pending save (Reset layout).
 */
function useLayoutSaver(gridKey: string, fields: readonly string[], arrangement: GridArrangement, initial: GridArrangement) {
  const synced = useRef(JSON.stringify(layoutOf(initial, fields)));
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(
    (keepalive: boolean) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const text = pending.current;
      if (text === null || text === synced.current) return;
      pending.current = null;
      synced.current = text;
      // A failure leaves the browser's copy, which the grid opens with until the server answers again.
      saveGridLayout(gridKey, JSON.parse(text), keepalive).catch(() => {
        synced.current = '';
      });
    },
    [gridKey],
  );

  const layoutText = useMemo(() => JSON.stringify(layoutOf(arrangement, fields)), [arrangement, fields]);
  useEffect(() => {
    if (layoutText === synced.current && pending.current === null) return;
    pending.current = layoutText;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => flush(false), GRID_LAYOUT_SAVE_DELAY_MS);
  }, [layoutText, flush]);

  useEffect(() => {
    const leave = () => flush(true);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      flush(true);
    };
  }, [flush]);

  /** Drops a pending save and takes `layout` as what the server holds (after Reset layout, nothing: the defaults). */
  const settle = useCallback(
    (arrangementNow: GridArrangement) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current = null;
      synced.current = JSON.stringify(layoutOf(arrangementNow, fields));
    },
    [fields],
  );
  return settle;
}

/**
 * The grid's request (paging, sorting, filtering), column order, widths and hidden columns, starting from what the
 * person saved (`initial`, read from the server before the first page was asked for). Every change is kept in this
 * browser at once and on the server shortly after. Every change that narrows or reorders the rows goes back to the
 * first page.
 */
export function useGridState(gridKey: string, userId: number, fields: readonly string[], defaults: GridDefaults, initial: GridArrangement) {
  const [request, setRequest] = useState(initial.request);
  const [savedOrder, setOrder] = useState(initial.order);
  const [widths, setWidths] = useState(initial.widths);
  const [hidden, setHidden] = useState(initial.hidden);
  const order = useMemo(() => reconcileOrder(savedOrder, fields), [savedOrder, fields]);
  const arrangement = useMemo(() => ({ request, order: savedOrder, widths, hidden }), [request, savedOrder, widths, hidden]);
  const settle = useLayoutSaver(gridKey, fields, arrangement, initial);

  useEffect(() => saveGridPart(gridKey, userId, 'request', request), [gridKey, userId, request]);
  useEffect(() => {
    if (savedOrder) saveGridPart(gridKey, userId, 'columns', savedOrder);
  }, [gridKey, userId, savedOrder]);
  useEffect(() => saveGridPart(gridKey, userId, 'widths', widths), [gridKey, userId, widths]);
  useEffect(() => saveGridPart(gridKey, userId, 'hidden', hidden), [gridKey, userId, hidden]);

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

  /** Moves a column to the position of another (drag and drop) or by one visible step (column menu). */
  const moveColumn = useCallback(
    (field: string, target: string | -1 | 1) => {
      const current = [...order];
      const from = current.indexOf(field);
      let to: number;
      if (typeof target === 'string') to = current.indexOf(target);
      else {
        to = from + target;
        while (to >= 0 && to < current.length && hidden.includes(current[to])) to += target;
      }
      if (from < 0 || to < 0 || to >= current.length || from === to) return;
      current.splice(from, 1);
      current.splice(to, 0, field);
      setOrder(current);
    },
    [order, hidden],
  );

  const setWidth = useCallback((field: string, width: number | null) => {
    setWidths((w) => {
      const next = { ...w };
      if (width === null) delete next[field];
      else next[field] = Math.round(width);
      return next;
    });
  }, []);

  /** Hides a column or shows it again; the last visible column stays. */
  const setHiddenColumn = useCallback(
    (field: string, isHidden: boolean) => {
      setHidden((h) => {
        if (!isHidden) return h.filter((f) => f !== field);
        if (h.includes(field) || fields.filter((f) => !h.includes(f)).length <= 1) return h;
        return [...h, field];
      });
    },
    [fields],
  );

  /** Back to the declared columns, widths, sort and first page; the saved preferences are forgotten, here and on the server. */
  const resetLayout = useCallback(() => {
    const fresh = defaultArrangement(defaults);
    settle(fresh);
    clearGridStorage(gridKey, userId);
    forgetGridLayout(gridKey).catch(() => undefined);
    setOrder(null);
    setWidths({});
    setHidden([]);
    setRequest(fresh.request);
  }, [gridKey, userId, defaults, settle]);

  return {
    request,
    order,
    widths,
    hidden,
    setPage,
    setPageSize,
    setSort,
    toggleSort,
    setFilter,
    clearFilters,
    moveColumn,
    setWidth,
    setHiddenColumn,
    resetLayout,
  };
}

export type GridController = ReturnType<typeof useGridState>;
