import type { Access, SignedInUser } from '@sm/shared';
import { createContext, useContext } from 'react';

export type SessionStatus = 'signedOut' | 'loading' | 'signedIn';

export interface SessionValue {
  status: SessionStatus;
  user: SignedInUser | null;
  access: Access | null;
  /** Ends the session on purpose: token removed, cached data dropped, no page remembered. */
  signOut: () => void;
}

/** Provided by `SessionProvider`; read it through `useSession`. */
export const SessionContext = createContext<SessionValue | null>(null);

/** The current session; every component under `SessionProvider` may ask. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/** The signed-in user and access, for components only rendered behind `RequireSession`. */
export function useSignedIn(): { user: SignedInUser; access: Access; signOut: () => void } {
  const { user, access, signOut } = useSession();
  if (!user || !access) throw new Error('useSignedIn used outside a signed-in page');
  return { user, access, signOut };
}
