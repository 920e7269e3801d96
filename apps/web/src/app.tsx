import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { router } from './areas/router';
import { SessionProvider } from './features/auth/session-provider';
import { UnauthorizedDialog } from './features/auth/unauthorized-dialog';
import { PHONE_QUERY } from './lib/media';
import { queryClient } from './lib/query-client';
import { theme } from './theme';

/** Toasts sit bottom-right on a desktop and at the top on a phone, where a dialog's buttons are at the bottom. */
function Toasts() {
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  return <Notifications position={isPhone ? 'top-center' : 'bottom-right'} limit={5} />;
}

/**
 * Questions (occurrence or series, Yes or No) leave at once when answered: while one faded out, its overlay still
 * covered the page and took the next click, so an event clicked right after answering did not open.
 */
const QUESTION_PROPS = { transitionProps: { exitDuration: 0 } };

/** The providers of the whole app, outermost first: theme, server state, dialogs, session, routes. */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }} modalProps={QUESTION_PROPS}>
          <SessionProvider>
            <RouterProvider router={router} />
            <UnauthorizedDialog />
          </SessionProvider>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
