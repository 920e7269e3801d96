/**
 * The sub-paths of a work order where things are added to it (spec platform 2.1). Each page returns to the work
 * order page when done.
 */
export const ITEM_SUB_PATHS = {
  material: 'material/add',
  standardItem: 'standardItems/add',
  rateSheetItem: 'rateSheetStandardItems/add',
  job: 'workOrderJobs/add',
  surveyJob: 'surveyJobs/add',
  equipmentTasks: 'equipmentTaskList',
  sign: 'sign',
} as const;

export type ItemSubPath = keyof typeof ITEM_SUB_PATHS;

/** The route pattern of one sub-path, e.g. `/workOrder/:workOrderNumber/material/add`. */
export const itemRoute = (page: ItemSubPath) => `/workOrder/:workOrderNumber/${ITEM_SUB_PATHS[page]}`;

/** The link to one sub-path of a work order, e.g. `itemPath('240001', 'sign')` → `/workOrder/240001/sign`. */
export function itemPath(workOrderNumber: string | number, page: ItemSubPath): string {
  return `/workOrder/${encodeURIComponent(String(workOrderNumber))}/${ITEM_SUB_PATHS[page]}`;
}
