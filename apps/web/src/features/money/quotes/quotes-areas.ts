import { IconFileDollar, IconFilePlus, IconFileText, IconFiles } from '@tabler/icons-react';
import { ALL_QUOTES, CREATE_QUOTE, QUOTES_GRID, QUOTES_READ, satisfies } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { QUOTES_PATHS } from './quotes-paths';

/**
 * The quote pages (spec platform 2.1): the grid of quotes waiting for an answer, every quote, creating one for a work
 * order, and one version of a quote (reached through links). The grids need 'Can Access Quotes Grid'; all quotes
 * also 'All Quotes'.
 */
export const QUOTES_AREAS: AreaDefinition[] = [
  {
    path: QUOTES_PATHS.root,
    domain: 'money',
    label: 'Quotes',
    description: 'Quotes waiting for an answer: open, pending and submitted.',
    icon: IconFileDollar,
    requirement: QUOTES_GRID,
    component: lazyArea(() => import('./quotes-page')),
  },
  {
    path: QUOTES_PATHS.all,
    domain: 'money',
    label: 'All Quotes',
    description: 'Every quote of the company, answered or not.',
    icon: IconFiles,
    requirement: ALL_QUOTES,
    isVisibleTo: (access) => satisfies(access, QUOTES_GRID),
    component: lazyArea(() => import('./all-quotes-page')),
  },
  {
    path: QUOTES_PATHS.create,
    domain: 'money',
    label: 'New Quote',
    description: 'Start a quote for a work order.',
    icon: IconFilePlus,
    requirement: CREATE_QUOTE,
    component: lazyArea(() => import('./create-quote-page')),
    isLinkTargetOnly: true,
  },
  {
    path: QUOTES_PATHS.view,
    domain: 'money',
    label: 'Quote',
    description: 'One version of a quote: its lines, totals and profit factor.',
    icon: IconFileText,
    requirement: QUOTES_READ,
    component: lazyArea(() => import('./quote-view-page')),
    isLinkTargetOnly: true,
  },
];
