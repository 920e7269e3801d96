import { z } from 'zod';
import { idParam, optionalText } from './common';

/**
 * Masked user roles (spec platform 2.1 `account-settings/maskedUserRoles`): a company's own name for a role and the
 * roles it does not use, hidden from its role pickers. Permission checks keep the role's id; Super Admin is never hidden.
 */
export const SUPER_ADMIN_NOT_HIDDEN = 'Super Admin cannot be hidden: a company always needs one.';
export const roleHiddenMessage = (name: string) => `${name} is not one of the roles this company uses.`;

export const maskedRoleSchema = z.object({
  roleId: z.number(),
  /** The role's own name, as the specification calls it. */
  roleName: z.string(),
  /** The company's name for it, or null for the role's own. */
  displayName: z.string().nullable(),
  /** What the company's pages show: the company's name, else the role's own. */
  name: z.string(),
  isHidden: z.boolean(),
});
export type MaskedRole = z.infer<typeof maskedRoleSchema>;

export const maskedRolesAnswer = z
  .array(maskedRoleSchema)
  .meta({ example: [{ roleId: 7, roleName: 'Technician', displayName: 'Field Engineer', name: 'Field Engineer', isHidden: false }] });

export const maskedRoleParams = z.object({ roleId: idParam('Role') });

/** `PUT MaskedUserRoles/{roleId}`: the company's name for the role (empty: the role's own) and whether it is hidden. */
export const updateMaskedRoleBody = z
  .object({
    displayName: optionalText('Display Name', 60).nullish(),
    isHidden: z.boolean({ error: 'Hidden must be true or false.' }),
  })
  .meta({ example: { displayName: 'Field Engineer', isHidden: false } });
export type UpdateMaskedRoleBody = z.input<typeof updateMaskedRoleBody>;
export type UpdateMaskedRoleInput = z.output<typeof updateMaskedRoleBody>;
