import { IconAlertTriangle, IconCalendarStats, IconClockHour4, IconReportMoney } from '@tabler/icons-react';
import { PAY_FIGURES, TIMESHEET_ALL, TIMESHEET_OWN } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { CLOCK_CONFLICTS_PATH, TIMESHEETS_PATH } from './clock-conflicts-notice';

export const PAYROLL_PATH = TIMESHEETS_PATH;
export const PAYROLL_REPORT_PATH = '/administration/payrollReport';

/**
 * Timesheets (spec platform 2.1 /payroll): everyone reads their own; payroll reads everyone's, approves them and locks
 * the pay period.
 */
export const PAYROLL_AREAS: AreaDefinition[] = [
  {
    path: PAYROLL_PATH,
    domain: 'people',
    label: 'Timesheets',
    description: 'Hours by pay period, built from labor on work orders and work statuses.',
    icon: IconClockHour4,
    requirement: TIMESHEET_OWN,
    component: lazyArea(() => import('./payroll-page')),
  },
  {
    path: CLOCK_CONFLICTS_PATH,
    domain: 'people',
    label: 'Clock Conflicts',
    description: 'Clock actions sent late from a phone that could not be recorded, to apply or dismiss.',
    icon: IconAlertTriangle,
    requirement: TIMESHEET_ALL,
    component: lazyArea(() => import('./clock-conflicts-page')),
    isLinkTargetOnly: true,
  },
];

/** The payroll report (spec platform 2.1 /administration/payrollReport): pay figures, for "Can Access Payroll" only. */
export const PAYROLL_REPORT_AREA = {
  path: PAYROLL_REPORT_PATH,
  domain: 'people',
  label: 'Payroll Report',
  description: 'Pay by pay period, to the cent, from the approved hours: regular, overtime and time off.',
  icon: IconReportMoney,
  requirement: PAY_FIGURES,
  component: lazyArea(() => import('./payroll-report-page')),
  isLinkTargetOnly: true,
} satisfies AreaDefinition;

/** Financial periods (account settings financialPeriods): pay and billing periods of the company's own dates. */
export const FINANCIAL_PERIODS_AREA = {
  path: '/administration/financialPeriods',
  domain: 'people',
  label: 'Financial Periods',
  description: "Pay periods and billing periods of the company's own dates.",
  icon: IconCalendarStats,
  requirement: TIMESHEET_ALL,
  component: lazyArea(() => import('./financial-periods-page')),
  isLinkTargetOnly: true,
} satisfies AreaDefinition;
