import { IconChecklist, IconHierarchy3, IconLayoutKanban } from '@tabler/icons-react';
import { LANDING_PATHS, PROJECTS_READ_ACCESS, WORK_ORDER_JOBS_BOARD_PATH } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { PROJECT_ROUTE } from './project-paths';

/** Projects (spec platform 2.1 /management/projects, the project manager's landing), a project's page, and the work-order jobs board. */
export const PROJECT_AREAS: AreaDefinition[] = [
  {
    path: LANDING_PATHS.projectBoard,
    domain: 'office',
    label: 'Projects',
    description: 'Jobs done over many visits, by job status: their work orders, crew, permits, progress and cost against the budget.',
    icon: IconLayoutKanban,
    requirement: PROJECTS_READ_ACCESS,
    component: lazyArea(() => import('./projects-board-page')),
  },
  {
    path: PROJECT_ROUTE,
    domain: 'office',
    label: 'Project',
    description: 'One project: its work orders and their jobs, crew, permits, subcontractors, progress and cost to date.',
    icon: IconHierarchy3,
    requirement: PROJECTS_READ_ACCESS,
    component: lazyArea(() => import('./project-page')),
    isLinkTargetOnly: true,
  },
  {
    path: WORK_ORDER_JOBS_BOARD_PATH,
    domain: 'office',
    label: 'Work Order Jobs',
    description: 'Every open job and survey job of the work orders, to tick off as they are done.',
    icon: IconChecklist,
    requirement: PROJECTS_READ_ACCESS,
    component: lazyArea(() => import('./work-order-jobs-board-page')),
  },
];
