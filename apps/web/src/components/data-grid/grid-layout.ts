import { DEFAULT_PAGE_SIZE, gridLayoutSchema, PAGE_SIZES, type GridLayout } from '@sm/shared';
import { loadColumnOrder, loadColumnWidths, loadGridRequest, loadHiddenColumns, reconcileOrder } from './grid-storage';
import type { GridState } from './grid-types';

export interface GridDefaults {
  sort?: GridState['sort'];
  take?: number;
}

/** What a person arranged in a grid: its request, their column order (null: as declared), widths and hidden columns. */
export interface GridArrangement {
  request: GridState;
  order: string[] | null;
  widths: Record<string, number>;
  hidden: string[];
}

/** The grid as it opens when nothing was saved. */
export function initialRequest(defaults: GridDefaults): GridState {
  return {
    take: defaults.take ?? DEFAULT_PAGE_SIZE,
    skip: 0,
    sort: defaults.sort ?? [],
    filter: { logic: 'and', filters: [] },
    group: [],
    aggregate: [],
  };
}

export const defaultArrangement = (defaults: GridDefaults): GridArrangement => ({ request: initialRequest(defaults), order: null, widths: {}, hidden: [] });

const pageSizeOr = (take: number) => ((PAGE_SIZES as readonly number[]).includes(take) ? take : DEFAULT_PAGE_SIZE);

/** A layout kept on the server as the grid opens with it (first page); one that no longer reads as a layout is ignored. */
export function arrangementOf(layout: GridLayout | null, defaults: GridDefaults): GridArrangement {
  const parsed = gridLayoutSchema.safeParse(layout);
  if (!layout || !parsed.success) return defaultArrangement(defaults);
  const { request, columns } = parsed.data;
  const widths: Record<string, number> = {};
  for (const c of columns) if (c.width !== null) widths[c.field] = c.width;
  return {
    request: { ...initialRequest(defaults), take: pageSizeOr(request.pageSize), sort: request.sort, filter: request.filters ?? { logic: 'and', filters: [] } },
    order: columns.length > 0 ? columns.map((c) => c.field) : null,
    widths,
    hidden: columns.filter((c) => c.hidden).map((c) => c.field),
  };
}

/** The layout the server keeps for an arrangement: every declared column in the person's order. */
export function layoutOf(arrangement: GridArrangement, fields: readonly string[]): GridLayout {
  const { request, widths, hidden } = arrangement;
  return {
    request: { filters: request.filter, sort: request.sort, pageSize: request.take },
    columns: reconcileOrder(arrangement.order, fields).map((field) => ({ field, width: widths[field] ?? null, ...(hidden.includes(field) ? { hidden: true } : {}) })),
  };
}

/** The copy this browser keeps, for when the server cannot be reached. */
export function localArrangement(gridKey: string, userId: number, defaults: GridDefaults): GridArrangement {
  const saved = loadGridRequest(gridKey, userId);
  return {
    request: saved ? { ...saved, take: pageSizeOr(saved.take), total: undefined } : initialRequest(defaults),
    order: loadColumnOrder(gridKey, userId),
    widths: loadColumnWidths(gridKey, userId),
    hidden: loadHiddenColumns(gridKey, userId),
  };
}
