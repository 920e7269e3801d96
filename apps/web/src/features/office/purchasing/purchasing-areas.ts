import { IconFileInvoice, IconFilePencil, IconFilePlus, IconNumber, IconShoppingCart } from '@tabler/icons-react';
import {
  PURCHASE_ORDER_EDIT_PATH, PURCHASE_ORDER_NEW_PATH, PURCHASE_ORDER_PATH, PURCHASE_ORDERS_PATH, PURCHASE_ORDERS_READ, PURCHASE_ORDERS_WRITE,
} from '@sm/shared';
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

/** Purchase orders (spec platform 2.1 /purchaseOrders) in the navbar; the new-order form and one order are reached through links. */
export const PURCHASE_ORDER_AREAS: AreaDefinition[] = [
  {
    path: PURCHASE_ORDERS_PATH,
    domain: 'office',
    label: 'Purchase Orders',
    description: 'Parts ordered from vendors: sent, received into a warehouse or truck, back ordered and closed.',
    icon: IconShoppingCart,
    requirement: PURCHASE_ORDERS_READ,
    component: lazyArea(() => import('./purchase-orders-page')),
  },
  {
    path: PURCHASE_ORDER_NEW_PATH,
    domain: 'office',
    label: 'New Purchase Order',
    description: 'Order parts from a vendor, for a work order or for stock.',
    icon: IconFilePlus,
    requirement: PURCHASE_ORDERS_WRITE,
    component: lazyArea(() => import('./purchase-order-form-page')),
    isLinkTargetOnly: true,
  },
  {
    path: PURCHASE_ORDER_PATH,
    domain: 'office',
    label: 'Purchase Order',
    description: 'One purchase order: its lines, receipts and back orders; send, receive, close or cancel it.',
    icon: IconFileInvoice,
    requirement: PURCHASE_ORDERS_READ,
    component: lazyArea(() => import('./purchase-order-view-page')),
    isLinkTargetOnly: true,
  },
  {
    path: PURCHASE_ORDER_EDIT_PATH,
    domain: 'office',
    label: 'Edit Purchase Order',
    description: 'Change the vendor, ship-to, work order and lines of a purchase order.',
    icon: IconFilePencil,
    requirement: PURCHASE_ORDERS_WRITE,
    component: lazyArea(() => import('./purchase-order-form-page')),
    isLinkTargetOnly: true,
  },
];
