import { IconClipboardList, IconFileDollar, IconTags } from '@tabler/icons-react';
import { SALES_PATHS, SALES_QUOTES_ACCESS, SALES_TAGS_ACCESS, SALES_WORK_ORDERS_ACCESS } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

/** The sales pages (spec platform 2.1 /sales/*): a sales person's work orders, quotes and tags (his commissions are money's). */
export const SALES_AREAS: AreaDefinition[] = [
  {
    path: SALES_PATHS.workOrders,
    domain: 'office',
    label: 'Sales Work Orders',
    description: 'The work orders you sold, with their status and invoice.',
    icon: IconClipboardList,
    requirement: SALES_WORK_ORDERS_ACCESS,
    component: lazyArea(() => import('./sales-work-orders-page')),
  },
  {
    path: SALES_PATHS.quotes,
    domain: 'office',
    label: 'Sales Quotes',
    description: 'The quotes of the customers you sell to.',
    icon: IconFileDollar,
    requirement: SALES_QUOTES_ACCESS,
    component: lazyArea(() => import('./sales-quotes-page')),
  },
  {
    path: SALES_PATHS.tags,
    domain: 'office',
    label: 'Sales Tags',
    description: 'Tag customers and work orders to follow them up.',
    icon: IconTags,
    requirement: SALES_TAGS_ACCESS,
    component: lazyArea(() => import('./sales-tags-page')),
  },
];
