import { IconFileImport } from '@tabler/icons-react';
import { IMPORT_HISTORY_ACCESS } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { IMPORT_HISTORY_PATH } from './imports-paths';

/** The import history, linked from the administration index with the company's settings. */
export const IMPORT_HISTORY_AREA = {
  path: IMPORT_HISTORY_PATH,
  domain: 'administration',
  label: 'Import History',
  description: 'Every import of customers, contacts, users and standard items: who, when, what it created, updated and rejected, and its report.',
  icon: IconFileImport,
  requirement: IMPORT_HISTORY_ACCESS,
  component: lazyArea(() => import('./import-history-page')),
  isLinkTargetOnly: true,
} satisfies AreaDefinition;
