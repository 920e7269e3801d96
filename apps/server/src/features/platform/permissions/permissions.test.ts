import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl } from '../../../lib/access-control';
import { callerSource } from '../auth/caller-source';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const matrixOf = async (as: string, roleName: string) => {
  const roles = (await t.call('GET', '/api/v1/Account/roles', as)).json();
  return roles.find((r: { roleName: string }) => r.roleName === roleName);
};

describe('route requirements', () => {
  it('refuses to start a server with an /api route that declares no permission', async () => {
    const app = Fastify();
    registerAccessControl(app, callerSource(t.db, TEST_SECRET));
    expect(() => app.get('/api/v1/Undeclared/thing', async () => 'x')).toThrow(/declares no access requirement/);
    await app.close();
  });

  // Every other route answers 401 without a token: the access sweep (lib/route-sweeps.test.ts), one test per route group.
  it('keeps public routes to the short allowlist', async () => {
    const api = t.app.routeTable.filter((r) => /^\/(api|hubs)\//i.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(api.length).toBeGreaterThan(15);
    const publicUrls = [...new Set(api.filter((r) => r.access?.kind === 'public').map((r) => r.url))];
    // The file store's content route is public: its signed, expiring address is the permission (features/platform/files); so is
    // the customer's labor, rate sheet and maintenance contract approvals, whose unguessable, expiring links are (features/people/labor-approvals,
    // features/office/rate-sheets). Sign-up and
    // the first run's setup have no one signed in yet; each checks the operator's setting or that no company exists
    // (features/platform/signup). An invited user and one who forgot their password are not signed in either; the
    // e-mailed link's token is the permission, and forgot-password answers alike for every name (features/platform/users-admin).
    for (const url of publicUrls) {
      expect(url).toMatch(
        /^\/api\/(health|docs|v1\/Account\/(login|signupState|register|setup|confirmEmail\/:token|invitation\/:token|acceptInvitation\/:token|forgotPassword|resetPassword\/:token)$|v1\/Files\/content$|v1\/CustomerPortal\/:clientAuthenticationId(\/.*)?$|v1\/WorkOrderLaborApproval\/:guid$|v1\/CustomerRateSheetApproval\/:customerRateSheetApprovalGuid$|v1\/PreventiveMaintenanceApproval\/:preventiveMaintenanceApprovalGuid$)/,
      );
    }
  });
});

describe('the permissions page API', () => {
  it('is closed to everyone but Super Admin', async () => {
    for (const user of ['tech', 'leader', 'dispatcher', 'payroll']) {
      expect((await t.call('GET', '/api/v1/Account/roles', user)).statusCode).toBe(403);
    }
    const res = await t.call('GET', '/api/v1/Account/roles', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(26);
  });

  it('gives Filtration Installer installer rights of its own, not Super Admin', async () => {
    const installer = await matrixOf('admin', 'Filtration Installer');
    expect(installer.isAll).toBe(false);
    expect(installer.permissions.map((p: { permissionDescription: string }) => p.permissionDescription)).not.toContain('Users');
    expect(installer.permissions.find((p: { permissionDescription: string }) => p.permissionDescription === 'Work Orders').functionalities).toContain('Installer WorkOrders');
  });

  it('applies an edit at once, and only to the editing company', async () => {
    const tech = await matrixOf('admin', 'Technician');
    const body = {
      permissions: tech.permissions.map((p: { permissionDescription: string; functionalities: string[] }) =>
        p.permissionDescription === 'Work Orders' ? { ...p, functionalities: ['Create Work Order'] } : p,
      ),
    };
    const grid = { take: 3 };
    expect((await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', grid)).statusCode).toBe(200);
    const res = await t.call('PUT', `/api/v1/Account/roles/${tech.roleId}/permissions`, 'admin', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions.find((p: { permissionDescription: string }) => p.permissionDescription === 'Work Orders').functionalities).toEqual(['Create Work Order']);
    expect((await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', grid)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'coastal.tech', grid)).statusCode).toBe(200);
    const restore = await t.call('PUT', `/api/v1/Account/roles/${tech.roleId}/permissions`, 'admin', { permissions: tech.permissions });
    expect(restore.statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech', grid)).statusCode).toBe(200);
    const history = (await t.call('GET', `/api/v1/Account/roles/${tech.roleId}/history`, 'admin')).json();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ action: 'edit', changedBy: 'Alicia Moreno' });
    const wo = (list: { area: string; functionalities: string[] }[]) => list.find((p) => (p.area ?? (p as never as { permissionDescription: string }).permissionDescription) === 'Work Orders')!.functionalities;
    expect(wo(history[0].before)).toContain('My WorkOrders');
    expect(wo(history[0].after)).toEqual(['Create Work Order']);
    expect((await t.call('GET', `/api/v1/Account/roles/${tech.roleId}/history`, 'coastal.admin')).json()).toEqual([]);
  });

  it('refuses unknown areas, foreign functionalities and the Super Admin role with a sentence, changing nothing', async () => {
    const tech = await matrixOf('admin', 'Technician');
    const cases: [unknown, string][] = [
      [{ permissions: [{ permissionDescription: 'Rockets', canRead: true, canWrite: false, functionalities: [] }] }, 'Permission area is not known.'],
      [{ permissions: [{ permissionDescription: 'Fleet', canRead: true, canWrite: false, functionalities: ['Lock Timesheet'] }] }, 'Lock Timesheet is not a permission of Fleet.'],
      [{ permissions: [{ permissionDescription: 'Fleet', canRead: 'yes', canWrite: false, functionalities: [] }] }, 'Read must be true or false.'],
    ];
    for (const [body, sentence] of cases) {
      const res = await t.call('PUT', `/api/v1/Account/roles/${tech.roleId}/permissions`, 'admin', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    const sa = await t.call('PUT', '/api/v1/Account/roles/1/permissions', 'admin', { permissions: [] });
    expect(sa.statusCode).toBe(400);
    expect(sa.json().title).toBe('Super Admin passes every check and cannot be edited.');
    expect(await matrixOf('admin', 'Technician')).toEqual(tech);
  });

  it('answers 404 for a role id that does not exist', async () => {
    expect((await t.call('PUT', '/api/v1/Account/roles/999/permissions', 'admin', { permissions: [] })).statusCode).toBe(404);
  });
});
