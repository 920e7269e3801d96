import { IconCalendarCheck } from '@tabler/icons-react';
import { LANDING_PATHS } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

/** The PM board (spec platform 2.1 /management/pmBoard): the PM director's landing, in the navbar for PM Lists readers. */
export const PM_BOARD_AREAS: AreaDefinition[] = [
  {
    path: LANDING_PATHS.pmBoard,
    domain: 'office',
    label: 'PM Board',
    description: 'Preventive-maintenance visits per month and technician: due, generated, scheduled, done and overdue.',
    icon: IconCalendarCheck,
    requirement: { kind: 'area', area: 'PM Lists', level: 'read' },
    component: lazyArea(() => import('./pm-board-page')),
  },
];
