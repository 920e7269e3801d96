import { and, asc, eq, sql } from 'drizzle-orm';
import { ROLE, type Access, type RolePermissions } from '@sm/shared';
import { oncePerDatabase, type Db } from '../../../db/client';
import { rolePermissions, roles, userRoles, users } from '../../../db/schema';

/** The caller's user row joined to their roles and those roles' matrix rows: one statement, prepared once per database. */
const accessStatement = oncePerDatabase((db) =>
  db
    .select({
      roleId: roles.id,
      roleName: roles.name,
      area: rolePermissions.area,
      canRead: rolePermissions.canRead,
      canWrite: rolePermissions.canWrite,
      functionalities: rolePermissions.functionalities,
    })
    .from(users)
    .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.subscriberId, users.subscriberId)))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, and(eq(rolePermissions.subscriberId, users.subscriberId), eq(rolePermissions.roleId, userRoles.roleId)))
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.subscriberId, sql.placeholder('subscriberId')), eq(users.isActive, true)))
    .orderBy(asc(userRoles.roleId))
    .prepare('load_access'),
);

/**
 * The caller's access, read from the database (kept between requests by access-cache.ts, which drops it when it
 * changes). Answers null when the user is gone or disabled.
 */
export async function loadAccess(db: Db, subscriberId: number, userId: number): Promise<Access | null> {
  const rows = await accessStatement(db).execute({ userId, subscriberId });
  if (rows.length === 0) return null;
  const byRole = new Map<number, RolePermissions>();
  for (const r of rows) {
    if (r.roleId == null || r.roleName == null) continue;
    let role = byRole.get(r.roleId);
    if (!role) byRole.set(r.roleId, (role = { roleId: r.roleId, roleName: r.roleName, isAll: r.roleId === ROLE['Super Admin'], permissions: [] }));
    if (r.area != null) {
      role.permissions.push({ permissionDescription: r.area, canRead: !!r.canRead, canWrite: !!r.canWrite, functionalities: r.functionalities ?? [] });
    }
  }
  const list = [...byRole.values()];
  return { roleIds: list.map((r) => r.roleId), roles: list };
}
