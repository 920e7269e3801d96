import { IconClockHour4 } from '@tabler/icons-react';
import { TIMESHEET_OWN } from '@sm/shared';
import type { AreaDefinition } from '../../areas/area-registry';
import { lazyArea } from '../../components/lazy-area';

export const PAYROLL_PATH = '/payroll';

/**
 * Timesheets (spec platform 2.1 /payroll): everyone reads their own; payroll reads everyone's, approves them and locks
 * the pay period.
 */
export const PAYROLL_AREAS: AreaDefinition[] = [
  {
    path: PAYROLL_PATH,
    label: 'Timesheets',
    description: 'Hours by pay period, built from labor on work orders and work statuses.',
    icon: IconClockHour4,
    requirement: TIMESHEET_OWN,
    component: lazyArea(() => import('./payroll-page')),
  },
];
