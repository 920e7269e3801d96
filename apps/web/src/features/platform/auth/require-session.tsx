import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { getSessionEndReason } from '../../../lib/token-store';
import { saveIntendedUrl } from './intended-url';
import { useSession } from './session-context';

function RedirectToLogin() {
  const location = useLocation();
  const url = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (getSessionEndReason() !== 'signOut') saveIntendedUrl(url);
  }, [url]);
  return <Navigate to="/login" replace />;
}

/**
 * Shows its children only to a signed-in user: a spinner while the token is validated, /login when there is
 * no session (remembering the page, unless the user signed out on purpose).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader label="Signing in" />;
  if (status === 'signedOut') return <RedirectToLogin />;
  return children;
}
