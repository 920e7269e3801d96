import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useAreas, visibleAreasOf } from '../../areas/areas-context';
import { useSignedIn } from '../auth/session-context';

/** Links to the built areas this user may open, straight from the area registry. */
export function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { access } = useSignedIn();
  const { pathname } = useLocation();
  const areas = visibleAreasOf(useAreas(), access);
  // The longest path the address starts with is the current page: /quotes/all is All Quotes, not Quotes as well.
  const path = pathname.toLowerCase();
  const activePath = areas
    .map((a) => a.path)
    .filter((p) => path.startsWith(p.toLowerCase()))
    .sort((a, b) => b.length - a.length)[0];
  return (
    <ScrollArea component="nav" h="100%" type="auto">
      {areas.map((area) => {
        const Icon = area.icon;
        const active = area.path === activePath;
        return (
          <NavLink
            key={area.path}
            component={Link}
            to={area.path}
            label={area.label}
            leftSection={<Icon size={18} stroke={1.6} />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </ScrollArea>
  );
}
