import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AREAS } from './areas/area-registry';
import { AreasContext } from './areas/areas-context';
import { router } from './areas/router';
import { SessionProvider } from './features/platform/auth/session-provider';
import { PHONE_QUERY } from './lib/media';
import { queryClient } from './lib/query-client';
import { contrastVariablesResolver, theme } from './theme';

/** Toasts sit bottom-right on a desktop and at the top on a phone, where a dialog's buttons are at the bottom. */
function Toasts() {
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  return <Notifications position={isPhone ? 'top-center' : 'bottom-right'} limit={5} />;
}

/**
 * The providers of the whole app, outermost first: theme, server state, session, the built areas, routes. Dialogs and the
 * Unauthorized Access dialog belong to the signed-in frame (`AppLayout`), which loads after sign-in.
 */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={contrastVariablesResolver} defaultColorScheme="light">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <AreasContext.Provider value={AREAS}>
            <RouterProvider router={router} />
          </AreasContext.Provider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
