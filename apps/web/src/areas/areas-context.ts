import { loginLanding, satisfies, type Access } from '@sm/shared';
import { createContext, useContext } from 'react';
import { HOME_PATH, matchesRoute, type AreaDefinition } from './area-types';

/**
 * The built areas, handed down by the app's root (which alone imports the registry), so that the navbar, the home
 * page and the sign-in landing read the registry without importing it.
 */
export const AreasContext = createContext<readonly AreaDefinition[]>([]);

/** The built area at a path (matching is case-insensitive, as the router's; parameter segments match any value). */
export function findAreaIn(areas: readonly AreaDefinition[], path: string): AreaDefinition | undefined {
  return areas.find((area) => matchesRoute(area.path, path));
}

/** The built areas this user may open and find in the navbar and on the home page, in registry order. */
export function visibleAreasOf(areas: readonly AreaDefinition[], access: Access | null): AreaDefinition[] {
  return areas.filter((area) => !area.isLinkTargetOnly && satisfies(access, area.requirement) && (area.isVisibleTo?.(access) ?? true));
}

/**
 * Where to go after signing in: the shared `loginLanding` decides; a destination this app has not built,
 * or one the user may not open, becomes /home (spec platform 2.3).
 */
export function resolveLandingIn(areas: readonly AreaDefinition[], access: Access, intendedUrl: string | null): string {
  const target = loginLanding(access, intendedUrl);
  const area = findAreaIn(areas, target);
  return area && satisfies(access, area.requirement) ? target : HOME_PATH;
}

/** Every built area, from the app's root. */
export function useAreas(): readonly AreaDefinition[] {
  return useContext(AreasContext);
}
