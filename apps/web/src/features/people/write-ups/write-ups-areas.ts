import { IconAlertTriangle } from '@tabler/icons-react';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { WRITE_UPS_PATH, WRITE_UPS_READ } from './write-ups-access';


export const WRITE_UPS_AREAS: AreaDefinition[] = [
  {
    path: WRITE_UPS_PATH,
    domain: 'people',
    label: 'Write-Ups',
    description: 'Write-ups of your staff: write one, change one, see who dismissed theirs.',
    icon: IconAlertTriangle,
    requirement: WRITE_UPS_READ,
    component: lazyArea(() => import('./write-ups-page')),
  },
];
