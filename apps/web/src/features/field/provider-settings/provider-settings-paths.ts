import type { ProviderSettingsKey } from '@sm/shared';

/** The Third Party pages (spec platform 2.1), one per provider. */
export const PROVIDER_SETTINGS_PATHS: Record<ProviderSettingsKey, string> = {
  corrigo: '/third-party/corrigo',
  serviceChannel: '/third-party/service-channel',
};

/** Which provider a Third Party page address is about (case-insensitive, as the router). */
export function providerOfPath(pathname: string): ProviderSettingsKey {
  return pathname.toLowerCase().startsWith(PROVIDER_SETTINGS_PATHS.serviceChannel) ? 'serviceChannel' : 'corrigo';
}
