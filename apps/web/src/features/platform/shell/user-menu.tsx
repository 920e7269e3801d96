import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { confirm } from '../../../components/confirm';
import { ProviderLoginMenuItems } from '../../field/provider-settings/provider-login-links';
import { useSignedIn } from '../auth/session-context';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts.slice(0, 2).map((p) => p[0]?.toUpperCase() ?? '').join('') || '?';
}

/**
 * The signed-in user's name, e-mail, roles and the Sign out action (confirmed first). The button's name starts with
 * what it shows, the initials and, on wide screens, the name (voice control users say what they see: WCAG 2.5.3),
 * then says what it opens. A customer user's menu has no provider logins.
 */
export function UserMenu({ withProviderLogins = true }: { withProviderLogins?: boolean }) {
  const { user, signOut } = useSignedIn();

  const askSignOut = async () => {
    if (await confirm({ title: 'Sign out', message: 'Do you want to sign out?' })) signOut();
  };

  const shownInitials = initials(user.name);

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`${shownInitials} ${user.name}, user menu`} p={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Group gap={6} wrap="nowrap">
            <Avatar size={30} radius="xl" color="brand" aria-hidden>
              {shownInitials}
            </Avatar>
            {/* A space between the initials and the name (the flex box does not show it): their text reads "AM Alicia Moreno". */}{' '}
            <Text size="sm" fw={500} visibleFrom="lg" truncate maw={160}>
              {user.name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {user.subscriberName}
          </Text>
          <Text size="xs" c="dimmed">
            {user.userRoles.join(', ')}
          </Text>
        </Menu.Label>
        {withProviderLogins && <ProviderLoginMenuItems />}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void askSignOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
