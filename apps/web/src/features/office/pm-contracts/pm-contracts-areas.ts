import { IconCalendarRepeat, IconFileCertificate } from '@tabler/icons-react';
import { PM_CONTRACT_PATH, PM_CONTRACTS_PATH, type Requirement } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

/** Preventive-maintenance contracts are kept under PM Lists: read to see them, write to change, send and cancel them. */
export const PM_CONTRACT_REQUIREMENT: Requirement = { kind: 'area', area: 'PM Lists', level: 'read' };

/** The contracts (spec platform 2.1 /preventative-maintenance) in the navbar; one contract's page is reached through links. */
export const PM_CONTRACT_AREAS: AreaDefinition[] = [
  {
    path: PM_CONTRACTS_PATH,
    domain: 'office',
    label: 'PM Contracts',
    description: 'Preventive-maintenance contracts: the equipment, tasks, frequency and price, and the customer\u2019s approval.',
    icon: IconCalendarRepeat,
    requirement: PM_CONTRACT_REQUIREMENT,
    component: lazyArea(() => import('./pm-contracts-page')),
  },
  {
    path: PM_CONTRACT_PATH,
    domain: 'office',
    label: 'PM Contract',
    description: 'One preventive-maintenance contract: view, edit, send for approval or cancel it.',
    icon: IconFileCertificate,
    requirement: PM_CONTRACT_REQUIREMENT,
    component: lazyArea(() => import('./pm-contract-page')),
    isLinkTargetOnly: true,
  },
];
