import { eq } from 'drizzle-orm';
import { ROLE, ROLES, roleHiddenMessage, SUPER_ADMIN_NOT_HIDDEN, type MaskedRole, type UpdateMaskedRoleInput } from '@sm/shared';
import { maskedUserRoles } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../audit/audit.service';

/** Every role as the caller's company words it: its own name or the company's, and whether it is hidden. */
export async function companyRoles(db: DbOrTx, ctx: Pick<Ctx, 'actor'>): Promise<MaskedRole[]> {
  const rows = await db.select().from(maskedUserRoles).where(ofTenant(maskedUserRoles, ctx));
  const masks = new Map(rows.map((r) => [r.roleId, r]));
  return ROLES.map((r) => {
    const mask = masks.get(r.roleId);
    const displayName = mask?.displayName ?? null;
    return { roleId: r.roleId, roleName: r.roleName, displayName, name: displayName ?? r.roleName, isHidden: mask?.isHidden ?? false };
  });
}

/** The company's name of each role, by id. */
export async function roleNamesOf(db: DbOrTx, ctx: Pick<Ctx, 'actor'>): Promise<Map<number, string>> {
  return new Map((await companyRoles(db, ctx)).map((r) => [r.roleId, r.name]));
}

/**
 * Refuses, with 400 and a sentence, a role the company has hidden, unless the user holds it already (`kept`): a user
 * given a role before it was hidden keeps it through an edit of their other fields.
 */
export async function checkRolesOffered(db: DbOrTx, ctx: Pick<Ctx, 'actor'>, roleIds: readonly number[], kept: readonly number[] = []) {
  const hidden = (await companyRoles(db, ctx)).find((r) => r.isHidden && roleIds.includes(r.roleId) && !kept.includes(r.roleId));
  if (hidden) throw new AppError(400, roleHiddenMessage(hidden.name));
}

/** `GET MaskedUserRoles`: every role with the company's name for it and whether its pickers offer it. */
export const listMaskedRoles = (ctx: Ctx): Promise<MaskedRole[]> => companyRoles(ctx.db, ctx);

/**
 * `PUT MaskedUserRoles/{roleId}`: the company's name for a role (empty: the role's own name) and whether it is hidden,
 * with its audit entry. Super Admin is never hidden. Another company's wording is untouched: the rows are the company's.
 */
export async function updateMaskedRole(ctx: Ctx, roleId: number, input: UpdateMaskedRoleInput): Promise<MaskedRole> {
  const role = ROLES.find((r) => r.roleId === roleId);
  if (!role) throw notFound('Role');
  if (input.isHidden && roleId === ROLE['Super Admin']) throw new AppError(400, SUPER_ADMIN_NOT_HIDDEN);
  const displayName = input.displayName?.trim() ? input.displayName.trim() : null;
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(maskedUserRoles).where(ofTenant(maskedUserRoles, ctx, eq(maskedUserRoles.roleId, roleId))).for('update');
    const values = { displayName, isHidden: input.isHidden };
    await tx
      .insert(maskedUserRoles)
      .values({ subscriberId: ctx.actor.subscriberId, roleId, ...values })
      .onConflictDoUpdate({ target: [maskedUserRoles.subscriberId, maskedUserRoles.roleId], set: values });
    await recordAudit(tx, ctx, {
      entity: 'maskedUserRole',
      entityId: roleId,
      action: 'update',
      before: { displayName: before?.displayName ?? null, isHidden: before?.isHidden ?? false },
      after: values,
    });
  });
  return { roleId, roleName: role.roleName, displayName, name: displayName ?? role.roleName, isHidden: input.isHidden };
}
