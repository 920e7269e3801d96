import { CloseButton, NavLink, ScrollArea, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconBuildingStore, IconChevronRight, IconCoin, IconSearch, IconSettings, IconTruck, IconUsersGroup, type TablerIcon } from '@tabler/icons-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { findAreaIn, resolveLandingIn, useAreas, visibleAreasOf } from '../../../areas/areas-context';
import { HOME_PATH, type AreaDefinition, type AreaDomain } from '../../../areas/area-types';
import { useSignedIn } from '../auth/session-context';
import { filterSections, navSectionsOf, useOpenSections, type NavSection } from './navbar-sections';

const DOMAIN_ICONS: Record<AreaDomain, TablerIcon> = {
  field: IconTruck,
  office: IconBuildingStore,
  money: IconCoin,
  people: IconUsersGroup,
  administration: IconSettings,
};

interface EntryProps {
  area: AreaDefinition;
  activePath: string | undefined;
  onNavigate: () => void;
  nested?: boolean;
}

/** One page of the navbar, in a list item. */
function Entry({ area, activePath, onNavigate, nested = false }: EntryProps) {
  const Icon = area.icon;
  const active = area.path === activePath;
  return (
    <li>
      <NavLink
        component={Link}
        to={area.path}
        label={area.label}
        leftSection={<Icon size={18} stroke={1.6} />}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        pl={nested ? 'lg' : undefined}
      />
    </li>
  );
}

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

interface SectionProps {
  section: NavSection;
  isOpen: boolean;
  onToggle: () => void;
  activePath: string | undefined;
  onNavigate: () => void;
}

/** A domain's section: a button that folds it (aria-expanded) and the list of its pages, hidden while folded. */
function Section({ section, isOpen, onToggle, activePath, onNavigate }: SectionProps) {
  const listId = useId();
  const Icon = DOMAIN_ICONS[section.domain];
  return (
    <li>
      <NavLink
        component="button"
        type="button"
        label={section.label}
        fw={600}
        leftSection={<Icon size={18} stroke={1.6} />}
        rightSection={<IconChevronRight size={14} stroke={1.8} style={{ transform: isOpen ? 'rotate(90deg)' : undefined }} aria-hidden />}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={onToggle}
      />
      <ul id={listId} aria-label={section.label} hidden={!isOpen} style={LIST_STYLE}>
        {section.areas.map((area) => (
          <Entry key={area.path} area={area} activePath={activePath} onNavigate={onNavigate} nested />
        ))}
      </ul>
    </li>
  );
}

/**
 * The pages this user may open, from the area registry, in a section per domain that folds: the current page's section
 * is open, which sections are open is remembered per user, and the box on top finds a page by name in every section.
 */
export function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { user, access } = useSignedIn();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const all = useAreas();
  const areas = visibleAreasOf(all, access);
  const home = areas.find((area) => area.path === HOME_PATH);
  const sections = navSectionsOf(areas);
  // The longest path the address starts with is the current page: /quotes/all is All Quotes, not Quotes as well.
  const path = pathname.toLowerCase();
  const activePath = areas
    .map((a) => a.path)
    .filter((p) => path.startsWith(p.toLowerCase()))
    .sort((a, b) => b.length - a.length)[0];
  const currentArea = findAreaIn(all, pathname);
  const currentDomain = currentArea && currentArea.path !== HOME_PATH ? currentArea.domain : undefined;
  const landing = findAreaIn(all, resolveLandingIn(all, access, null));
  const firstTime = landing && landing.path !== HOME_PATH ? [landing.domain] : sections.slice(0, 1).map((s) => s.domain);
  const open = useOpenSections(user.userId, currentDomain, firstTime);

  const [query, setQuery] = useState('');
  const isFiltering = query.trim() !== '';
  const found = filterSections(sections, query);
  const foundCount = found.reduce((sum, section) => sum + section.areas.length, 0);

  const onFilterKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
    } else if (event.key === 'Enter' && isFiltering && found.length > 0) {
      event.preventDefault();
      setQuery('');
      onNavigate();
      void navigate(found[0].areas[0].path);
    }
  };

  return (
    <Stack h="100%" gap="xs">
      <TextInput
        aria-label="Find a page"
        placeholder="Find a page"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={onFilterKey}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={query ? <CloseButton size="sm" aria-label="Clear the page filter" onClick={() => setQuery('')} /> : null}
      />
      <div role="status">
        {isFiltering &&
          (foundCount === 0 ? (
            <Text size="sm" c="dimmed" px="xs">
              No page matches “{query.trim()}”.
            </Text>
          ) : (
            <VisuallyHidden>{foundCount === 1 ? '1 page matches' : `${foundCount} pages match`}</VisuallyHidden>
          ))}
      </div>
      <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
        <ul style={LIST_STYLE}>
          {home && !isFiltering && <Entry area={home} activePath={activePath} onNavigate={onNavigate} />}
          {isFiltering
            ? found.map((section) => (
                <li key={section.domain}>
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt="xs" id={`nav-found-${section.domain}`}>
                    {section.label}
                  </Text>
                  <ul aria-labelledby={`nav-found-${section.domain}`} style={LIST_STYLE}>
                    {section.areas.map((area) => (
                      <Entry key={area.path} area={area} activePath={activePath} onNavigate={onNavigate} />
                    ))}
                  </ul>
                </li>
              ))
            : sections.map((section) =>
                // A section of one page shows the page itself: a fold would only hide it.
                section.areas.length === 1 ? (
                  <Entry key={section.domain} area={section.areas[0]} activePath={activePath} onNavigate={onNavigate} />
                ) : (
                  <Section
                    key={section.domain}
                    section={section}
                    isOpen={open.isOpen(section.domain)}
                    onToggle={() => open.toggle(section.domain)}
                    activePath={activePath}
                    onNavigate={onNavigate}
                  />
                ),
              )}
        </ul>
      </ScrollArea>
    </Stack>
  );
}
