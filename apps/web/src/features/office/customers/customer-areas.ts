import { IconAddressBook, IconArrowsJoin, IconBuildingStore, IconEdit, IconUserPlus, IconUsers, IconUserSearch } from '@tabler/icons-react';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { CUSTOMER_PATHS } from './customer-paths';

const formPages = () => import('./customer-form-page');

/**
 * The customer pages (spec platform 2.1): the grid, the look-up, contacts and the merge in the navbar; adding,
 * editing and one customer's page are reached through links. The fixed paths come before `/customer/:customerId`.
 */
export const CUSTOMER_AREAS: AreaDefinition[] = [
  {
    path: CUSTOMER_PATHS.grid,
    domain: 'office',
    label: 'Customers',
    description: 'Billing customers and their service locations.',
    icon: IconUsers,
    requirement: { kind: 'area', area: 'Customers', level: 'read' },
    component: lazyArea(() => import('./customers-page')),
  },
  {
    path: CUSTOMER_PATHS.lookUp,
    domain: 'office',
    label: 'Customer Look-Up',
    description: 'Find a customer by name, address or phone.',
    icon: IconUserSearch,
    requirement: { kind: 'area', area: 'Customers', level: 'read' },
    component: lazyArea(() => import('./customer-look-up-page')),
  },
  {
    path: CUSTOMER_PATHS.add,
    domain: 'office',
    label: 'Add Customer',
    description: 'A new billing customer, or a service location of one.',
    icon: IconUserPlus,
    requirement: { kind: 'area', area: 'Customers', level: 'write' },
    component: lazyArea(() => formPages().then((m) => ({ default: m.CustomerAddPage }))),
    isLinkTargetOnly: true,
  },
  {
    path: CUSTOMER_PATHS.edit,
    domain: 'office',
    label: 'Edit Customer',
    description: "Change a customer's details, billing, flags and notes.",
    icon: IconEdit,
    requirement: { kind: 'area', area: 'Customers', level: 'write' },
    component: lazyArea(() => formPages().then((m) => ({ default: m.CustomerEditPage }))),
    isLinkTargetOnly: true,
  },
  {
    path: CUSTOMER_PATHS.details,
    domain: 'office',
    label: 'Customer',
    description: 'One customer: its locations, contacts, flags and notes.',
    icon: IconBuildingStore,
    requirement: { kind: 'area', area: 'Customers', level: 'read' },
    component: lazyArea(() => import('./customer-page')),
    isLinkTargetOnly: true,
  },
  {
    path: CUSTOMER_PATHS.contacts,
    domain: 'office',
    label: 'Contacts',
    description: 'The people to call at your customers.',
    icon: IconAddressBook,
    requirement: { kind: 'area', area: 'Contacts', level: 'read' },
    component: lazyArea(() => import('./contacts-page')),
  },
  {
    path: CUSTOMER_PATHS.merge,
    domain: 'office',
    label: 'Merge Customers',
    description: 'Merge a duplicate customer into the one to keep.',
    icon: IconArrowsJoin,
    requirement: { kind: 'area', area: 'Customers', level: 'write', functionality: 'All Customers' },
    component: lazyArea(() => import('./merge-customers-page')),
  },
];
