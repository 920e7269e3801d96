import { describe, expect, it } from 'vitest';
import { canRead, canWrite, hasFunctionality, isOnly, satisfies, TECHNICIAN_ROLES, type Access } from './access';
import { ROLE } from './roles';

const tech: Access = {
  roleIds: [ROLE.Technician],
  roles: [
    {
      roleId: ROLE.Technician,
      roleName: 'Technician',
      isAll: false,
      permissions: [
        { permissionDescription: 'Work Orders', canRead: true, canWrite: true, functionalities: ['My WorkOrders'] },
        { permissionDescription: 'Fleet', canRead: false, canWrite: true, functionalities: [] },
      ],
    },
  ],
};
const admin: Access = { roleIds: [ROLE['Super Admin']], roles: [{ roleId: 1, roleName: 'Super Admin', isAll: true, permissions: [] }] };

describe('permission checks (spec platform 6.2)', () => {
  it('reads with canRead, and write implies read', () => {
    expect(canRead(tech, 'Work Orders')).toBe(true);
    expect(canRead(tech, 'Fleet')).toBe(true);
    expect(canRead(tech, 'Billing')).toBe(false);
    expect(canWrite(tech, 'Fleet')).toBe(true);
    expect(canWrite(tech, 'Billing')).toBe(false);
  });

  it('needs the functionality itself for a functionality check', () => {
    expect(hasFunctionality(tech, 'Work Orders', 'My WorkOrders')).toBe(true);
    expect(hasFunctionality(tech, 'Work Orders', 'All WorkOrders')).toBe(false);
  });

  it('lets Super Admin pass every module, functionality and requirement', () => {
    expect(canWrite(admin, 'Billing')).toBe(true);
    expect(hasFunctionality(admin, 'Inventory', 'Can See Total Part Cost')).toBe(true);
    expect(satisfies(admin, { kind: 'superAdmin' })).toBe(true);
    expect(satisfies(tech, { kind: 'superAdmin' })).toBe(false);
  });

  it('decides requirements, with null access passing only public ones', () => {
    expect(satisfies(null, { kind: 'public' })).toBe(true);
    expect(satisfies(null, { kind: 'signedIn' })).toBe(false);
    expect(satisfies(tech, { kind: 'area', area: 'Work Orders', level: 'write', functionality: 'My WorkOrders' })).toBe(true);
    expect(satisfies(tech, { kind: 'area', area: 'Work Orders', level: 'read', functionality: 'All WorkOrders' })).toBe(false);
  });

  it('counts plumbers as technician-only and two roles as not only', () => {
    expect(isOnly({ roleIds: [ROLE.Plumber], roles: [] }, TECHNICIAN_ROLES)).toBe(true);
    expect(isOnly({ roleIds: [ROLE.Plumber, ROLE['Team Leader']], roles: [] }, TECHNICIAN_ROLES)).toBe(false);
  });
});
