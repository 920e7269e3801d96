import { gridRequestSchema } from '@sm/shared';
import { safeStorage } from '../../lib/browser-storage';
import type { GridState } from './grid-types';

type Part = 'request' | 'columns' | 'widths' | 'hidden';

/**
 * localStorage key of one part of a user's grid, the browser's copy of the layout the server keeps (spec platform 1:
 * per-user grid preferences), read only when the server cannot be reached.
 */
export function gridStorageKey(gridKey: string, userId: number | string, part: Part): string {
  return `sm.grid.${gridKey}.${userId}.${part}`;
}

/** The saved grid request, validated with the shared schema; null when absent or no longer valid. */
export function loadGridRequest(gridKey: string, userId: number | string): GridState | null {
  const parsed = gridRequestSchema.safeParse(safeStorage.readJson(localStorage, gridStorageKey(gridKey, userId, 'request')));
  return parsed.success ? parsed.data : null;
}

/** The saved column order (fields), or null. */
export function loadColumnOrder(gridKey: string, userId: number | string): string[] | null {
  const value = safeStorage.readJson(localStorage, gridStorageKey(gridKey, userId, 'columns'));
  return Array.isArray(value) && value.every((f) => typeof f === 'string') ? value : null;
}

/** The saved column widths by field, or an empty record. */
export function loadColumnWidths(gridKey: string, userId: number | string): Record<string, number> {
  const value = safeStorage.readJson(localStorage, gridStorageKey(gridKey, userId, 'widths'));
  if (typeof value !== 'object' || value === null) return {};
  const widths: Record<string, number> = {};
  for (const [field, width] of Object.entries(value)) {
    if (typeof width === 'number' && Number.isFinite(width) && width > 0) widths[field] = width;
  }
  return widths;
}

/** The saved hidden columns (fields), or none. */
export function loadHiddenColumns(gridKey: string, userId: number | string): string[] {
  const value = safeStorage.readJson(localStorage, gridStorageKey(gridKey, userId, 'hidden'));
  return Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : [];
}

/** Saves one part of the grid's preferences. */
export function saveGridPart(gridKey: string, userId: number | string, part: Part, value: unknown): void {
  safeStorage.writeJson(localStorage, gridStorageKey(gridKey, userId, part), value);
}

/** Forgets every saved part of the grid (Reset layout). */
export function clearGridStorage(gridKey: string, userId: number | string): void {
  for (const part of ['request', 'columns', 'widths', 'hidden'] as const) {
    safeStorage.remove(localStorage, gridStorageKey(gridKey, userId, part));
  }
}

/** Saved fields in saved order, unknown ones dropped, new columns appended in their declared order. */
export function reconcileOrder(saved: readonly string[] | null, fields: readonly string[]): string[] {
  const known = (saved ?? []).filter((f) => fields.includes(f));
  return [...new Set([...known, ...fields])];
}
