import { z } from 'zod';
import { isValidEmail } from '../helpers/email';
import { ROLES } from '../roles';
import { idOf, idParam, optionalText, pagingQuery, requiredText } from './common';
import { phoneField } from './customers';
import { newPasswordField } from './signup';

/**
 * The company's users (spec platform 2.1 `/administration/users`, `users/edit/{userId}`): a user is added by
 * invitation, an e-mailed link to set a password, valid INVITATION_DAYS days, once; a forgotten password is replaced
 * through a link valid PASSWORD_RESET_HOURS hours, once. Both links carry 32 random bytes, stored only as their SHA-256.
 */
export const INVITATION_DAYS = 7;
export const PASSWORD_RESET_HOURS = 1;
/** What forgot-password answers, whether or not an account matched: it tells a guesser nothing. */
export const FORGOT_PASSWORD_ANSWER = 'If an account matches, we sent a link to its e-mail address. Open it within an hour to choose a new password.';
export const LAST_SUPER_ADMIN = 'A company needs at least one active Super Admin: give another user the Super Admin role first.';

/** Where a user stands: invited (no password yet), active, or deactivated. */
export const USER_STATES = ['Active', 'Invited', 'Inactive'] as const;
export type UserState = (typeof USER_STATES)[number];

export const emailText = requiredText('Email', 254).refine((v) => isValidEmail(v), 'Email is not a valid e-mail address, like office@example.com.');
export const userNameText = requiredText('User Name', 100).regex(/^[A-Za-z0-9._@-]+$/, 'User Name may hold letters, digits, dots, dashes, underscores and @, without spaces.');
const roleIdsField = z
  .array(idOf('Role').max(ROLES.length, 'Role is not known.'), { error: (issue) => (issue.input === undefined ? 'Roles field is required!' : 'Roles must be a list.') })
  .min(1, 'Choose at least one role.')
  .max(ROLES.length, 'Roles holds a role more than once.')
  .refine((ids) => new Set(ids).size === ids.length, 'Roles holds a role more than once.');

export const DISTRICT_OUTSIDE_REGION = 'The district chosen is not in the region chosen: pick one of its districts, or another region.';
export const DISTRICT_WITHOUT_REGION = 'Choose the region of the district first.';
export const NOT_A_TEAM_LEADER = 'A team leader must be an active user with the Team Leader role.';
export const OWN_TEAM_LEADER = 'A user cannot be their own team leader.';

const teamLeaderIdsField = z
  .array(idOf('Team Leader'), { error: 'Team Leaders must be a list.' })
  .max(50, 'Team Leaders holds at most 50 people.')
  .refine((ids) => new Set(ids).size === ids.length, 'Team Leaders holds a person more than once.');

/**
 * What the office sets of a user, on the invitation and on the edit page alike. Of the work fields (region, district,
 * base city, team leaders, rate sheets), one left out stays as it is; null empties it.
 */
const userFields = {
  name: requiredText('Name', 100),
  email: emailText,
  phone: phoneField('Phone'),
  jobTitleId: idOf('Job Title').nullish(),
  roleIds: roleIdsField,
  regionId: idOf('Region').nullish(),
  districtId: idOf('District').nullish(),
  baseCityId: idOf('Base City').nullish(),
  teamLeaderIds: teamLeaderIdsField.optional(),
  worksOnRateSheets: z.boolean({ error: 'Works on rate sheets must be true or false.' }).optional(),
};

/** `POST Users/invite`: a new user, who chooses a password through the e-mailed link. */
export const inviteUserBody = z.object({ ...userFields, userName: userNameText }).meta({
  example: { name: 'Jordan Price', email: 'jordan.price@example.com', userName: 'jprice', phone: '214-555-0142', jobTitleId: null, roleIds: [7] },
});
export type InviteUserBody = z.input<typeof inviteUserBody>;
export type InviteUserInput = z.output<typeof inviteUserBody>;

/** `PUT Users/{userId}`: the user's name, address, phone, job title and roles; the user name stays. */
export const updateUserBody = z.object(userFields).meta({
  example: { name: 'Jordan Price', email: 'jordan.price@example.com', phone: '214-555-0142', jobTitleId: null, roleIds: [7, 6], regionId: 1, districtId: 2, baseCityId: 1, teamLeaderIds: [3], worksOnRateSheets: true },
});
export type UpdateUserBody = z.input<typeof updateUserBody>;
export type UpdateUserInput = z.output<typeof updateUserBody>;

export const userIdParams = z.object({ userId: idParam('User') });

/** `GET Users`: a page of the company's users, searched by name, user name or e-mail, active ones by default, of one role when asked. */
export const usersQuery = z.object({
  search: optionalText('Search', 100).optional(),
  state: z.enum(['active', 'inactive', 'invited', 'all'], { error: 'State must be active, inactive, invited or all.' }).default('active'),
  /** Only the users holding this role (the team leader picker asks for Team Leaders). */
  roleId: idParam('Role').optional(),
  ...pagingQuery(100, 25),
});
export type UsersQuery = z.output<typeof usersQuery>;

const userRowExample = {
  userId: 12,
  userName: 'jprice',
  name: 'Jordan Price',
  email: 'jordan.price@example.com',
  phone: '214-555-0142',
  jobTitleId: null,
  jobTitle: null,
  roleIds: [7],
  roles: ['Technician'],
  state: 'Invited' as UserState,
};

/** A user as the users grid shows them. */
export const userRowSchema = z.object({
  userId: z.number(),
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  jobTitleId: z.number().nullable(),
  jobTitle: z.string().nullable(),
  roleIds: z.array(z.number()),
  roles: z.array(z.string()),
  state: z.enum(USER_STATES),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const usersAnswer = z.object({ data: z.array(userRowSchema), total: z.number() }).meta({ example: { data: [userRowExample], total: 1 } });
export type UsersAnswer = z.infer<typeof usersAnswer>;

const namedId = z.object({ id: z.number(), name: z.string() });

/**
 * One user on the edit page: the grid's fields, when the user was added, when an open invitation expires, and where
 * and how they work (region, district, base city, team leaders, rate sheets).
 */
export const userDetailSchema = userRowSchema
  .extend({
    createdAt: z.string(),
    invitationExpiresAt: z.string().nullable(),
    region: namedId.nullable(),
    district: namedId.nullable(),
    baseCity: namedId.nullable(),
    teamLeaders: z.array(z.object({ userId: z.number(), name: z.string() })),
    worksOnRateSheets: z.boolean(),
  })
  .meta({
    example: {
      ...userRowExample,
      createdAt: '2026-11-20T15:04:00.000Z',
      invitationExpiresAt: '2026-11-27T15:04:00.000Z',
      region: { id: 1, name: 'North Texas' },
      district: { id: 2, name: 'Arlington' },
      baseCity: { id: 1, name: 'Dallas' },
      teamLeaders: [{ userId: 3, name: 'Marcus Reed' }],
      worksOnRateSheets: true,
    },
  });
export type UserDetail = z.infer<typeof userDetailSchema>;

/** The token of an invitation or password-reset link: 32 random bytes written in 43 URL-safe characters. */
export const userLinkTokenParam = z.object({
  token: z
    .string({ error: 'This link is not valid.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid. Open the link from the e-mail as it was sent.')
    .meta({ description: 'The token of the e-mailed link, 43 URL-safe characters' }),
});

/** `POST Account/acceptInvitation/{token}` and `POST Account/resetPassword/{token}`: the password chosen. */
export const choosePasswordBody = z.object({ password: newPasswordField }).meta({ example: { password: 'cold-rooms-at-dawn' } });
export type ChoosePasswordBody = z.input<typeof choosePasswordBody>;

/** `GET Account/invitation/{token}`: whom the invitation is for, so the page can greet them before they choose a password. */
export const invitationAnswer = z
  .object({ name: z.string(), userName: z.string(), companyName: z.string(), expiresAt: z.string() })
  .meta({ example: { name: 'Jordan Price', userName: 'jprice', companyName: 'Lone Star Cooling', expiresAt: '2026-11-27T15:04:00.000Z' } });
export type InvitationInfo = z.infer<typeof invitationAnswer>;

/** After a password is set through a link: the user name to sign in with. */
export const passwordSetAnswer = z
  .object({ userName: z.string(), companyName: z.string() })
  .meta({ example: { userName: 'jprice', companyName: 'Lone Star Cooling' } });
export type PasswordSet = z.infer<typeof passwordSetAnswer>;

/** `POST Account/forgotPassword`: the user name or the e-mail address of the account. */
export const forgotPasswordBody = z
  .object({ userNameOrEmail: requiredText('User Name or Email', 254) })
  .meta({ example: { userNameOrEmail: 'jprice' } });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const userMessageAnswer = z.object({ message: z.string() }).meta({ example: { message: FORGOT_PASSWORD_ANSWER } });
