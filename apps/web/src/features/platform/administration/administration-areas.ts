import { IconSettings } from '@tabler/icons-react';
import { REFERENCE_LISTS, referenceListAccess } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { ADMINISTRATION_PATH } from './administration-paths';
import { USER_EDIT_AREA } from '../users-admin/users-admin-areas';
import { ADMINISTRATION_SETTINGS, readableLists, readableSettings, REFERENCE_LIST_ICONS } from './administration-index';

const listPage = lazyArea(() => import('./reference-list-page'));

/**
 * The administration index and one page per reference list, all from the shared descriptions: a list added there
 * gets its route, its permission and its card on the index without more code. The lists are reached from the index,
 * which the navbar shows to those who may open at least one of them.
 */
export const ADMINISTRATION_AREAS: AreaDefinition[] = [
  {
    path: ADMINISTRATION_PATH,
    domain: 'administration',
    label: 'Administration',
    description: "The company's lists: work order classes, job titles, regions, flags, standard items and statuses.",
    icon: IconSettings,
    requirement: { kind: 'signedIn' },
    isVisibleTo: (access) => readableLists(access).length > 0 || readableSettings(access).length > 0,
    component: lazyArea(() => import('./administration-page')),
  },
  ...REFERENCE_LISTS.map(
    (d): AreaDefinition => ({
      path: d.path,
      domain: 'administration',
      label: d.title,
      description: d.description,
      icon: REFERENCE_LIST_ICONS[d.key],
      requirement: referenceListAccess(d, 'read'),
      component: listPage,
      isLinkTargetOnly: true,
    }),
  ),
  ...ADMINISTRATION_SETTINGS,
  USER_EDIT_AREA,
];
