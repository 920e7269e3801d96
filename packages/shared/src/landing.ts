import { canRead, hasFunctionality, hasRole, type Access } from './access';
import { ROLE } from './roles';

/** Paths the login landing can choose (spec platform 2.1). */
export const LANDING_PATHS = {
  dispatcherBoard: '/management/dispatcher',
  dataSpecialistBoard: '/management/dataSpecialist',
  projectBoard: '/management/projects',
  pmBoard: '/management/pmBoard',
  dsmDashboard: '/management/dsmDashboard',
  myWorkOrders: '/workOrder/mine',
  salesScheduler: '/sales/scheduler',
  customerPortal: '/customerPortal',
  home: '/home',
  masterBoard: '/management/masterBoard',
} as const;

/**
 * Where a user goes after signing in (spec platform 2.4). Pure, so every role combination is unit-tested.
 * An intended URL saved before sign-in wins; then the role boards; then the first readable area; team
 * leaders who match nothing else go to the master board.
 */
export function loginLanding(access: Access, intendedUrl?: string | null): string {
  if (intendedUrl && intendedUrl.startsWith('/') && !intendedUrl.startsWith('/login')) return intendedUrl;
  const isTeamLeader = canRead(access, 'Team Leader');
  const isDispatcher = hasRole(access, ROLE.Dispatcher);
  const isDataSpecialist = hasRole(access, ROLE['Data Specialist']);
  const isProjectManager = hasRole(access, ROLE['Project Manager']);
  const isPmDirector = hasRole(access, ROLE['PM Director']);
  if (!isTeamLeader || isDispatcher || isDataSpecialist || isPmDirector || isProjectManager) {
    if (isDispatcher) return LANDING_PATHS.dispatcherBoard;
    if (isDataSpecialist) return LANDING_PATHS.dataSpecialistBoard;
    if (isProjectManager) return LANDING_PATHS.projectBoard;
    if (isPmDirector) return LANDING_PATHS.pmBoard;
  }
  if (canRead(access, 'DSM Dashboard')) return LANDING_PATHS.dsmDashboard;
  if (hasFunctionality(access, 'Work Orders', 'My WorkOrders')) return LANDING_PATHS.myWorkOrders;
  if (canRead(access, 'Sales Scheduler')) return LANDING_PATHS.salesScheduler;
  if (hasFunctionality(access, 'Users', 'Customer Profile')) return LANDING_PATHS.customerPortal;
  return isTeamLeader ? LANDING_PATHS.masterBoard : LANDING_PATHS.home;
}
