import { IconAlertTriangle } from '@tabler/icons-react';
import type { Requirement } from '@sm/shared';
import type { AreaDefinition } from '../../areas/area-registry';
import { lazyArea } from '../../components/lazy-area';

/** Managers read write-ups with the Team Leader area, and write them with its write level (as the server checks). */
export const WRITE_UPS_READ: Requirement = { kind: 'area', area: 'Team Leader', level: 'read' };
export const WRITE_UPS_WRITE: Requirement = { kind: 'area', area: 'Team Leader', level: 'write' };
export const WRITE_UPS_PATH = '/management/writeUps';

export const WRITE_UPS_AREAS: AreaDefinition[] = [
  {
    path: WRITE_UPS_PATH,
    label: 'Write-Ups',
    description: 'Write-ups of your staff: write one, change one, see who dismissed theirs.',
    icon: IconAlertTriangle,
    requirement: WRITE_UPS_READ,
    component: lazyArea(() => import('./write-ups-page')),
  },
];
