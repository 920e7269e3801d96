/**
 * The sign-in form's rules, in a module of their own that the sign-in page imports once it has shown: the schemas,
 * and zod with them, stay out of what the page downloads before it shows.
 */
export { loginBody } from '@sm/shared';
