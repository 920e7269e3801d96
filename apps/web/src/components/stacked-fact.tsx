import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small dimmed label above its value, for the facts of a record laid out in a grid. */
export function StackedFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
