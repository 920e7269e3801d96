import { IconChartBar, IconClipboardCheck, IconDashboard, IconFileDollar } from '@tabler/icons-react';
import { COMPANY_DASHBOARD_ACCESS, COMPANY_DASHBOARD_PATH, DATA_SPECIALIST_BOARD_ACCESS, DSM_DASHBOARD_ACCESS, LANDING_PATHS, QUOTE_SPECIALIST_BOARD_ACCESS, QUOTE_SPECIALIST_BOARD_PATH } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

/** The office's role boards (spec platform 2.1): the data specialist's and the DSM's landings, the quote specialist's board, the company dashboard. */
export const ROLE_BOARD_AREAS: AreaDefinition[] = [
  {
    path: LANDING_PATHS.dataSpecialistBoard,
    domain: 'office',
    label: 'Data Specialist Board',
    description: 'Work orders whose data has to be fixed: attachments, descriptions, time, serials, parts info and missing fields.',
    icon: IconClipboardCheck,
    requirement: DATA_SPECIALIST_BOARD_ACCESS,
    component: lazyArea(() => import('./data-specialist-board-page')),
  },
  {
    path: QUOTE_SPECIALIST_BOARD_PATH,
    domain: 'office',
    label: 'Quote Specialist Board',
    description: 'Work orders whose quotes are to write and chase, with each quote and how long it has waited.',
    icon: IconFileDollar,
    requirement: QUOTE_SPECIALIST_BOARD_ACCESS,
    component: lazyArea(() => import('./quote-specialist-board-page')),
  },
  {
    path: LANDING_PATHS.dsmDashboard,
    domain: 'office',
    label: 'DSM Dashboard',
    description: "Your district's revenue, open work, overdue visits and technicians' utilisation this week.",
    icon: IconChartBar,
    requirement: DSM_DASHBOARD_ACCESS,
    component: lazyArea(() => import('./dsm-dashboard-page')),
  },
  {
    path: COMPANY_DASHBOARD_PATH,
    domain: 'office',
    label: 'Company Dashboard',
    description: 'The whole company today: who is working, open work, money invoiced and past due, and what needs attention.',
    icon: IconDashboard,
    requirement: COMPANY_DASHBOARD_ACCESS,
    component: lazyArea(() => import('./company-dashboard-page')),
  },
];
