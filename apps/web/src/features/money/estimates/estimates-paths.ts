/** The estimate addresses of spec platform 2.1. */
export const ESTIMATES_PATHS = {
  root: '/estimates',
  add: '/estimates/add',
  view: '/estimates/:customerEstimateId/view',
} as const;

/** `/estimates/{customerEstimateId}/view`. */
export const estimateViewPath = (customerEstimateId: number) => `/estimates/${customerEstimateId}/view`;
