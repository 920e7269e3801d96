import { z } from 'zod';
import { idParam, optionalText, requiredText } from './common';
import { phoneField } from './customers';
import { clientAuthenticationParams } from './customer-portal';
import { emailText, userNameText } from './users-admin';

/**
 * Customer users (spec platform 2.1 /users/registerForCustomerAccess, 6 "Manage Customer User Access"): a contact who
 * opened the portal from an e-mailed link asks for a sign-in of their own; the office grants it (a user with the
 * Customer role only, bound to the billing customer, invited to choose a password), declines it with a reason, or
 * later revokes the user's access.
 */
export const CUSTOMER_ACCESS_REQUEST_STATUSES = ['Requested', 'Granted', 'Declined'] as const;
export type CustomerAccessRequestStatus = (typeof CUSTOMER_ACCESS_REQUEST_STATUSES)[number];
export const CUSTOMER_ACCESS_MESSAGE_MAX = 1000;
export const CUSTOMER_ACCESS_REQUEST_OPEN = 'A request for a sign-in with this e-mail address is already waiting for the company to answer it.';
export const CUSTOMER_ACCESS_USER_EXISTS = 'A user with this e-mail address already exists. Sign in, or use Forgot password on the sign-in page.';
export const CUSTOMER_USER_UNBOUND = 'Your user is not linked to a customer, so there is no portal to show. Ask the company that invited you to link it.';

/** `POST CustomerPortal/{id}/accessRequests`: who asks, and how to reach them. */
export const customerAccessRequestBody = z
  .object({
    name: requiredText('Name', 100),
    email: emailText,
    phone: phoneField('Phone'),
    message: optionalText('Message', CUSTOMER_ACCESS_MESSAGE_MAX).trim().nullish(),
  })
  .meta({ example: { name: 'Dana Lopez', email: 'dana@downtowngrill.example', phone: '214-555-0177', message: 'I approve quotes for our three stores.' } });
export type CustomerAccessRequestBody = z.input<typeof customerAccessRequestBody>;
export type CustomerAccessRequestInput = z.output<typeof customerAccessRequestBody>;

/** What the contact is told once the request is stored. */
export const customerAccessRequestedAnswer = z
  .object({ message: z.string() })
  .meta({ example: { message: 'Your request was sent to Polar Mechanical. You will receive an e-mail once they answer it.' } });

/** A request as the customer page lists it. */
export const customerAccessRequestSchema = z.object({
  customerAccessRequestId: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(CUSTOMER_ACCESS_REQUEST_STATUSES),
  requestedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  userId: z.number().nullable(),
});
export type CustomerAccessRequest = z.infer<typeof customerAccessRequestSchema>;

/** A customer user of the billing customer: invited (no password yet), active, or revoked. */
export const customerUserSchema = z.object({
  userId: z.number(),
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  state: z.enum(['Active', 'Invited', 'Revoked']),
  createdAt: z.string(),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

const REQUEST_EXAMPLE: CustomerAccessRequest = {
  customerAccessRequestId: 3, name: 'Dana Lopez', email: 'dana@downtowngrill.example', phone: '214-555-0177', message: 'I approve quotes for our three stores.', status: 'Requested',
  requestedAt: '2026-11-28T16:00:00.000Z', decidedByName: null, decidedAt: null, declineReason: null, userId: null,
};
const USER_EXAMPLE: CustomerUser = { userId: 41, userName: 'dana@downtowngrill.example', name: 'Dana Lopez', email: 'dana@downtowngrill.example', state: 'Invited', createdAt: '2026-11-29T09:00:00.000Z' };

/** `GET Customer/{customerId}/customerUsers`: the billing customer's requests (open first, newest first) and its customer users. */
export const customerUsersAnswer = z
  .object({ requests: z.array(customerAccessRequestSchema), users: z.array(customerUserSchema) })
  .meta({ example: { requests: [REQUEST_EXAMPLE], users: [USER_EXAMPLE] } });
export type CustomerUsersAnswer = z.infer<typeof customerUsersAnswer>;

export const customerAccessRequestAnswer = customerAccessRequestSchema.meta({ example: { ...REQUEST_EXAMPLE, status: 'Granted', decidedByName: 'Dana Whitfield', decidedAt: '2026-11-29T09:00:00.000Z', userId: 41 } });
export const customerUserAnswer = customerUserSchema.meta({ example: { ...USER_EXAMPLE, state: 'Revoked' } });

/** `POST .../grant`: the user name the new user signs in with (the page offers the e-mail address). */
export const grantCustomerAccessBody = z.object({ userName: userNameText }).meta({ example: { userName: 'dana@downtowngrill.example' } });
export type GrantCustomerAccessBody = z.input<typeof grantCustomerAccessBody>;

/** `POST .../decline`: the reason, e-mailed to the contact. */
export const declineCustomerAccessBody = z.object({ reason: requiredText('Reason', 500) }).meta({ example: { reason: 'Please ask your store manager to request access for you.' } });
export type DeclineCustomerAccessBody = z.input<typeof declineCustomerAccessBody>;

export const customerAccessRequestParams = z.object({ customerId: idParam('Customer'), customerAccessRequestId: idParam('Access request') });
export const customerUserParams = z.object({ customerId: idParam('Customer'), userId: idParam('User') });
export const portalAccessRequestParams = clientAuthenticationParams;
