import { AppShell } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TopProgress } from '../../../components/page-loader';
import { OutboxBanner } from '../../field/offline/outbox-banner';
import { clearIntendedUrl } from '../auth/intended-url';
import { UnauthorizedDialog } from '../auth/unauthorized-dialog';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import { TeamLeadersPanel } from './team-leaders-panel';
import { useLayoutToggles } from './use-layout-toggles';

/**
 * Questions (occurrence or series, Yes or No) leave at once when answered: while one faded out, its overlay still
 * covered the page and took the next click, so an event clicked right after answering did not open.
 */
const QUESTION_PROPS = { transitionProps: { exitDuration: 0 } };

/**
 * The signed-in frame: header, navbar of the areas, the page, and the 'my team leaders' aside, with the dialogs
 * (questions, Unauthorized Access) that only a signed-in user meets, so the sign-in page loads none of them.
 */
export function AppLayout() {
  const layout = useLayoutToggles();
  const { pathname, search } = useLocation();

  // The user has landed: a remembered page has served its purpose.
  useEffect(() => clearIntendedUrl(), []);

  return (
    <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }} modalProps={QUESTION_PROPS}>
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
        <AppShell.Navbar p="xs" aria-label="Main navigation" inert={!layout.navOpened}>
          <AppNavbar onNavigate={layout.closeNavOnPhone} />
        </AppShell.Navbar>
        {/* The address whose page is shown: a navigation renders in a transition, and the page before stays until it commits. */}
        <AppShell.Main data-location={pathname + search}>
          <OutboxBanner />
          <Outlet />
        </AppShell.Main>
        <AppShell.Aside p="sm" aria-label="My team leaders" inert={!layout.asideOpened}>
          <TeamLeadersPanel />
        </AppShell.Aside>
      </AppShell>
      <UnauthorizedDialog />
    </ModalsProvider>
  );
}
