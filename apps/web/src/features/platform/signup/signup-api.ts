import { queryOptions } from '@tanstack/react-query';
import type { ConfirmedEmail, InvitationInfo, PasswordSet, Registered, RegisterInput, SignupState } from '@sm/shared';
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

/** `GET Account/invitation/{token}`: whom the invitation is for. */
export const invitationOf = (token: string, signal?: AbortSignal) => apiGet<InvitationInfo>(`Account/invitation/${encodeURIComponent(token)}`, { signal });

/** `POST Account/acceptInvitation/{token}` or `POST Account/resetPassword/{token}`: the password chosen through a link. */
export const choosePassword = (purpose: 'acceptInvitation' | 'resetPassword', token: string, password: string) =>
  apiPost<PasswordSet>(`Account/${purpose}/${encodeURIComponent(token)}`, { password });

/** `POST Account/forgotPassword`: the same answer whether or not an account matches. */
export const forgotPassword = (userNameOrEmail: string) => apiPost<{ message: string }>('Account/forgotPassword', { userNameOrEmail });
