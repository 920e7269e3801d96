import { Alert, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconReload } from '@tabler/icons-react';

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
