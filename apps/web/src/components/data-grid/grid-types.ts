import type { GridFilter, GridRequestParsed } from '@sm/shared';
import type { ReactNode } from 'react';

/** The grid request as the grid keeps it: the shared shape with every default filled in. */
export type GridState = GridRequestParsed;

/** How a column is filtered: text → contains/equals; number → equals/greater/less; date → after/before. */
export type FilterType = 'text' | 'number' | 'date' | 'select';

/** The operators the grid offers (a subset of the shared `FILTER_OPERATORS`). */
export type GridOperator = Extract<GridFilter['operator'], 'eq' | 'gt' | 'lt' | 'contains'>;

export const OPERATORS_BY_TYPE: Record<FilterType, readonly GridOperator[]> = {
  text: ['contains', 'eq'],
  number: ['eq', 'gt', 'lt'],
  date: ['gt', 'lt'],
  select: ['eq'],
};

export const OPERATOR_LABELS: Record<GridOperator, string> = {
  eq: 'Equals',
  gt: 'Greater than',
  lt: 'Less than',
  contains: 'Contains',
};

export interface FilterOption {
  value: string | number;
  label: string;
}

/** A column: which field it shows, sorts and filters, and how. */
export interface GridColumn<Row> {
  /** Row field shown, and the server field sorted on. Also the column's id in saved layouts. */
  field: Extract<keyof Row, string>;
  title: string;
  /** Default width in pixels. */
  width?: number;
  sortable?: boolean;
  filter?: FilterType;
  /** Server field filtered when it differs from `field` (e.g. a status id behind a status label). */
  filterField?: string;
  /** Choices of a 'select' filter. */
  filterOptions?: readonly FilterOption[];
  /** Cell content; defaults to the field's value as text. */
  render?: (row: Row) => ReactNode;
}

/** One page of rows and the total across pages, as grid endpoints answer; a grid over a large table may cap the total. */
export interface GridPage<Row> {
  data: Row[];
  total: number;
  /** More rows match than `total` counts (`cappedGridAnswer`). */
  isTotalCapped?: boolean;
}

export const DEFAULT_COLUMN_WIDTH = 160;
/** At phone width the grid shows cards instead of the table. */
export { PHONE_QUERY as GRID_PHONE_QUERY } from '../../lib/media';
export const MIN_COLUMN_WIDTH = 60;

/** The server field a column filters on. */
export function filterFieldOf<Row>(column: GridColumn<Row>): string {
  return column.filterField ?? column.field;
}
