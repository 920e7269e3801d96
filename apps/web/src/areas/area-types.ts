import type { TablerIcon } from '@tabler/icons-react';
import type { Access, Requirement } from '@sm/shared';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * What a feature declares about each of its pages. Features import this module and `areas-context`, never the
 * registry: the registry reads the features' declarations, and nothing reads the registry back but the app's root.
 */
export interface AreaDefinition {
  /** The product's domain the page belongs to: its section of the navbar, and the section opened while it is shown. */
  domain: AreaDomain;
  /** Route pattern; a `:name` segment matches any one segment (e.g. `/workOrder/:workOrderNumber/edit`). */
  path: string;
  label: string;
  description: string;
  icon: TablerIcon;
  requirement: Requirement;
  component: LazyExoticComponent<ComponentType>;
  /** A page reached through links only (a route with parameters): not in the navbar nor on the home cards. */
  isLinkTargetOnly?: boolean;
  /** Shown in the navbar and on the home cards only when this answers true (an index of pages the user may open). */
  isVisibleTo?: (access: Access | null) => boolean;
}

/**
 * The product's domains, the same on the server and the web: Field Work (clock, providers, scheduling, boards,
 * routes), Office (customers, work orders, items, search), Money (quotes, estimates, invoices, billing, documents),
 * People (timesheets and payroll, pay raises, SOPs, write-ups, notices) and Administration (permissions, users,
 * e-mail, templates, lists, provider settings).
 */
export const AREA_DOMAINS = ['field', 'office', 'money', 'people', 'administration'] as const;
export type AreaDomain = (typeof AREA_DOMAINS)[number];

/** Each domain's name as its navbar section shows it (Administration is the spec's area name, platform 2.2). */
export const AREA_DOMAIN_LABELS: Record<AreaDomain, string> = {
  field: 'Field Work',
  office: 'Office',
  money: 'Money',
  people: 'People',
  administration: 'Administration',
};

/** Where every signed-in user may go, and where refused or unknown routes end (spec platform 2.3). */
export const HOME_PATH = '/home';

function segmentsOf(path: string): string[] {
  const bare = path.split(/[?#]/)[0].toLowerCase();
  return bare.split('/').filter(Boolean);
}

/** Whether a concrete path matches a route pattern: same segments, case-insensitive, `:name` matching any one. */
export function matchesRoute(pattern: string, path: string): boolean {
  const want = segmentsOf(pattern);
  const have = segmentsOf(path);
  return want.length === have.length && want.every((segment, i) => segment.startsWith(':') || segment === have[i]);
}
