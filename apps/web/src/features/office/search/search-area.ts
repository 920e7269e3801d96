import { IconSearch } from '@tabler/icons-react';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { SEARCH_PAGE_PATH } from './search-api';

/** The search page: reached from the header's search box, open to everyone signed in (each group shows what they may read). */
export const SEARCH_AREA: AreaDefinition = {
  path: SEARCH_PAGE_PATH,
  domain: 'office',
  label: 'Search',
  description: 'Work orders, customers and contacts matching what you typed.',
  icon: IconSearch,
  requirement: { kind: 'signedIn' },
  component: lazyArea(() => import('./search-records-page')),
  isLinkTargetOnly: true,
};
