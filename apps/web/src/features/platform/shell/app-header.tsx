import { ActionIcon, Burger, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useSignedIn } from '../auth/session-context';
import { NoticesBell } from '../../people/notices/notices-bell';
import { WorkStatusPicker } from '../../field/user-status/work-status-picker';
import { HeaderSearch } from './header-search';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  navOpened: boolean;
  asideOpened: boolean;
  onToggleNav: () => void;
  onToggleAside: () => void;
}

/** Product and company name, the work-status picker, the notices, the panel toggles and the user menu. */
export function AppHeader({ navOpened, asideOpened, onToggleNav, onToggleAside }: AppHeaderProps) {
  const { user } = useSignedIn();
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          size="sm"
          aria-label="Toggle navigation"
          aria-expanded={navOpened}
        />
        <Title order={1} size="h4" c="brand.7" style={{ whiteSpace: 'nowrap' }}>
          <Text span inherit visibleFrom="xs">
            Service Managed
          </Text>
          <Text span inherit hiddenFrom="xs" aria-label="Service Managed">
            SM
          </Text>
        </Title>
        <Text c="dimmed" size="sm" truncate visibleFrom="md" data-testid="company-name">
          {user.subscriberName}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <HeaderSearch />
        <WorkStatusPicker />
        <NoticesBell />
        <Tooltip label={asideOpened ? 'Hide my team leaders' : 'Show my team leaders'}>
          <ActionIcon
            variant={asideOpened ? 'light' : 'subtle'}
            size="lg"
            onClick={onToggleAside}
            aria-label="Toggle team leaders"
            aria-pressed={asideOpened}
          >
            <IconUsersGroup size={20} />
          </ActionIcon>
        </Tooltip>
        <UserMenu />
      </Group>
    </Group>
  );
}
