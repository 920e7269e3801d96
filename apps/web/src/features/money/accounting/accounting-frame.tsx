import { Anchor, Badge, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { PostingStatus } from '@sm/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { ADMINISTRATION_PATH } from '../../platform/administration/administration-paths';

/** The frame of every accounting page: the way back to Administration, the title, what the page is for, its buttons. */
export function AccountingFrame({ title, description, actions, children }: { title: string; description: ReactNode; actions?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap="md" maw={1100}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">
          Administration
        </Anchor>
        <Text size="sm">{title}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>{title}</Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

/** A link to another accounting page, or its words alone for a user who may not open it. */
export function PageLink({ to, isAllowed = true, children }: { to: string; isAllowed?: boolean; children: string }) {
  return isAllowed ? (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  ) : (
    <>{children}</>
  );
}

const STATUS: Record<PostingStatus, { color: string; label: string }> = {
  queued: { color: 'blue', label: 'Queued' },
  retrying: { color: 'orange', label: 'Retrying' },
  posted: { color: 'teal', label: 'Posted' },
  failed: { color: 'red', label: 'Failed' },
};

/** A posting's status as a coloured word: the colour helps, the word says it. */
export function PostingStatusBadge({ status }: { status: PostingStatus }) {
  return (
    <Badge color={STATUS[status].color} variant="light" tt="none" data-status={status}>
      {STATUS[status].label}
    </Badge>
  );
}

export const postingStatusLabel = (status: PostingStatus) => STATUS[status].label;
