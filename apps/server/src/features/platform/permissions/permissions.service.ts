import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { isSuperAdmin, PERMISSION_AREA_NAMES, ROLE, type Access, type RolePermissions, type RolePermissionsUpdate, type RoleSummary } from '@sm/shared';
import type { Db } from '../../../db/client';
import { rolePermissions, roles, userRoles, users } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { auditOf, recordAudit } from '../audit/audit.service';
import { forgetAccess } from './access-cache';

/** Roles of one user of a company with their permission matrix, grouped by permission description. */
export async function getRolePermissionsOfUser(db: Db, subscriberId: number, userId: number): Promise<RolePermissions[]> {
  const owned = await db
    .select({ roleId: userRoles.roleId, roleName: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.subscriberId, subscriberId)))
    .orderBy(asc(userRoles.roleId));
  if (owned.length === 0) return [];
  const rows = await db
    .select()
    .from(rolePermissions)
    .where(and(eq(rolePermissions.subscriberId, subscriberId), inArray(rolePermissions.roleId, owned.map((r) => r.roleId))));
  return owned.map((r) => ({
    roleId: r.roleId,
    roleName: r.roleName,
    isAll: r.roleId === ROLE['Super Admin'],
    permissions: rows
      .filter((p) => p.roleId === r.roleId)
      .map((p) => ({ permissionDescription: p.area, canRead: p.canRead, canWrite: p.canWrite, functionalities: p.functionalities })),
  }));
}

/** `Account/user-roles-permissions/{userId}`: a user may read their own; reading another's needs Users read. */
export async function getUserRolesPermissions(ctx: Ctx, access: Access, userId: number): Promise<RolePermissions[]> {
  if (userId !== ctx.actor.userId) {
    const canSeeOthers = isSuperAdmin(access) || access.roles.some((r) => r.permissions.some((p) => p.permissionDescription === 'Users' && p.canRead));
    if (!canSeeOthers) throw new AppError(403, "You don't have permission to access this resource.");
  }
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(ofTenant(users, ctx, eq(users.id, userId)));
  if (!user) throw notFound('User');
  return getRolePermissionsOfUser(ctx.db, ctx.actor.subscriberId, userId);
}

/** Every role with the company's matrix for it, for the /permissions page. */
export async function listRoles(ctx: Ctx): Promise<RoleSummary[]> {
  const all = await ctx.db.select().from(roles).orderBy(asc(roles.id));
  const rows = await ctx.db.select().from(rolePermissions).where(ofTenant(rolePermissions, ctx));
  const counts = await ctx.db
    .select({ roleId: userRoles.roleId, n: count() })
    .from(userRoles)
    .where(ofTenant(userRoles, ctx))
    .groupBy(userRoles.roleId);
  return all.map((r) => {
    const isAll = r.id === ROLE['Super Admin'];
    return {
      roleId: r.id,
      roleName: r.name,
      isAll,
      isEditable: !isAll,
      userCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
      permissions: rows
        .filter((p) => p.roleId === r.id)
        .sort((a, b) => PERMISSION_AREA_NAMES.indexOf(a.area as never) - PERMISSION_AREA_NAMES.indexOf(b.area as never))
        .map((p) => ({ permissionDescription: p.area, canRead: p.canRead, canWrite: p.canWrite, functionalities: p.functionalities })),
    };
  });
}

/** Who changed a role's matrix, when, from what to what. */
export async function roleHistory(ctx: Ctx, roleId: number) {
  const [role] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw notFound('Role');
  return auditOf(ctx, 'rolePermissions', [roleId]);
}

/** Replaces a role's matrix for the caller's company in one transaction. Super Admin is not editable. */
export async function updateRolePermissions(ctx: Ctx, roleId: number, input: RolePermissionsUpdate): Promise<RoleSummary> {
  const [role] = await ctx.db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw notFound('Role');
  if (roleId === ROLE['Super Admin']) throw new AppError(400, 'Super Admin passes every check and cannot be edited.');
  const seen = new Set<string>();
  for (const p of input.permissions) {
    if (seen.has(p.permissionDescription)) throw new AppError(400, `${p.permissionDescription} is listed twice.`);
    seen.add(p.permissionDescription);
  }
  await ctx.db.transaction(async (tx) => {
    const before = await tx.select().from(rolePermissions).where(ofTenant(rolePermissions, ctx, eq(rolePermissions.roleId, roleId)));
    await recordAudit(tx, ctx, {
      entity: 'rolePermissions',
      entityId: roleId,
      action: 'edit',
      before: before.map(({ area, canRead, canWrite, functionalities }) => ({ area, canRead, canWrite, functionalities })),
      after: input.permissions.filter((p) => p.canRead || p.canWrite),
    });
    await tx.delete(rolePermissions).where(ofTenant(rolePermissions, ctx, eq(rolePermissions.roleId, roleId)));
    const kept = input.permissions.filter((p) => p.canRead || p.canWrite);
    if (kept.length > 0) {
      await tx.insert(rolePermissions).values(
        kept.map((p) => ({
          subscriberId: ctx.actor.subscriberId,
          roleId,
          area: p.permissionDescription,
          canRead: p.canRead || p.canWrite,
          canWrite: p.canWrite,
          functionalities: [...new Set(p.functionalities)],
        })),
      );
    }
  });
  forgetAccess(ctx.db);
  const summary = (await listRoles(ctx)).find((r) => r.roleId === roleId);
  if (!summary) throw notFound('Role');
  return summary;
}
