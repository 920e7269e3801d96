import { ROLE, type Functionality, type PermissionArea } from './roles';

/** One module's rights inside a role (spec platform 3.14). */
export interface PermissionEntry {
  permissionDescription: string;
  canRead: boolean;
  canWrite: boolean;
  functionalities: string[];
}

/** A role with its permissions, as `Account/user-roles-permissions/{userId}` answers. */
export interface RolePermissions {
  roleId: number;
  roleName: string;
  isAll: boolean;
  permissions: PermissionEntry[];
}

/** What the server and the web need to decide access: the user's roles and their merged rights. */
export interface Access {
  roleIds: readonly number[];
  roles: readonly RolePermissions[];
}

/** Super Admin passes every role and module check (spec platform 6.2). */
export function isSuperAdmin(access: Access): boolean {
  return access.roleIds.includes(ROLE['Super Admin']) || access.roles.some((r) => r.isAll);
}

/** A role check: Super Admin passes every one of them. */
export function hasRole(access: Access, roleId: number): boolean {
  return isSuperAdmin(access) || access.roleIds.includes(roleId);
}

function entries(access: Access, area: PermissionArea): PermissionEntry[] {
  return access.roles.flatMap((r) => r.permissions.filter((p) => p.permissionDescription === area));
}

/** Read needs any entry with canRead; write implies read. */
export function canRead(access: Access, area: PermissionArea): boolean {
  return isSuperAdmin(access) || entries(access, area).some((p) => p.canRead || p.canWrite);
}

/** Edit needs canWrite on the module. */
export function canWrite(access: Access, area: PermissionArea): boolean {
  return isSuperAdmin(access) || entries(access, area).some((p) => p.canWrite);
}

/** A functionality check needs read or write on the module plus that functionality. */
export function hasFunctionality(access: Access, area: PermissionArea, functionality: Functionality): boolean {
  if (isSuperAdmin(access)) return true;
  return entries(access, area).some((p) => (p.canRead || p.canWrite) && p.functionalities.includes(functionality));
}

/** 'Only' checks: the user has exactly this one role (technician-only counts the plumbers too). */
export function isOnly(access: Access, roleIds: readonly number[]): boolean {
  return access.roleIds.length === 1 && roleIds.includes(access.roleIds[0]);
}

export const TECHNICIAN_ROLES = [
  ROLE.Technician,
  ROLE.Plumber,
  ROLE['Master Plumber'],
  ROLE['Responsible Master Plumber'],
] as const;

/** What a route or a screen requires. */
export type Requirement =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'superAdmin' }
  | { kind: 'area'; area: PermissionArea; level: 'read' | 'write'; functionality?: Functionality };

/** The one place that decides whether an access satisfies a requirement, on the server and in the browser. */
export function satisfies(access: Access | null, req: Requirement): boolean {
  if (req.kind === 'public') return true;
  if (!access) return false;
  switch (req.kind) {
    case 'signedIn':
      return true;
    case 'superAdmin':
      return isSuperAdmin(access);
    case 'area': {
      const level = req.level === 'write' ? canWrite(access, req.area) : canRead(access, req.area);
      return level && (!req.functionality || hasFunctionality(access, req.area, req.functionality));
    }
  }
}

/**
 * A customer user: someone of the customer's, signed in with the Customer role and nothing else. They read their own
 * portal and nothing of the office, whatever a company's permission matrix gives the role.
 */
export function isCustomerUser(access: Access): boolean {
  return access.roleIds.length > 0 && access.roleIds.every((id) => id === ROLE.Customer) && !access.roles.some((r) => r.isAll);
}
