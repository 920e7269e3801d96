import { Anchor, Group, Menu, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { PROVIDER_LOGIN_LABELS, type ProviderLoginPages } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { signupStateQuery } from '../../platform/signup/signup-api';

const PROVIDERS = Object.keys(PROVIDER_LOGIN_LABELS) as (keyof ProviderLoginPages)[];

/** An outside page opens in a new tab that cannot reach back into this one (spec platform 2.5). */
const EXTERNAL = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The providers' login pages as the server hands them (its operator may set others); none until they have arrived. */
function useProviderLoginPages(): { key: keyof ProviderLoginPages; label: string; href: string }[] {
  const pages = useQuery(signupStateQuery).data?.providerLoginPages;
  return pages ? PROVIDERS.map((key) => ({ key, label: `${PROVIDER_LOGIN_LABELS[key]} login`, href: pages[key] })) : [];
}

/** A link's name: the words it shows, then where it opens. */
const nameOf = (label: string) => `${label}, opens in a new tab`;

/** The ServiceChannel, ecotrak and Corrigo login pages as a row of links, for the provider settings pages. */
export function ProviderLoginLinks() {
  const links = useProviderLoginPages();
  if (links.length === 0) return null;
  return (
    <Group gap="md" wrap="wrap" role="group" aria-label="Provider login pages">
      <Text size="sm" c="dimmed">
        Provider logins:
      </Text>
      {links.map((l) => (
        <Anchor key={l.key} href={l.href} {...EXTERNAL} aria-label={nameOf(l.label)} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          {l.label}
          <IconExternalLink size={14} aria-hidden />
        </Anchor>
      ))}
    </Group>
  );
}

/** The same links as items of the user menu, under their own label. */
export function ProviderLoginMenuItems() {
  const links = useProviderLoginPages();
  if (links.length === 0) return null;
  return (
    <>
      <Menu.Divider />
      <Menu.Label>Provider logins</Menu.Label>
      {links.map((l) => (
        <Menu.Item key={l.key} component="a" href={l.href} {...EXTERNAL} aria-label={nameOf(l.label)} leftSection={<IconExternalLink size={16} aria-hidden />}>
          {l.label}
        </Menu.Item>
      ))}
    </>
  );
}
