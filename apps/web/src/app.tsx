import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { router } from './areas/router';
import { SessionProvider } from './features/auth/session-provider';
import { UnauthorizedDialog } from './features/auth/unauthorized-dialog';
import { queryClient } from './lib/query-client';
import { theme } from './theme';

/** The providers of the whole app, outermost first: theme, server state, dialogs, session, routes. */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="bottom-right" limit={5} />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }}>
          <SessionProvider>
            <RouterProvider router={router} />
            <UnauthorizedDialog />
          </SessionProvider>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
