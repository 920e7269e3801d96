import { Alert, Button, Center, Pagination, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconReload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Placeholder rows of a table whose rows are being read. */
export function LoadingRows({ columns, rows = 4 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <Table.Tr key={i}>
          {Array.from({ length: columns }, (_, j) => (
            <Table.Td key={j}>
              <Skeleton height={14} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** What could not be read, why, and Try again. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={title} role="alert">
      <Stack gap="xs">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="light" color="red" leftSection={<IconReload size={14} />} onClick={onRetry} w="fit-content">
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** A list without a row: why (nothing yet, or nothing matches the filters), what to do next, and the button to start. */
export function EmptyPanel({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="xs">
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

/** Under a paged list: its pages when there is more than one, and how many rows it has in all ("3 contracts"). */
export function ListFooter({ total, pageSize, page, onPage, noun }: { total: number | undefined; pageSize: number; page: number; onPage: (page: number) => void; noun: (total: number) => string }) {
  if (total === undefined) return null;
  return (
    <>
      {total > pageSize && (
        <Center>
          <Pagination
            total={Math.ceil(total / pageSize)}
            value={page}
            onChange={onPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control.charAt(0).toUpperCase()}${control.slice(1)} page` })}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            aria-label="Pages"
          />
        </Center>
      )}
      <Text size="xs" c="dimmed" ta="center">
        {total} {noun(total)}
      </Text>
    </>
  );
}
