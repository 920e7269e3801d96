import { z } from 'zod';
import { optionalText, pagingQuery, requiredText } from './common';

/**
 * The Third Party settings pages (spec platform 2.1: /third-party/corrigo, /third-party/service-channel): an
 * administrator connects the company's account at each outside work-order network, tests it, and sees the
 * provider work orders linked to the company's own.
 */

/** The outside work-order networks, as the API names them in paths. */
export const PROVIDER_SETTINGS_KEYS = ['corrigo', 'serviceChannel'] as const;
export type ProviderSettingsKey = (typeof PROVIDER_SETTINGS_KEYS)[number];

/** How each provider is named on screen and in sentences. */
export const PROVIDER_LABELS: Record<ProviderSettingsKey, string> = { corrigo: 'Corrigo', serviceChannel: 'ServiceChannel' };

/** ServiceChannel signs a user in (password grant); Corrigo asks with client credentials only. */
export const PROVIDER_NEEDS_USER: Record<ProviderSettingsKey, boolean> = { corrigo: false, serviceChannel: true };

/** Longest base URL, client id, user name, secret and password the product stores. */
export const PROVIDER_URL_MAX = 500;
export const PROVIDER_SECRET_MAX = 500;

/** The most linked work orders the settings page asks for at once, and how many it shows on a page. */
export const PROVIDER_WORK_ORDERS_MAX_TAKE = 100;
export const PROVIDER_WORK_ORDERS_DEFAULT_TAKE = 20;

export const providerParams = z.object({
  provider: z.enum(PROVIDER_SETTINGS_KEYS, { error: 'Provider must be corrigo or serviceChannel.' }),
});

/** Whether a text is an absolute http(s) address without credentials in it. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const baseUrl = requiredText('Base URL', PROVIDER_URL_MAX).refine(isHttpUrl, 'Base URL must be a web address starting with http:// or https://.');
/** A secret typed into the form: blank (or absent) on an update keeps the stored one. */
const secretText = (label: string) => optionalText(label, PROVIDER_SECRET_MAX).optional();

/**
 * `PUT ThirdParty/{provider}/account`: saves the company's connection. `clientSecret` and `password` may be left out
 * (or blank) to keep the stored ones; the first save needs them. `userName` and `password` are for ServiceChannel only.
 */
export const providerAccountBody = z.object({
  baseUrl,
  clientId: requiredText('Client ID', 200),
  clientSecret: secretText('Client Secret'),
  userName: optionalText('User Name', 200).optional(),
  password: secretText('Password'),
  isEnabled: z.boolean({ error: 'Enabled must be true or false.' }),
});
export type ProviderAccountInput = z.input<typeof providerAccountBody>;

/**
 * `GET ThirdParty/{provider}/account`: the company's connection as the form shows it. The secret and the password
 * are never sent; `hasClientSecret` and `hasPassword` say whether one is stored.
 */
export const providerAccountSchema = z.object({
  provider: z.enum(PROVIDER_SETTINGS_KEYS),
  /** False until the company saves a connection; the other fields are then empty. */
  isConfigured: z.boolean(),
  baseUrl: z.string(),
  clientId: z.string(),
  userName: z.string().nullable(),
  isEnabled: z.boolean(),
  hasClientSecret: z.boolean(),
  hasPassword: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ProviderAccount = z.infer<typeof providerAccountSchema>;

/** `POST ThirdParty/{provider}/test`: whether the provider issued a token for the stored credentials, in a sentence. */
export const providerTestAnswer = z.object({ ok: z.boolean(), message: z.string() });
export type ProviderTestAnswer = z.infer<typeof providerTestAnswer>;

export const providerWorkOrdersQuery = z.object({
  ...pagingQuery(PROVIDER_WORK_ORDERS_MAX_TAKE, PROVIDER_WORK_ORDERS_DEFAULT_TAKE),
});
export type ProviderWorkOrdersQuery = z.input<typeof providerWorkOrdersQuery>;

/** The last call made to the provider for a work order: what, when, and whether the provider took it. */
export const providerLastActionSchema = z.object({
  action: z.string(),
  isOk: z.boolean(),
  message: z.string().nullable(),
  createdAt: z.string(),
});

/** One of the company's work orders linked to a provider work order. */
export const providerWorkOrderSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  customerName: z.string(),
  providerWorkOrderId: z.number(),
  providerStatus: z.string().nullable(),
  workOrderStatus: z.string(),
  lastAction: providerLastActionSchema.nullable(),
});
export type ProviderWorkOrder = z.infer<typeof providerWorkOrderSchema>;

/** `GET ThirdParty/{provider}/workOrders`: one page, newest first, and how many there are in all. */
export const providerWorkOrdersAnswer = z.object({ data: z.array(providerWorkOrderSchema), total: z.number() });
export type ProviderWorkOrdersAnswer = z.infer<typeof providerWorkOrdersAnswer>;
