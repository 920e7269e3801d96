import { IconBellCheck, IconClipboardCheck, IconListCheck, IconUserCheck } from '@tabler/icons-react';
import { SOP_READ } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { SOP_PATHS } from './sop-paths';

/** The office's SOP pages, which the administration index links to beside its settings (the Users permission area). */
export const SOP_SETTINGS = [
  {
    path: SOP_PATHS.details,
    domain: 'people',
    label: 'SOP Details',
    description: 'Standard operating procedures: what to do, their checklist steps, and whom they are given to.',
    icon: IconClipboardCheck,
    requirement: SOP_READ,
    component: lazyArea(() => import('./sop-details-page')),
    isLinkTargetOnly: true,
  },
  {
    path: SOP_PATHS.acknowledgements,
    domain: 'people',
    label: 'SOP Acknowledgements',
    description: 'Who was given which SOP, whether they acknowledged it, and how many of its steps they did.',
    icon: IconUserCheck,
    requirement: SOP_READ,
    component: lazyArea(() => import('./sop-acknowledgements-page')),
    isLinkTargetOnly: true,
  },
] satisfies AreaDefinition[];

/** Everyone's own SOPs and checklist steps to acknowledge, reached from the notices panel. */
export const MY_SOP_AREAS: AreaDefinition[] = [
  {
    path: SOP_PATHS.myNotifications,
    domain: 'people',
    label: 'SOP Notifications',
    description: 'The SOPs given to you, waiting for you to read and acknowledge them.',
    icon: IconBellCheck,
    requirement: { kind: 'signedIn' },
    component: lazyArea(() => import('./my-sops-page')),
    isLinkTargetOnly: true,
  },
  {
    path: SOP_PATHS.myCheckList,
    domain: 'people',
    label: 'Checklist Notifications',
    description: 'The checklist steps of your SOPs, waiting for you to do them.',
    icon: IconListCheck,
    requirement: { kind: 'signedIn' },
    component: lazyArea(() => import('./my-check-list-page')),
    isLinkTargetOnly: true,
  },
];
