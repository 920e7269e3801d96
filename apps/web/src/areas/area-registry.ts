import { IconClipboardList, IconHome, IconShieldLock, type TablerIcon } from '@tabler/icons-react';
import { loginLanding, satisfies, type Access, type Requirement } from '@sm/shared';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyArea } from '../components/lazy-area';

/** One area the web app has built: its path, what it requires, and its lazily loaded page. */
export interface AreaDefinition {
  path: string;
  label: string;
  description: string;
  icon: TablerIcon;
  requirement: Requirement;
  component: LazyExoticComponent<ComponentType>;
}

/** Where every signed-in user may go, and where refused or unknown routes end (spec platform 2.3). */
export const HOME_PATH = '/home';

/**
 * The single registry of built areas. The router, the navbar, the home cards and the sign-in landing all
 * read it, so an area exists everywhere or nowhere.
 */
export const AREAS: readonly AreaDefinition[] = [
  {
    path: HOME_PATH,
    label: 'Home',
    description: 'Your day at a glance.',
    icon: IconHome,
    requirement: { kind: 'signedIn' },
    component: lazyArea(() => import('../features/home/home-page')),
  },
  {
    path: '/workOrder/mine',
    label: 'My Work Orders',
    description: 'The work orders assigned to you.',
    icon: IconClipboardList,
    requirement: { kind: 'area', area: 'Work Orders', level: 'read', functionality: 'My WorkOrders' },
    component: lazyArea(() => import('../features/work-orders/my-work-orders-page')),
  },
  {
    path: '/permissions',
    label: 'Permissions',
    description: 'What each role of your company may read, write and do.',
    icon: IconShieldLock,
    requirement: { kind: 'superAdmin' },
    component: lazyArea(() => import('../features/permissions/permissions-page')),
  },
];

function normalise(path: string): string {
  const bare = path.split(/[?#]/)[0].replace(/\/+$/, '');
  return (bare || '/').toLowerCase();
}

/** The built area at a path (matching is case-insensitive, as the router's), or undefined. */
export function findArea(path: string): AreaDefinition | undefined {
  const wanted = normalise(path);
  return AREAS.find((area) => normalise(area.path) === wanted);
}

/** The built areas this user may open, in registry order. */
export function visibleAreas(access: Access | null): AreaDefinition[] {
  return AREAS.filter((area) => satisfies(access, area.requirement));
}

/**
 * Where to go after signing in: the shared `loginLanding` decides; a destination this app has not built,
 * or one the user may not open, becomes /home (spec platform 2.3).
 */
export function resolveLanding(access: Access, intendedUrl: string | null): string {
  const target = loginLanding(access, intendedUrl);
  const area = findArea(target);
  return area && satisfies(access, area.requirement) ? target : HOME_PATH;
}
