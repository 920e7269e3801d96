import { IconCashBanknote, IconListCheck, IconMailDollar } from '@tabler/icons-react';
import { COLLECTION_PATH, COLLECTION_TASKS_PATH, COLLECTION_TEMPLATES_PATH, type Requirement } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

/** Reading the receivables: the Collection area (the shared COLLECTION_READ, as a plain value the navbar can read). */
export const COLLECTION_AREA_REQUIREMENT: Requirement = { kind: 'area', area: 'Collection', level: 'read' };

/** Receivables by customer, aged, with credit limits and holds (spec platform 2.1 /collection). */
export const COLLECTION_AREAS: AreaDefinition[] = [
  {
    path: COLLECTION_PATH,
    domain: 'money',
    label: 'Collections',
    description: 'What each billing customer owes, aged by days past due, with credit limits and credit holds.',
    icon: IconCashBanknote,
    requirement: COLLECTION_AREA_REQUIREMENT,
    component: lazyArea(() => import('./collection-page')),
  },
  {
    path: COLLECTION_TASKS_PATH,
    domain: 'money',
    label: 'Collection Tasks',
    description: 'Calls, e-mails and letters owed to customers past due, made each night from the collection task templates.',
    icon: IconListCheck,
    requirement: COLLECTION_AREA_REQUIREMENT,
    component: lazyArea(() => import('./collection-tasks-page')),
  },
];

/** Administration, collectionSettings/collectionTemplate: the dunning e-mails of each aging bucket. */
export const COLLECTION_TEMPLATE_AREA: AreaDefinition = {
  path: COLLECTION_TEMPLATES_PATH,
  domain: 'administration',
  label: 'Collection Templates',
  description: 'The dunning e-mail of each aging bucket, sent nightly with the customer\'s statement.',
  icon: IconMailDollar,
  requirement: COLLECTION_AREA_REQUIREMENT,
  component: lazyArea(() => import('./collection-templates-page')),
  isLinkTargetOnly: true,
};
