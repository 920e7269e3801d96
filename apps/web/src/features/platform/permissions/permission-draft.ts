import {
  PERMISSION_AREA_NAMES,
  PERMISSION_AREAS,
  type PermissionArea,
  type PermissionEntry,
  type RolePermissionsUpdate,
  type RoleSummary,
} from '@sm/shared';

/** One area's rights while the page edits them. */
export type AreaRights = Pick<PermissionEntry, 'canRead' | 'canWrite' | 'functionalities'>;

/** A role's whole matrix being edited: every known area, present or not in the saved role. */
export type PermissionDraft = Record<PermissionArea, AreaRights>;

const NONE: AreaRights = { canRead: false, canWrite: false, functionalities: [] };

/** The special permissions an area offers. */
export function functionalitiesOf(area: PermissionArea): readonly string[] {
  return PERMISSION_AREAS[area];
}

/**
 * The editable matrix of a role. The all-access role (Super Admin) is shown as it behaves: every right and
 * every special permission, whatever is stored.
 */
export function buildDraft(role: RoleSummary): PermissionDraft {
  const draft = {} as PermissionDraft;
  for (const area of PERMISSION_AREA_NAMES) {
    if (role.isAll) {
      draft[area] = { canRead: true, canWrite: true, functionalities: [...functionalitiesOf(area)] };
      continue;
    }
    const saved = role.permissions.find((p) => p.permissionDescription === area);
    const allowed = functionalitiesOf(area);
    draft[area] = saved
      ? {
          canRead: saved.canRead,
          canWrite: saved.canWrite,
          functionalities: saved.functionalities.filter((f) => allowed.includes(f)),
        }
      : NONE;
  }
  return draft;
}

function sameRights(a: AreaRights, b: AreaRights): boolean {
  if (a.canRead !== b.canRead || a.canWrite !== b.canWrite) return false;
  if (a.functionalities.length !== b.functionalities.length) return false;
  return a.functionalities.every((f) => b.functionalities.includes(f));
}

/** The areas whose rights differ between two drafts. */
export function changedAreas(a: PermissionDraft, b: PermissionDraft): PermissionArea[] {
  return PERMISSION_AREA_NAMES.filter((area) => !sameRights(a[area], b[area]));
}

/**
 * Applies a change to one area. Special permissions need read or write (the server refuses them
 * otherwise), so taking away the last of the two also clears them.
 */
export function applyChange(rights: AreaRights, patch: Partial<AreaRights>): AreaRights {
  const next = { ...rights, ...patch };
  if (!next.canRead && !next.canWrite) next.functionalities = [];
  return next;
}

/** The PUT body: every area with explicit rights, so the saved matrix is exactly the draft. */
export function toUpdateBody(draft: PermissionDraft): RolePermissionsUpdate {
  return {
    permissions: PERMISSION_AREA_NAMES.map((area) => ({
      permissionDescription: area,
      canRead: draft[area].canRead,
      canWrite: draft[area].canWrite,
      functionalities: [...draft[area].functionalities],
    })),
  };
}

/** Areas matching a search by area or special-permission name (case-insensitive). */
export function filterAreas(search: string): readonly PermissionArea[] {
  const q = search.trim().toLowerCase();
  if (!q) return PERMISSION_AREA_NAMES;
  return PERMISSION_AREA_NAMES.filter(
    (area) => area.toLowerCase().includes(q) || functionalitiesOf(area).some((f) => f.toLowerCase().includes(q)),
  );
}
