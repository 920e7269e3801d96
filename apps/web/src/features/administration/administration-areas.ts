import { IconFlag, IconHierarchy, IconId, IconListDetails, IconMap2, IconReceipt2, IconSettings, IconTags, type TablerIcon } from '@tabler/icons-react';
import { REFERENCE_LISTS, referenceListAccess, satisfies, type Access, type ReferenceListKey } from '@sm/shared';
import type { AreaDefinition } from '../../areas/area-registry';
import { lazyArea } from '../../components/lazy-area';
import { ADMINISTRATION_PATH } from './administration-paths';

/** Each list's icon on the administration index. */
export const REFERENCE_LIST_ICONS: Record<ReferenceListKey, TablerIcon> = {
  workOrderClasses: IconTags,
  jobTitles: IconId,
  regions: IconMap2,
  districts: IconHierarchy,
  customerFlags: IconFlag,
  workOrderFlags: IconFlag,
  standardItems: IconReceipt2,
  workOrderStatuses: IconListDetails,
  materialStatuses: IconListDetails,
};

/** The lists this user may open. */
export function readableLists(access: Access | null) {
  return REFERENCE_LISTS.filter((d) => satisfies(access, referenceListAccess(d, 'read')));
}

const listPage = lazyArea(() => import('./reference-list-page'));

/**
 * The administration index and one page per reference list, all from the shared descriptions: a list added there
 * gets its route, its permission and its card on the index without more code. The lists are reached from the index,
 * which the navbar shows to those who may open at least one of them.
 */
export const ADMINISTRATION_AREAS: AreaDefinition[] = [
  {
    path: ADMINISTRATION_PATH,
    label: 'Administration',
    description: "The company's lists: work order classes, job titles, regions, flags, standard items and statuses.",
    icon: IconSettings,
    requirement: { kind: 'signedIn' },
    isVisibleTo: (access) => readableLists(access).length > 0,
    component: lazyArea(() => import('./administration-page')),
  },
  ...REFERENCE_LISTS.map(
    (d): AreaDefinition => ({
      path: d.path,
      label: d.title,
      description: d.description,
      icon: REFERENCE_LIST_ICONS[d.key],
      requirement: referenceListAccess(d, 'read'),
      component: listPage,
      isLinkTargetOnly: true,
    }),
  ),
];
