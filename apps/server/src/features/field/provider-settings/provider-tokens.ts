import type { ProviderSettingsKey } from '@sm/shared';
import { corrigoToken } from '../providers/corrigo/corrigo-client';
import type { ProviderAccount } from '../providers/provider-accounts';
import { serviceChannelToken } from '../providers/service-channel/service-channel-client';

const TOKEN_REQUESTS: Record<ProviderSettingsKey, (account: ProviderAccount) => Promise<string>> = {
  corrigo: (account) => corrigoToken(account),
  serviceChannel: serviceChannelToken,
};

/** An access token for a company's account, asked for the way its provider signs clients in. */
export function providerTokenOf(account: ProviderAccount): Promise<string> {
  return TOKEN_REQUESTS[account.provider](account);
}
