import { Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { confirm } from '../../../components/confirm';
import { useSignedIn } from '../../platform/auth/session-context';
import { SIGNED_IN_PORTAL_BASE } from './customer-portal-api';
import { PortalView } from './customer-portal-page';

/** The signed-in customer user's name and Sign out (confirmed first): all the frame a customer user has. */
function CustomerUserMenu() {
  const { user, signOut } = useSignedIn();
  const ask = async () => {
    if (await confirm({ title: 'Sign out', message: 'Do you want to sign out?' })) signOut();
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" visibleFrom="xs" truncate maw={180}>{user.name}</Text>
      <Button size="compact-sm" variant="subtle" leftSection={<IconLogout size={14} aria-hidden />} onClick={() => void ask()}>
        Sign out
      </Button>
    </Group>
  );
}

/**
 * `/customerPortal` (spec platform 2.1, 2.4 "Customer Profile"): where a customer user lands after signing in. The same
 * portal as the e-mailed link's, for the billing customer the user is bound to, without the office's navigation.
 */
export default function CustomerProfilePage() {
  return <PortalView base={SIGNED_IN_PORTAL_BASE} header={<CustomerUserMenu />} />;
}
