import { queryOptions } from '@tanstack/react-query';
import type { ConfirmedEmail, Registered, RegisterInput, SignupState } from '@sm/shared';
import { apiGet, apiPost } from '../../../lib/api';

/**
 * Whether public sign-up is open and whether the first company is still to be set up: read by the sign-in page (a
 * link to /register, or on to /setup) and by the sign-up pages themselves.
 */
export const signupStateQuery = queryOptions({
  queryKey: ['signupState'],
  queryFn: ({ signal }) => apiGet<SignupState>('Account/signupState', { signal }),
  staleTime: 60_000,
  retry: false,
  meta: { silent: true },
});

/** `POST Account/register`: the company and its Super Admin; the answer says where the confirmation link went. */
export const registerCompany = (body: RegisterInput) => apiPost<Registered>('Account/register', body);

/** `POST Account/setup`: the first company of an empty database; answers a token, signed in at once. */
export const setupFirstCompany = (body: RegisterInput) => apiPost<{ accessToken: string }>('Account/setup', body);

/** `POST Account/confirmEmail/{token}`: the link from the e-mail, once. */
export const confirmEmail = (token: string) => apiPost<ConfirmedEmail>(`Account/confirmEmail/${encodeURIComponent(token)}`);
