import { IconCalendarEvent, IconClipboardList, IconEdit, IconHome, IconLayoutDashboard, IconPhoneCall, IconPlugConnected, IconRoute, IconShieldLock } from '@tabler/icons-react';
import { LANDING_PATHS } from '@sm/shared';
import { lazyArea } from '../components/lazy-area';
import { HOME_PATH, type AreaDefinition } from './area-types';
import { PROVIDER_SETTINGS_PATHS } from '../features/field/provider-settings/provider-settings-paths';
import { WORK_ORDER_EDIT_ROUTE } from '../features/office/work-orders/edit/work-order-paths';
import { WORK_ORDER_ITEM_AREAS } from '../features/office/work-orders/items/item-areas';
import { WORK_ORDER_OFFICE_AREAS } from '../features/office/work-orders/office/office-areas';
import { CUSTOMER_AREAS } from '../features/office/customers/customer-areas';
import { EQUIPMENT_AREAS } from '../features/office/equipment/equipment-areas';
import { PM_BOARD_AREAS } from '../features/office/pm-board/pm-board-areas';
import { ROLE_BOARD_AREAS } from '../features/office/role-boards/role-boards-areas';
import { PROJECT_AREAS } from '../features/office/projects/projects-areas';
import { REFRIGERANT_AREAS } from '../features/office/refrigerant/refrigerant-areas';
import { PM_CONTRACT_AREAS } from '../features/office/pm-contracts/pm-contracts-areas';
import { INVENTORY_AREAS } from '../features/office/inventory/inventory-areas';
import { FLEET_AREAS } from '../features/field/fleet/fleet-areas';
import { PURCHASE_ORDER_AREAS } from '../features/office/purchasing/purchasing-areas';
import { VENDOR_CREDIT_AREAS } from '../features/office/vendor-credits/vendor-credits-areas';
import { ADMINISTRATION_AREAS } from '../features/platform/administration/administration-areas';
import { SEARCH_AREA } from '../features/office/search/search-area';
import { QUOTES_AREAS } from '../features/money/quotes/quotes-areas';
import { ESTIMATES_AREAS } from '../features/money/estimates/estimates-areas';
import { INVOICES_AREAS } from '../features/money/invoices/invoices-areas';
import { COLLECTION_AREAS } from '../features/money/collections/collections-areas';
import { EMAIL_TEMPLATE_AREAS } from '../features/platform/email-templates/email-templates-areas';
import { WRITE_UPS_AREAS } from '../features/people/write-ups/write-ups-areas';
import { PAY_RAISE_AREAS } from '../features/people/pay-raises/pay-raises-areas';
import { MY_SOP_AREAS } from '../features/people/sop/sop-areas';
import { PAYROLL_AREAS } from '../features/people/payroll/payroll-areas';
import { REPORTS_AREAS } from '../features/office/reports/reports-areas';
import { SALES_AREAS } from '../features/office/sales/sales-areas';
import { COMMISSION_AREAS } from '../features/money/commissions/commissions-areas';

/**
 * The single registry of built areas. The router, the navbar, the home cards and the sign-in landing all
 * read it (the app's root hands it down through `AreasContext`), so an area exists everywhere or nowhere.
 */
export const AREAS: readonly AreaDefinition[] = [
  {
    path: HOME_PATH,
    domain: 'office',
    label: 'Home',
    description: 'Your day at a glance.',
    icon: IconHome,
    requirement: { kind: 'signedIn' },
    component: lazyArea(() => import('../features/platform/home/home-page')),
  },
  {
    path: '/workOrder/mine',
    domain: 'field',
    label: 'My Work Orders',
    description: 'The work orders assigned to you.',
    icon: IconClipboardList,
    requirement: { kind: 'area', area: 'Work Orders', level: 'read', functionality: 'My WorkOrders' },
    component: lazyArea(() => import('../features/office/work-orders/my-work-orders-page')),
  },
  {
    path: LANDING_PATHS.masterBoard,
    domain: 'field',
    label: 'Master Board',
    description: 'Your technicians today: status, current job, schedule and map, live.',
    icon: IconLayoutDashboard,
    requirement: { kind: 'area', area: 'Team Leader', level: 'read' },
    component: lazyArea(() => import('../features/field/boards/master-board-page')),
  },
  {
    path: '/techScheduledRoute',
    domain: 'field',
    label: 'My Route',
    description: 'Your visits today in order, with Start and Stop and a map.',
    icon: IconRoute,
    requirement: { kind: 'area', area: 'Scheduler', level: 'read' },
    component: lazyArea(() => import('../features/field/boards/tech-route-page')),
  },
  {
    path: LANDING_PATHS.dispatcherBoard,
    domain: 'field',
    label: 'Dispatcher Board',
    description: 'Plan visits, tasks and appointments for your technicians on a calendar.',
    icon: IconCalendarEvent,
    requirement: { kind: 'area', area: 'Scheduler', level: 'write' },
    component: lazyArea(() => import('../features/field/scheduling/dispatcher-board-page')),
  },
  {
    path: LANDING_PATHS.salesScheduler,
    domain: 'field',
    label: 'Sales Scheduler',
    description: 'Plan your calls, visits and demos for customers on a calendar.',
    icon: IconPhoneCall,
    requirement: { kind: 'area', area: 'Sales Scheduler', level: 'read' },
    component: lazyArea(() => import('../features/field/sales-scheduling/sales-scheduler-page')),
  },
  {
    path: PROVIDER_SETTINGS_PATHS.corrigo,
    domain: 'administration',
    label: 'Corrigo',
    description: "Connect your company's Corrigo account, test it, and see the work orders it links.",
    icon: IconPlugConnected,
    requirement: { kind: 'area', area: 'Service Channel', level: 'read' },
    component: lazyArea(() => import('../features/field/provider-settings/provider-settings-page')),
  },
  {
    path: PROVIDER_SETTINGS_PATHS.serviceChannel,
    domain: 'administration',
    label: 'ServiceChannel',
    description: "Connect your company's ServiceChannel account, test it, and see the work orders it links.",
    icon: IconPlugConnected,
    requirement: { kind: 'area', area: 'Service Channel', level: 'read' },
    component: lazyArea(() => import('../features/field/provider-settings/provider-settings-page')),
  },
  {
    path: '/permissions',
    domain: 'administration',
    label: 'Permissions',
    description: 'What each role of your company may read, write and do.',
    icon: IconShieldLock,
    requirement: { kind: 'superAdmin' },
    component: lazyArea(() => import('../features/platform/permissions/permissions-page')),
  },
  {
    path: WORK_ORDER_EDIT_ROUTE,
    domain: 'office',
    label: 'Work Order',
    description: 'One work order: its customer, problem, labor and the clock.',
    icon: IconEdit,
    requirement: { kind: 'area', area: 'Work Orders', level: 'read' },
    component: lazyArea(() => import('../features/office/work-orders/edit/work-order-edit-page')),
    isLinkTargetOnly: true,
  },
  ...WORK_ORDER_ITEM_AREAS,
  ...WORK_ORDER_OFFICE_AREAS,
  ...CUSTOMER_AREAS,
  ...REFRIGERANT_AREAS,
  ...EQUIPMENT_AREAS,
  ...PM_BOARD_AREAS,
  ...ROLE_BOARD_AREAS,
  ...PROJECT_AREAS,
  ...PM_CONTRACT_AREAS,
  ...INVENTORY_AREAS,
  ...FLEET_AREAS,
  ...SALES_AREAS,
  ...COMMISSION_AREAS,
  ...PURCHASE_ORDER_AREAS,
  ...VENDOR_CREDIT_AREAS,
  ...QUOTES_AREAS,
  ...ESTIMATES_AREAS,
  ...INVOICES_AREAS,
  ...COLLECTION_AREAS,
  ...EMAIL_TEMPLATE_AREAS,
  ...WRITE_UPS_AREAS,
  ...PAY_RAISE_AREAS,
  ...PAYROLL_AREAS,
  ...REPORTS_AREAS,
  ...MY_SOP_AREAS,
  ...ADMINISTRATION_AREAS,
  SEARCH_AREA,
];
