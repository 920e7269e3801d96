import { IconChartBar } from '@tabler/icons-react';
import { REPORTS_READ } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

/** The office's reports. */
export const REPORTS_AREAS: AreaDefinition[] = [
  {
    path: '/reports',
    domain: 'office',
    label: 'Reports',
    description: 'Revenue, work-order aging and quote conversion, charted, exported and printed.',
    icon: IconChartBar,
    requirement: REPORTS_READ,
    component: lazyArea(() => import('./reports-page')),
  },
];
