/** The office's work-order addresses (spec platform 2.1). */
export const WORK_ORDER_OFFICE_PATHS = {
  root: '/workOrder',
  all: '/workOrder/all',
  mine: '/workOrder/mine',
  create: '/workOrder/create',
  history: '/workOrder/history',
  statusHistory: '/workOrder/:workOrderNumber/showStatusHistory',
  schedule: '/workOrder/:workOrderNumber/schedule',
} as const;

const sub = (workOrderNumber: string | number, page: string) => `/workOrder/${encodeURIComponent(String(workOrderNumber))}/${page}`;

/** `/workOrder/{number}/showStatusHistory`. */
export const statusHistoryPath = (workOrderNumber: string | number) => sub(workOrderNumber, 'showStatusHistory');

/** `/workOrder/{number}/schedule`. */
export const schedulePath = (workOrderNumber: string | number) => sub(workOrderNumber, 'schedule');
