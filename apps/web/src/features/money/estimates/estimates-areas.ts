import { IconCalculator, IconFilePlus, IconFileText } from '@tabler/icons-react';
import { ESTIMATES_READ, ESTIMATES_WRITE } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { ESTIMATES_PATHS } from './estimates-paths';

/**
 * The customer estimate pages (spec platform 2.1): the grid of estimates, adding one for a customer, and one estimate
 * (reached through links). Under the Quotes permission area: read to see them, write to add and change them.
 */
export const ESTIMATES_AREAS: AreaDefinition[] = [
  {
    path: ESTIMATES_PATHS.root,
    domain: 'money',
    label: 'Estimates',
    description: 'Priced work offered to customers before a work order exists.',
    icon: IconCalculator,
    requirement: ESTIMATES_READ,
    component: lazyArea(() => import('./estimates-page')),
  },
  {
    path: ESTIMATES_PATHS.add,
    domain: 'money',
    label: 'New Estimate',
    description: 'Start an estimate for a customer.',
    icon: IconFilePlus,
    requirement: ESTIMATES_WRITE,
    component: lazyArea(() => import('./create-estimate-page')),
    isLinkTargetOnly: true,
  },
  {
    path: ESTIMATES_PATHS.view,
    domain: 'money',
    label: 'Estimate',
    description: 'One estimate: its lines, totals and the customer’s answer.',
    icon: IconFileText,
    requirement: ESTIMATES_READ,
    component: lazyArea(() => import('./estimate-view-page')),
    isLinkTargetOnly: true,
  },
];
