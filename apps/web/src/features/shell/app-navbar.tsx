import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { visibleAreas } from '../../areas/area-registry';
import { useSignedIn } from '../auth/session-context';

/** Links to the built areas this user may open, straight from the area registry. */
export function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { access } = useSignedIn();
  const { pathname } = useLocation();
  return (
    <ScrollArea component="nav" h="100%" type="auto">
      {visibleAreas(access).map((area) => {
        const Icon = area.icon;
        const active = pathname.toLowerCase().startsWith(area.path.toLowerCase());
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
