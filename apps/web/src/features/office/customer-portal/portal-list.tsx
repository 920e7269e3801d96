import { Alert, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list's three states: loading, could not be read, nothing yet; otherwise its rows. */
export function PortalList<T>({ query, label, empty, children }: { query: { isPending: boolean; error: Error | null; data?: T[] }; label: string; empty: string; children: (rows: T[]) => ReactNode }) {
  if (query.isPending) return <Stack gap="sm" role="status" aria-label={`Loading ${label}`}>{[0, 1].map((i) => <Skeleton key={i} height={88} radius="md" />)}</Stack>;
  if (query.error || !query.data) return <Alert color="red" role="alert" title={`The ${label} could not be read`}>{query.error?.message}</Alert>;
  if (query.data.length === 0) return <Paper withBorder p="lg" radius="md"><Text size="sm" c="dimmed" ta="center">{empty}</Text></Paper>;
  return <Stack gap="sm">{children(query.data)}</Stack>;
}
