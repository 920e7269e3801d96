import { IconCalendarPlus, IconClipboardPlus, IconHistory, IconListDetails, IconTimeline, IconTools } from '@tabler/icons-react';
import type { AreaDefinition } from '../../../../areas/area-types';
import { lazyArea } from '../../../../components/lazy-area';
import { WORK_ORDER_OFFICE_PATHS as PATHS } from './office-paths';

/**
 * The office's work-order pages (spec platform 2.1): the company-wide grid, creating a work order, the change
 * history, and a work order's status history and visits (reached from the work order page).
 */
export const WORK_ORDER_OFFICE_AREAS: AreaDefinition[] = [
  {
    path: PATHS.root,
    domain: 'office',
    label: 'Work Orders',
    description: 'All work orders, or yours.',
    icon: IconTools,
    requirement: { kind: 'area', area: 'Work Orders', level: 'read' },
    component: lazyArea(() => import('./work-orders-redirect')),
    isLinkTargetOnly: true,
  },
  {
    path: PATHS.all,
    domain: 'office',
    label: 'All Work Orders',
    description: "Every work order of the company: find, sort and filter on any column.",
    icon: IconListDetails,
    requirement: { kind: 'area', area: 'Work Orders', level: 'read', functionality: 'All WorkOrders' },
    component: lazyArea(() => import('./all-work-orders-page')),
  },
  {
    path: PATHS.create,
    domain: 'office',
    label: 'New Work Order',
    description: 'Open a work order for a customer and assign technicians.',
    icon: IconClipboardPlus,
    requirement: { kind: 'area', area: 'Work Orders', level: 'write', functionality: 'Create Work Order' },
    component: lazyArea(() => import('./create-work-order-page')),
    isLinkTargetOnly: true,
  },
  {
    path: PATHS.history,
    domain: 'office',
    label: 'Work Order History',
    description: 'Who changed which work order, when, and what changed.',
    icon: IconHistory,
    requirement: { kind: 'area', area: 'Work Orders', level: 'read', functionality: 'WorkOrder History' },
    component: lazyArea(() => import('./work-order-history-page')),
  },
  {
    path: PATHS.statusHistory,
    domain: 'office',
    label: 'Status History',
    description: 'Every status change of a work order.',
    icon: IconTimeline,
    requirement: { kind: 'area', area: 'Work Orders', level: 'read', functionality: 'Status History' },
    component: lazyArea(() => import('./status-history-page')),
    isLinkTargetOnly: true,
  },
  {
    path: PATHS.schedule,
    domain: 'office',
    label: 'Work Order Schedule',
    description: 'The visits planned for a work order, and a form to plan one.',
    icon: IconCalendarPlus,
    requirement: { kind: 'area', area: 'Work Orders', level: 'read' },
    component: lazyArea(() => import('./work-order-schedule-page')),
    isLinkTargetOnly: true,
  },
];
