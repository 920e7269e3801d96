import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { onApiEvent } from '../../../lib/api-events';
import { setOutboxOwner, startOutbox } from '../../../lib/offline/outbox';
import { clearToken, getToken, subscribeToken } from '../../../lib/token-store';
import { currentAppUrl, saveIntendedUrl } from './intended-url';
import { sessionQuery } from './session-api';
import { SessionContext, type SessionValue } from './session-context';
import { useTokenRefresh } from './use-token-refresh';

/**
 * Owns the session (spec platform 4.1): the user is signed out until validateUser and the roles have loaded.
 * A 401 on any call, or a failed validation, remembers the page, clears the token and drops cached data;
 * the route guard then sends the user to /login.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToken, getToken);
  const session = useQuery({ ...sessionQuery, enabled: token !== null });

  const endSession = useCallback(
    (reason: 'signOut' | 'expired') => {
      if (reason === 'expired') saveIntendedUrl(currentAppUrl());
      clearToken(reason);
      queryClient.clear();
    },
    [queryClient],
  );

  useEffect(() => onApiEvent('unauthorized', () => endSession('expired')), [endSession]);

  const validationFailed = token !== null && session.isError && session.data === undefined;
  useEffect(() => {
    if (validationFailed) endSession('expired');
  }, [validationFailed, endSession]);

  useTokenRefresh(token !== null && session.data ? session.data.user.exp : null);

  // What the signed-in user did without signal is sent once the session is known (after a reload, too).
  const ownerId = token !== null && session.data ? session.data.user.userId : null;
  useEffect(() => {
    startOutbox();
    setOutboxOwner(ownerId);
  }, [ownerId]);

  const value = useMemo<SessionValue>(() => {
    const signOut = () => endSession('signOut');
    if (token === null) return { status: 'signedOut', user: null, access: null, signOut };
    if (!session.data) return { status: 'loading', user: null, access: null, signOut };
    return { status: 'signedIn', user: session.data.user, access: session.data.access, signOut };
  }, [token, session.data, endSession]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
