/** The route of the work order page (spec clock 2: the work-orders path followed by {workOrderNumber}/edit). */
export const WORK_ORDER_EDIT_ROUTE = '/workOrder/:workOrderNumber/edit';

/**
 * The link to one work order's page, e.g. `workOrderEditPath('240001')` → `/workOrder/240001/edit`. Grids and
 * dialogs link through this so the route is spelled in one place.
 */
export function workOrderEditPath(workOrderNumber: string | number): string {
  return `/workOrder/${encodeURIComponent(String(workOrderNumber))}/edit`;
}
