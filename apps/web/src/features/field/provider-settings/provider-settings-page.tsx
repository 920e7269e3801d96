import { Stack, Text, Title } from '@mantine/core';
import { PROVIDER_LABELS } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../components/use-page-title';
import { ProviderAccountForm } from './provider-account-form';
import { ProviderLoginLinks } from './provider-login-links';
import { providerAccountQuery } from './provider-settings-api';
import { providerOfPath } from './provider-settings-paths';
import { ProviderWorkOrders } from './provider-work-orders';

/**
 * A Third Party page (/third-party/corrigo, /third-party/service-channel): the company's connection to that outside
 * work-order network, a button to test it, and the work orders it links to ours. One page serves both providers.
 */
export default function ProviderSettingsPage() {
  const provider = providerOfPath(useLocation().pathname);
  const name = PROVIDER_LABELS[provider];
  usePageTitle(name);
  const account = useQuery(providerAccountQuery(provider));

  return (
    <Stack gap="md" maw={1100}>
      <Stack gap={2}>
        <Title order={2}>{name}</Title>
        <Text size="sm" c="dimmed">
          Connect your company&apos;s {name} account so technicians&apos; {name} work orders are checked in and out there too.
        </Text>
        <ProviderLoginLinks />
      </Stack>
      {account.isPending && <PageLoader label={`Loading the ${name} connection`} />}
      {account.isError && <Text c="red">The {name} connection could not be loaded.</Text>}
      {account.data && <ProviderAccountForm key={`${provider}-${account.data.updatedAt ?? 'new'}`} account={account.data} />}
      <ProviderWorkOrders key={provider} provider={provider} />
    </Stack>
  );
}
