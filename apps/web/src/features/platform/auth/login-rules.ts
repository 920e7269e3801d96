/**
 * The sign-in form's rules, in a module of their own that the sign-in page imports only when the form is sent: the
 * schemas, and zod with them, stay out of what the page downloads before it shows.
 */
export { loginBody } from '@sm/shared';
