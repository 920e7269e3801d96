import { IconDropletExclamation } from '@tabler/icons-react';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { LEAK_REPAIRS_READ, REFRIGERANT_PATHS } from './refrigerant-paths';

/** The leak repairs the refrigerant log opens, reached from the equipment register. */
export const REFRIGERANT_AREAS: AreaDefinition[] = [
  {
    path: REFRIGERANT_PATHS.leakRepairs,
    domain: 'office',
    label: 'Leak Repairs',
    description: 'Appliances leaking above their rate: repair deadlines and verification tests.',
    icon: IconDropletExclamation,
    requirement: LEAK_REPAIRS_READ,
    component: lazyArea(() => import('./leak-repairs-page')),
    isLinkTargetOnly: true,
  },
];
