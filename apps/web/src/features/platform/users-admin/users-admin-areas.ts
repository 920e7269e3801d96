import { IconMask, IconUserEdit, IconUsers } from '@tabler/icons-react';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { MASKED_ROLES_PATH, USER_EDIT_ROUTE, USERS_PATH, USERS_READ } from './users-admin-paths';

/** The users list, linked from the administration index with the company's settings. */
export const USERS_AREA = {
  path: USERS_PATH,
  domain: 'administration',
  label: 'Users',
  description: "Your company's people who sign in: invite them, set their roles, job titles, regions, team leaders and pay, deactivate and reactivate them.",
  icon: IconUsers,
  requirement: USERS_READ,
  component: lazyArea(() => import('./users-page')),
  isLinkTargetOnly: true,
} satisfies AreaDefinition;

/** One user's page, reached from the list. */
export const USER_EDIT_AREA = {
  path: USER_EDIT_ROUTE,
  domain: 'administration',
  label: 'User',
  description: "One user's details, invitation, state and history.",
  icon: IconUserEdit,
  requirement: USERS_READ,
  component: lazyArea(() => import('./user-edit-page')),
  isLinkTargetOnly: true,
} satisfies AreaDefinition;

/** The company's wording of roles, linked from the administration index with the company's settings. */
export const MASKED_ROLES_AREA = {
  path: MASKED_ROLES_PATH,
  domain: 'administration',
  label: 'Masked User Roles',
  description: "Your company's own name for a role (Technician shown as Field Engineer), and the roles you do not use, hidden from the role pickers.",
  icon: IconMask,
  requirement: USERS_READ,
  component: lazyArea(() => import('./masked-roles-page')),
  isLinkTargetOnly: true,
} satisfies AreaDefinition;
