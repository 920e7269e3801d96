import type { Requirement } from '@sm/shared';

/** The company's users (spec platform 2.1 `/administration/users`). */
export const USERS_PATH = '/administration/users';

/** One user's page (spec platform 2.1 `users/edit/{userId}`). */
export const USER_EDIT_ROUTE = '/administration/users/edit/:userId';

/** The address of one user's page. */
export const userEditPath = (userId: number) => `/administration/users/edit/${userId}`;

/** Reading the company's users, as the API asks: the Users area with All Users. */
export const USERS_READ: Requirement = { kind: 'area', area: 'Users', level: 'read', functionality: 'All Users' };

/** Inviting and changing users: write on the Users area, with All Users. */
export const USERS_WRITE: Requirement = { kind: 'area', area: 'Users', level: 'write', functionality: 'All Users' };

/** The company's names for roles and the roles it hides (spec platform 2.1 `account-settings/maskedUserRoles`). */
export const MASKED_ROLES_PATH = '/administration/account-settings/maskedUserRoles';
