import { describe, expect, it } from 'vitest';
import type { Access, PermissionEntry } from './access';
import { LANDING_PATHS, loginLanding } from './landing';
import { ROLE } from './roles';

const entry = (area: string, functionalities: string[] = [], canRead = true): PermissionEntry => ({
  permissionDescription: area,
  canRead,
  canWrite: false,
  functionalities,
});
const access = (roleIds: number[], permissions: PermissionEntry[] = []): Access => ({
  roleIds,
  roles: roleIds.map((roleId) => ({ roleId, roleName: String(roleId), isAll: roleId === ROLE['Super Admin'], permissions })),
});
const teamLeaderRead = entry('Team Leader');

describe('login landing (spec platform 2.4)', () => {
  it('goes to a saved intended URL first, but never back to /login', () => {
    expect(loginLanding(access([ROLE.Technician]), '/workOrder/mine?x=1')).toBe('/workOrder/mine?x=1');
    expect(loginLanding(access([ROLE.Dispatcher]), '/login')).toBe(LANDING_PATHS.dispatcherBoard);
    expect(loginLanding(access([ROLE.Dispatcher]), 'https://evil.example/')).toBe(LANDING_PATHS.dispatcherBoard);
  });

  it('sends role boards in the order dispatcher, data specialist, project manager, PM director', () => {
    expect(loginLanding(access([ROLE.Dispatcher, ROLE['Data Specialist']]))).toBe(LANDING_PATHS.dispatcherBoard);
    expect(loginLanding(access([ROLE['Data Specialist'], ROLE['Project Manager']]))).toBe(LANDING_PATHS.dataSpecialistBoard);
    expect(loginLanding(access([ROLE['Project Manager'], ROLE['PM Director']]))).toBe(LANDING_PATHS.projectBoard);
    expect(loginLanding(access([ROLE['PM Director']]))).toBe(LANDING_PATHS.pmBoard);
    // The demo's project manager, `pm`, with the Project Manager role alone, lands on the project board.
    expect(loginLanding(access([ROLE['Project Manager']], [entry('Work Orders', ['All WorkOrders'])]))).toBe(LANDING_PATHS.projectBoard);
  });

  it('applies the role boards to team leaders who also hold one of those roles', () => {
    expect(loginLanding(access([ROLE['Team Leader'], ROLE.Dispatcher], [teamLeaderRead]))).toBe(LANDING_PATHS.dispatcherBoard);
    expect(loginLanding(access([ROLE['Team Leader'], ROLE['PM Director']], [teamLeaderRead]))).toBe(LANDING_PATHS.pmBoard);
  });

  it('then goes to the first readable area: DSM dashboard, my work orders, sales scheduler, customer portal', () => {
    expect(loginLanding(access([ROLE['Regional VP Of Service']], [entry('DSM Dashboard'), entry('Work Orders', ['My WorkOrders'])]))).toBe(LANDING_PATHS.dsmDashboard);
    expect(loginLanding(access([ROLE.Technician], [entry('Work Orders', ['My WorkOrders']), entry('Sales Scheduler')]))).toBe(LANDING_PATHS.myWorkOrders);
    expect(loginLanding(access([ROLE['Sales Person']], [entry('Sales Scheduler'), entry('Users', ['Customer Profile'])]))).toBe(LANDING_PATHS.salesScheduler);
    expect(loginLanding(access([ROLE.Customer], [entry('Users', ['Customer Profile'])]))).toBe(LANDING_PATHS.customerPortal);
  });

  it('needs the functionality with read: My WorkOrders on a module without read does not count', () => {
    expect(loginLanding(access([ROLE.Technician], [entry('Work Orders', ['My WorkOrders'], false)]))).toBe(LANDING_PATHS.home);
  });

  it('sends everyone else home, and team leaders who match nothing to the master board', () => {
    expect(loginLanding(access([ROLE['Payroll Manager']], [entry('Timesheet')]))).toBe(LANDING_PATHS.home);
    expect(loginLanding(access([]))).toBe(LANDING_PATHS.home);
    expect(loginLanding(access([ROLE['Team Leader']], [teamLeaderRead, entry('Work Orders', ['All WorkOrders'])]))).toBe(LANDING_PATHS.masterBoard);
    expect(loginLanding(access([ROLE['Team Leader']], [teamLeaderRead, entry('Work Orders', ['My WorkOrders'])]))).toBe(LANDING_PATHS.myWorkOrders);
  });

  it('lets Super Admin pass every role check, so it lands on the dispatcher board', () => {
    expect(loginLanding(access([ROLE['Super Admin']]))).toBe(LANDING_PATHS.dispatcherBoard);
  });
});
