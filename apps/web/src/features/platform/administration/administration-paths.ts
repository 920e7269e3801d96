import { REFERENCE_LISTS, SETTINGS_FORMS, type ReferenceListDefinition, type SettingsFormDefinition } from '@sm/shared';

/** The administration index (spec platform 2.1: everything under /administration). */
export const ADMINISTRATION_PATH = '/administration';

/** The list whose page lives at a path (matched case-insensitively, as the router matches). */
export function referenceListAt(pathname: string): ReferenceListDefinition | undefined {
  const path = pathname.split(/[?#]/)[0].replace(/\/+$/, '').toLowerCase();
  return REFERENCE_LISTS.find((d) => d.path.toLowerCase() === path);
}

/** The settings form whose page lives at a path (matched case-insensitively, as the router matches). */
export function settingsFormAt(pathname: string): SettingsFormDefinition | undefined {
  const path = pathname.split(/[?#]/)[0].replace(/\/+$/, '').toLowerCase();
  return SETTINGS_FORMS.find((d) => d.path.toLowerCase() === path);
}
