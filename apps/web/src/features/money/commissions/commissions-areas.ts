import { IconChartBar, IconPercentage } from '@tabler/icons-react';
import { COMMISSION_STRUCTURE_ACCESS, SALES_PATHS, SALES_REPORTS_ACCESS } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

/** The commission report (spec platform 2.1 /sales/reports), beside the other sales pages in the navbar. */
export const COMMISSION_AREAS: AreaDefinition[] = [
  {
    path: SALES_PATHS.reports,
    domain: 'office',
    label: 'Sales Reports',
    description: 'Commissions earned in a period, by person and kind, with CSV and XLSX.',
    icon: IconChartBar,
    requirement: SALES_REPORTS_ACCESS,
    component: lazyArea(() => import('./sales-reports-page')),
  },
];

/** The commission structure, reached from the administration index. */
export const COMMISSION_STRUCTURE_AREA: AreaDefinition = {
  path: SALES_PATHS.commissionStructure,
  domain: 'administration',
  label: 'Sales Commission Structure',
  description: 'Commission rates of the sales person, manager, previous sales person and territory, by sales class.',
  icon: IconPercentage,
  requirement: COMMISSION_STRUCTURE_ACCESS,
  component: lazyArea(() => import('./commission-structure-page')),
  isLinkTargetOnly: true,
};
