import { queryOptions } from '@tanstack/react-query';
import type { Access, LoginBody, RolePermissions, SignedInUser } from '@sm/shared';
import { apiGet, apiPost } from '../../../lib/api';

/** What the app knows about the signed-in user: the token's claims and the access built from the roles. */
export interface Session {
  user: SignedInUser;
  access: Access;
}

/** Query key of the session; invalidate it to reload the claims and permissions. */
export const SESSION_QUERY_KEY = ['session'] as const;

/** Validates the token (validateUser), then loads the user's roles and permissions (spec platform 4.1). */
export async function loadSession(): Promise<Session> {
  const user = await apiPost<SignedInUser>('Account/validateUser');
  const roles = await apiGet<RolePermissions[]>(`Account/user-roles-permissions/${user.userId}`);
  return { user, access: { roleIds: user.userRoleId, roles } };
}

/** The session query: loaded once per token, refetched in the background after a token refresh. */
export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: loadSession,
  staleTime: Infinity,
  retry: false,
});

/** Exchanges user name and password for an access token. */
export function signIn(body: LoginBody): Promise<{ accessToken: string }> {
  return apiPost<{ accessToken: string }>('Account/login', body);
}

/** Asks for a token with a new expiry (no body; the current token is the bearer). */
export function refreshAccessToken(): Promise<{ accessToken: string }> {
  return apiPost<{ accessToken: string }>('Account/refreshToken');
}
