import type { ProviderSettingsKey } from '@sm/shared';
import { endpointOf, tokenKeyOf, type ProviderAccount } from '../providers/provider-accounts';
import { cachedToken, callProvider } from '../providers/provider-http';
import { serviceChannelToken } from '../providers/service-channel/service-channel-client';

type TokenAnswer = { access_token?: unknown; expires_in?: unknown };

/**
 * Corrigo: OAuth client credentials, form-encoded (providers.md), the same request and token cache as the Corrigo
 * adapter, whose token request is internal to it.
 */
function corrigoToken(account: ProviderAccount): Promise<string> {
  return cachedToken(tokenKeyOf(account), () =>
    callProvider<TokenAnswer>(endpointOf(account), {
      method: 'POST',
      path: '/oauth/token',
      form: true,
      body: { grant_type: 'client_credentials', client_id: account.clientId, client_secret: account.clientSecret },
    }),
  );
}

const TOKEN_REQUESTS: Record<ProviderSettingsKey, (account: ProviderAccount) => Promise<string>> = {
  corrigo: corrigoToken,
  serviceChannel: serviceChannelToken,
};

/** An access token for a company's account, asked for the way its provider signs clients in. */
export function providerTokenOf(account: ProviderAccount): Promise<string> {
  return TOKEN_REQUESTS[account.provider](account);
}
