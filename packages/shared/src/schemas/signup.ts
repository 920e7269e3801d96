import { z } from 'zod';
import { isValidEmail } from '../helpers/email';
import { isTimeZone } from '../helpers/zoned-time';
import { required, requiredText } from './common';

/**
 * Sign-up and first run: a new company (subscriber) with its first Super Admin. Public sign-up (`/register`) is opened
 * by the operator (PUBLIC_SIGNUP=1); the address is confirmed by a link e-mailed through the outbox, valid
 * SIGNUP_CONFIRM_HOURS hours, once. With sign-up closed, an empty database offers the one-time setup of the first
 * company instead.
 */
export const SIGNUP_CONFIRM_HOURS = 48;
export const SIGNUP_PASSWORD_MIN = 10;

/** Passwords tried first by anyone guessing; compared without regard to case. */
export const COMMON_PASSWORDS: readonly string[] = [
  '0123456789', '1234567890', '12345678910', '1111111111', '0000000000', 'abcdefghij', 'abc1234567', 'qwertyuiop',
  'qwerty1234', 'qwerty12345', 'asdfghjkl1', '1q2w3e4r5t', 'password12', 'password123', 'password1234', 'password!1',
  'passw0rd12', 'p@ssw0rd123', 'letmein123', 'welcome123', 'welcome1234', 'iloveyou12', 'admin12345', 'admin123456',
  'administrator', 'changeme123', 'sunshine123', 'football123', 'baseball123', 'superman123', 'trustno1234', 'monkey12345',
  'dragon12345', 'master12345', 'princess123', 'starwars123', 'servicemanaged', 'demo123456',
];
const COMMON = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

export const PASSWORD_RULE = `Password must be at least ${SIGNUP_PASSWORD_MIN} characters and not a common password such as password123.`;

/** A new password: long enough and not one of the common ones. Kept as typed (spaces count). */
export const newPasswordField = z
  .string({ error: required('Password') })
  .min(1, required('Password'))
  .min(SIGNUP_PASSWORD_MIN, PASSWORD_RULE)
  .max(200, 'Password must be at most 200 characters.')
  .refine((v) => !COMMON.has(v.trim().toLowerCase()), PASSWORD_RULE);

/** A required e-mail address, trimmed. */
const requiredEmail = requiredText('Email', 254).refine((v) => isValidEmail(v), 'Email is not a valid e-mail address, like office@example.com.');

/** The company's IANA time zone, kept in its canonical spelling. */
const timeZoneName = requiredText('Time Zone', 64)
  .refine((v) => isTimeZone(v), 'Time Zone must be a time zone name like America/Chicago.')
  .transform((v) => new Intl.DateTimeFormat('en-US', { timeZone: v }).resolvedOptions().timeZone);

/** The company's address: street, city, two-letter state (kept in capitals) and zip. */
export const companyAddressSchema = z.object(
  {
    street: requiredText('Street', 200),
    city: requiredText('City', 100),
    state: requiredText('State', 20)
      .refine((v) => /^[A-Za-z]{2}$/.test(v), 'State must be two letters, like TX.')
      .transform((v) => v.toUpperCase()),
    zip: requiredText('Zip', 20).refine((v) => /^\d{5}(-\d{4})?$/.test(v), 'Zip must be 5 digits or 5+4 digits, like 75201 or 75201-1234.'),
  },
  { error: required('Address') },
);
export type CompanyAddress = z.infer<typeof companyAddressSchema>;

/** `POST Account/register` and `POST Account/setup`: the company and its first Super Admin. */
export const registerBody = z
  .object({
    companyName: requiredText('Company Name', 200),
    timeZone: timeZoneName,
    address: companyAddressSchema,
    name: requiredText('Your Name', 100),
    userName: requiredText('User Name', 100).regex(/^[A-Za-z0-9._@-]+$/, 'User Name may hold letters, digits, dots, dashes, underscores and @, without spaces.'),
    email: requiredEmail,
    password: newPasswordField,
  })
  .meta({
    example: {
      companyName: 'Lone Star Cooling',
      timeZone: 'America/Chicago',
      address: { street: '1500 Marilla St', city: 'Dallas', state: 'TX', zip: '75201' },
      name: 'Avery Brooks',
      userName: 'avery',
      email: 'avery@lonestarcooling.example',
      password: 'cold-rooms-at-dawn',
    },
  });
export type RegisterBody = z.input<typeof registerBody>;
export type RegisterInput = z.output<typeof registerBody>;

/**
 * The login pages of the outside work-order providers (spec platform 2.5), as the server's operator set them
 * (SERVICECHANNEL_LOGIN_URL, ECOTRAK_LOGIN_URL, CORRIGO_LOGIN_URL) or the providers' public ones.
 */
export const providerLoginPagesSchema = z.object({ serviceChannel: z.string(), ecotrak: z.string(), corrigo: z.string() });
export type ProviderLoginPages = z.infer<typeof providerLoginPagesSchema>;

/** The providers' public login pages, where the operator sets none. */
export const PROVIDER_LOGIN_PAGE_DEFAULTS: ProviderLoginPages = {
  serviceChannel: 'https://login.servicechannel.com/',
  ecotrak: 'https://app.ecotrak.com/',
  corrigo: 'https://login.corrigo.com/',
};

/** The providers' names as their login links read them. */
export const PROVIDER_LOGIN_LABELS: Record<keyof ProviderLoginPages, string> = { serviceChannel: 'ServiceChannel', ecotrak: 'ecotrak', corrigo: 'Corrigo' };

/**
 * `GET Account/signupState`: whether public sign-up is open, whether the database has no company yet, and the
 * server's settings the web app reads before anyone signs in (the providers' login pages).
 */
export const signupStateAnswer = z
  .object({ publicSignup: z.boolean(), needsSetup: z.boolean(), providerLoginPages: providerLoginPagesSchema })
  .meta({ example: { publicSignup: false, needsSetup: false, providerLoginPages: PROVIDER_LOGIN_PAGE_DEFAULTS } });
export type SignupState = z.infer<typeof signupStateAnswer>;

/** `POST Account/register`: what the person reads next. */
export const registeredAnswer = z
  .object({ message: z.string() })
  .meta({ example: { message: 'We sent a link to a…@lonestarcooling.example. Open it to confirm the address, then sign in.' } });
export type Registered = z.infer<typeof registeredAnswer>;

/** `POST Account/confirmEmail/{token}`: whose address was confirmed. */
export const confirmEmailAnswer = z
  .object({ userName: z.string(), companyName: z.string() })
  .meta({ example: { userName: 'avery', companyName: 'Lone Star Cooling' } });
export type ConfirmedEmail = z.infer<typeof confirmEmailAnswer>;

/** The confirmation link's token: 32 random bytes written in 43 URL-safe characters. */
export const confirmTokenParam = z.object({
  token: z
    .string({ error: 'This confirmation link is not valid.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This confirmation link is not valid. Open the link from the e-mail as it was sent.')
    .meta({ description: 'The token of the confirmation link, 43 URL-safe characters' }),
});
