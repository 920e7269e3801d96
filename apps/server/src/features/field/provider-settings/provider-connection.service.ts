import { PROVIDER_LABELS, type ProviderSettingsKey, type ProviderTestAnswer } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { tokenKeyOf, type ProviderAccount } from '../providers/provider-accounts';
import { forgetToken, ProviderError, providerTimeoutMs } from '../providers/provider-http';
import { providerTokenOf } from './provider-tokens';
import { storedAccountOf } from './provider-account.service';

/**
 * What went wrong, in the words an administrator on the settings page can act on: a timeout, an address nobody
 * answers at and refused credentials each need a different fix. provider-http words its failures for technicians
 * ("ask an administrator"), so they are reworded here for the administrator.
 */
function failureSentence(err: ProviderError, account: ProviderAccount): string {
  const name = PROVIDER_LABELS[account.provider];
  // Refused before anything was sent (an address that is not public) or not followed (a redirect): the server's reason.
  if (err.refusal?.reason === 'redirect') {
    return `${name} answered at ${account.baseUrl} with a redirect, which this server does not follow. Check the base URL: use the address of ${name}'s API itself.`;
  }
  if (err.message.includes('other than JSON')) {
    return `${name} answered at ${account.baseUrl} with something other than JSON. Check the base URL: use the address of ${name}'s API itself.`;
  }
  if (err.refusal) return `The ${name} base URL ${account.baseUrl} is not allowed: ${err.refusal.message}`;
  if (err.status === 504) {
    return `${name} did not answer within ${providerTimeoutMs() / 1000} seconds at ${account.baseUrl}. Check the base URL, or try again in a moment.`;
  }
  if (err.status === 502 && err.message.includes('cannot be reached')) {
    return `Nothing answered at ${account.baseUrl}. Check the base URL (sandbox or production) and that ${name} can be reached from this server.`;
  }
  if (err.status === 422) {
    // The provider answered, but refused the sign-in request itself (a wrong path, grant or field): its own words help.
    // They are only ever a short sentence from a JSON error field (provider-http), never the text of a page.
    const words = err.message.startsWith(`${name}: `) ? ` It said: "${err.message.slice(name.length + 2)}".` : '';
    return `${name} answered at ${account.baseUrl} but did not accept the sign-in.${words} Check the base URL and the credentials.`;
  }
  if (err.message.includes('refused the company')) {
    const what = account.provider === 'serviceChannel' ? 'client ID, client secret, user name and password' : 'client ID and client secret';
    return `${name} refused these credentials. Check the ${what}, save, and test again.`;
  }
  return err.message;
}

/**
 * `POST ThirdParty/{provider}/test`: asks the provider for a new token with the stored credentials (the cached one is
 * forgotten first, so a stale token cannot hide a wrong secret) and answers whether it worked, in a sentence. A
 * failure is an answer, not an error: the administrator reads why and fixes the form.
 */
export async function testProviderConnection(ctx: Ctx, provider: ProviderSettingsKey): Promise<ProviderTestAnswer> {
  const name = PROVIDER_LABELS[provider];
  const account = await storedAccountOf(ctx, provider);
  if (!account) return { ok: false, message: `Save the ${name} connection before testing it.` };
  forgetToken(tokenKeyOf(account));
  try {
    await providerTokenOf(account);
  } catch (err) {
    if (err instanceof ProviderError) return { ok: false, message: failureSentence(err, account) };
    if (err instanceof AppError) return { ok: false, message: err.message };
    throw err;
  }
  const note = account.isEnabled ? '' : ` The connection is switched off: enable it so technicians' work orders use it.`;
  return { ok: true, message: `Connected to ${name}: the credentials were accepted.${note}` };
}
