import { IconNumber } from '@tabler/icons-react';
import { PURCHASE_ORDERS_READ } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

/** The purchase order settings the administration index links to: readers of Purchase Orders see the number; "Manage PO Numbers" changes it. */
export const PURCHASING_SETTINGS = [
  {
    path: '/administration/account-settings/purchaseOrdersNumber',
    domain: 'administration',
    label: 'Manage PO Numbers',
    description: 'The number the next purchase order gets.',
    icon: IconNumber,
    requirement: PURCHASE_ORDERS_READ,
    component: lazyArea(() => import('./purchase-order-number-page')),
    isLinkTargetOnly: true,
  },
] satisfies AreaDefinition[];
