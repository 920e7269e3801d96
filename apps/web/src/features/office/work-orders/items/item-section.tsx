import { ActionIcon, Alert, Button, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../../components/confirm';
import { useIsPhone } from '../../../field/clock/clock-modal';

interface ItemSectionProps<T> {
  title: string;
  /** The Add links (or buttons) of the section; none when the user may only read. */
  actions?: ReactNode;
  query: UseQueryResult<T>;
  /** Whether the loaded answer has nothing to show. */
  isEmpty: (data: T) => boolean;
  emptyText: string;
  /** What to do about an empty list, under its text (e.g. Get Signature). */
  emptyAction?: ReactNode;
  children: (data: T) => ReactNode;
  /** A line under the list, e.g. the total. */
  footer?: (data: T) => ReactNode;
}

/**
 * One section of the work order's items: a title with its Add links, and the list with its loading, empty and
 * error states (an error offers Retry).
 */
export function ItemSection<T>({ title, actions, query, isEmpty, emptyText, emptyAction, children, footer }: ItemSectionProps<T>) {
  const isPhone = useIsPhone();
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={`items-${slug}`} data-testid={`items-${slug}`}>
      <Stack gap="sm">
        {/* On a phone the Add buttons sit under the title, each as wide as a thumb can wish. */}
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id={`items-${slug}`}>
            {title}
          </Title>
          {actions && !isPhone && <Group gap="xs">{actions}</Group>}
        </Group>
        {actions && isPhone && (
          <Group gap="xs" grow>
            {actions}
          </Group>
        )}
        {query.isPending ? (
          <Stack gap={8} role="status" aria-busy="true" aria-label={`Loading ${title}`}>
            <Skeleton h={18} />
            <Skeleton h={18} w="70%" />
          </Stack>
        ) : query.isError ? (
          <Alert color="red" title={`${title} could not be loaded`}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{query.error instanceof Error ? query.error.message : String(query.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : isEmpty(query.data) ? (
          <Stack gap="sm" align="flex-start">
            <Text size="sm" c="dimmed">
              {emptyText}
            </Text>
            {emptyAction}
          </Stack>
        ) : (
          <>
            {children(query.data)}
            {footer?.(query.data)}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** An Add link of a section: a button-sized target that opens the add page (with a shorter text on a phone, if given). */
export function AddLink({ to, label, phoneLabel }: { to: string; label: string; phoneLabel?: string }) {
  const isPhone = useIsPhone();
  const text = isPhone && phoneLabel ? phoneLabel : label;
  return (
    <Button component={Link} to={to} variant="light" size={isPhone ? 'md' : 'sm'} leftSection={<IconPlus size={18} />} aria-label={label}>
      {text}
    </Button>
  );
}

/** Delete with the confirmation of spec platform 2.6 first; big enough for a thumb on a phone. */
export function DeleteButton({ what, onConfirmed, isPending }: { what: string; onConfirmed: () => void; isPending?: boolean }) {
  const isPhone = useIsPhone();
  const label = `Delete ${what}`;
  const ask = async () => {
    if (await confirm({ message: `Delete ${what}? This cannot be undone.`, danger: true })) onConfirmed();
  };
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon variant="subtle" color="red" size={isPhone ? 44 : 'lg'} aria-label={label} onClick={ask} disabled={isPending} style={{ flexShrink: 0 }}>
        <IconTrash size={isPhone ? 22 : 18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** A total line under a list: label left, amount right, bold. */
export function TotalLine({ label, amount, testId }: { label: string; amount: string; testId?: string }) {
  return (
    <Group justify="space-between" pt={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Text fw={600}>{label}</Text>
      <Text fw={700} data-testid={testId}>
        {amount}
      </Text>
    </Group>
  );
}
