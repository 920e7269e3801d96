import { z } from 'zod';
import { PERMISSION_AREAS, PERMISSION_AREA_NAMES } from '../roles';
import { idParam } from './common';

/** One area of a role as the /permissions page edits it. */
export const permissionEditSchema = z
  .object({
    permissionDescription: z.enum(PERMISSION_AREA_NAMES as [string, ...string[]], {
      error: 'Permission area is not known.',
    }),
    canRead: z.boolean({ error: 'Read must be true or false.' }),
    canWrite: z.boolean({ error: 'Write must be true or false.' }),
    functionalities: z.array(z.string().max(100)).max(50),
  })
  .superRefine((p, ctx) => {
    const allowed: readonly string[] = PERMISSION_AREAS[p.permissionDescription as keyof typeof PERMISSION_AREAS];
    for (const f of p.functionalities) {
      if (!allowed.includes(f)) {
        ctx.addIssue({ code: 'custom', message: `${f} is not a permission of ${p.permissionDescription}.` });
      }
    }
    if (p.functionalities.length > 0 && !p.canRead && !p.canWrite) {
      ctx.addIssue({ code: 'custom', message: `${p.permissionDescription} needs read or write for its special permissions.` });
    }
  });

export const rolePermissionsUpdateBody = z.object({
  permissions: z.array(permissionEditSchema).max(200),
});
export type RolePermissionsUpdate = z.infer<typeof rolePermissionsUpdateBody>;

export const roleIdParams = z.object({ roleId: idParam('Role') });

/** A role of the caller's company with its matrix, for the /permissions page. */
export const roleSummarySchema = z.object({
  roleId: z.number(),
  roleName: z.string(),
  isAll: z.boolean(),
  isEditable: z.boolean(),
  userCount: z.number(),
  permissions: z.array(
    z.object({
      permissionDescription: z.string(),
      canRead: z.boolean(),
      canWrite: z.boolean(),
      functionalities: z.array(z.string()),
    }),
  ),
});
export type RoleSummary = z.infer<typeof roleSummarySchema>;
