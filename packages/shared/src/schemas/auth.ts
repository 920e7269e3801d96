import { z } from 'zod';
import { requiredText } from './common';

export const loginBody = z.object({
  userName: requiredText('User Name', 100),
  password: z
    .string({ error: 'Password field is required!' })
    .min(1, 'Password field is required!')
    .max(200, 'Password must be at most 200 characters.'),
}).meta({ example: { userName: 'tech', password: 'demo1234' } });
export type LoginBody = z.infer<typeof loginBody>;

export const accessTokenAnswer = z.object({ accessToken: z.string() }).meta({ example: { accessToken: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOjR9.c2lnbmF0dXJl' } });

export const userFlagsSchema = z.object({
  hasCustomer: z.boolean(),
  hasDropboxAccount: z.boolean(),
  hasPurchaseOrder: z.boolean(),
  hasRefrigerant: z.boolean(),
  hasSalesParts: z.boolean(),
  hasServiceChannelAccount: z.boolean(),
  hasVendorSetup: z.boolean(),
  hasVoltage: z.boolean(),
  hasWarehouseSetup: z.boolean(),
  hasWorkOrder: z.boolean(),
  hasIntacctAccount: z.boolean(),
  isShowWaterFilter: z.boolean(),
  hasRateSheetSetUp: z.boolean(),
});
export type UserFlags = z.infer<typeof userFlagsSchema>;

/** Claims of the access token (spec platform 3.1). */
export const tokenClaimsSchema = z.object({
  name: z.string(),
  email: z.string(),
  subscriberId: z.number(),
  userId: z.number(),
  userName: z.string(),
  userRoleId: z.array(z.number()),
  userRoles: z.array(z.string()),
  userStatusId: z.number().nullable(),
  userStatus: z.string().nullable(),
  jobTitleId: z.number().nullable(),
  flags: userFlagsSchema,
  exp: z.number(),
  iat: z.number(),
  nbf: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/** The signed-in user as `Account/validateUser` answers it: the claims plus the subscriber's name. */
export const signedInUserSchema = tokenClaimsSchema.extend({ subscriberName: z.string() });
export type SignedInUser = z.infer<typeof signedInUserSchema>;

export const permissionEntrySchema = z.object({
  permissionDescription: z.string(),
  canRead: z.boolean(),
  canWrite: z.boolean(),
  functionalities: z.array(z.string()),
});

export const rolePermissionsSchema = z.object({
  roleId: z.number(),
  roleName: z.string(),
  isAll: z.boolean(),
  permissions: z.array(permissionEntrySchema),
});
export const rolePermissionsList = z.array(rolePermissionsSchema);
