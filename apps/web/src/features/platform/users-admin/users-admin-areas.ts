import { IconUserEdit, IconUsers } from '@tabler/icons-react';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { USER_EDIT_ROUTE, USERS_PATH, USERS_READ } from './users-admin-paths';

/** The users list, linked from the administration index with the company's settings. */
export const USERS_AREA = {
  path: USERS_PATH,
  domain: 'administration',
  label: 'Users',
  description: "Your company's people who sign in: invite them, set their roles and job titles, deactivate and reactivate them.",
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
