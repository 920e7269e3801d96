import { AppShell } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { TopProgress } from '../../components/page-loader';
import { clearIntendedUrl } from '../auth/intended-url';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import { TeamLeadersPanel } from './team-leaders-panel';
import { useLayoutToggles } from './use-layout-toggles';

/** The signed-in frame: header, navbar of the areas, the page, and the 'my team leaders' aside. */
export function AppLayout() {
  const layout = useLayoutToggles();

  // The user has landed: a remembered page has served its purpose.
  useEffect(() => clearIntendedUrl(), []);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: layout.collapsed.navbar }}
      aside={{ width: 280, breakpoint: 'sm', collapsed: layout.collapsed.aside }}
      padding="md"
    >
      <TopProgress />
      <AppShell.Header>
        <AppHeader
          navOpened={layout.navOpened}
          asideOpened={layout.asideOpened}
          onToggleNav={layout.toggleNav}
          onToggleAside={layout.toggleAside}
        />
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <AppNavbar onNavigate={layout.closeNavOnPhone} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <AppShell.Aside p="sm" aria-label="My team leaders">
        <TeamLeadersPanel />
      </AppShell.Aside>
    </AppShell>
  );
}
