export { DataGrid, type DataGridProps } from './data-grid';
export type { FilterOption, FilterType, GridColumn, GridPage, GridState } from './grid-types';
