/** The quote addresses of spec platform 2.1. */
export const QUOTES_PATHS = {
  root: '/quotes',
  all: '/quotes/all',
  create: '/quotes/create',
  view: '/quotes/:quoteNumber/:quoteVersion/view',
} as const;

/** `/quotes/{quoteNumber}/{quoteVersion}/view`. */
export const quoteViewPath = (quoteNumber: number, quoteVersion: number) => `/quotes/${quoteNumber}/${quoteVersion}/view`;

/** `/quotes/create?workOrderId=…`: the create page with its work order chosen. */
export const createQuotePath = (workOrderId?: number) => (workOrderId ? `${QUOTES_PATHS.create}?workOrderId=${workOrderId}` : QUOTES_PATHS.create);
