import { useEffect, useState } from 'react';
import { AREA_DOMAINS, AREA_DOMAIN_LABELS, HOME_PATH, type AreaDefinition, type AreaDomain } from '../../../areas/area-types';
import { safeStorage } from '../../../lib/browser-storage';

/** One section of the navbar: a domain and the user's pages in it, in registry order. */
export interface NavSection {
  domain: AreaDomain;
  label: string;
  areas: AreaDefinition[];
}

/**
 * The navbar's sections, in the domains' order, from the pages the user may open; a domain without one is left out,
 * and Home stands above the sections, so it is in none.
 */
export function navSectionsOf(areas: readonly AreaDefinition[]): NavSection[] {
  return AREA_DOMAINS.map((domain) => ({
    domain,
    label: AREA_DOMAIN_LABELS[domain],
    areas: areas.filter((area) => area.domain === domain && area.path !== HOME_PATH),
  })).filter((section) => section.areas.length > 0);
}

/** The sections with only the pages whose name holds the query (case-insensitive); all of them for a blank query. */
export function filterSections(sections: readonly NavSection[], query: string): NavSection[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return [...sections];
  return sections
    .map((section) => ({ ...section, areas: section.areas.filter((area) => area.label.toLowerCase().includes(wanted)) }))
    .filter((section) => section.areas.length > 0);
}

/** localStorage key of the sections a user keeps open: per user, as people share a browser in the office. */
export function openSectionsKey(userId: number | string): string {
  return `sm.navbar.openSections.${userId}`;
}

function readOpen(userId: number | string): AreaDomain[] | undefined {
  const saved = safeStorage.readJson(localStorage, openSectionsKey(userId));
  if (!Array.isArray(saved)) return undefined;
  return AREA_DOMAINS.filter((domain) => saved.includes(domain));
}

/**
 * Which sections are open, remembered per user in this browser. The first time, the sections of the current page and
 * of the user's landing page are open (or the first section); arriving at a page opens its section, so the current
 * page is always in sight, and folding or opening a section is kept for the next visit.
 */
export function useOpenSections(userId: number | string, currentDomain: AreaDomain | undefined, firstTime: readonly AreaDomain[]) {
  const [open, setOpen] = useState<AreaDomain[]>(() => {
    const start = readOpen(userId) ?? [...firstTime];
    return currentDomain && !start.includes(currentDomain) ? [...start, currentDomain] : start;
  });

  const keep = (next: AreaDomain[]) => {
    setOpen(next);
    safeStorage.writeJson(localStorage, openSectionsKey(userId), next);
  };

  useEffect(() => {
    if (!currentDomain) return;
    setOpen((now) => {
      const next = now.includes(currentDomain) ? now : [...now, currentDomain];
      safeStorage.writeJson(localStorage, openSectionsKey(userId), next);
      return next;
    });
  }, [currentDomain, userId]);

  return {
    isOpen: (domain: AreaDomain) => open.includes(domain),
    toggle: (domain: AreaDomain) => keep(open.includes(domain) ? open.filter((d) => d !== domain) : [...open, domain]),
  };
}
