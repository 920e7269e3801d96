import { Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSalesTags } from './sales-api';

/** A sales page's heading: its title, what it lists, and whose (one's own, or everyone's with All Sales Reports). */
export function SalesHeading({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={2}>
        <Title order={2}>{title}</Title>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}

/** The search box of a sales list, and its tag filter when the list has one. */
export function SalesFilters(props: { search: string; onSearch: (v: string) => void; placeholder: string; salesTagId?: number | null; onTag?: (id: number | null) => void }) {
  const tags = useSalesTags();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder={props.placeholder}
        leftSection={<IconSearch size={16} />}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
        w={{ base: '100%', xs: 300 }}
      />
      {props.onTag && (
        <Select
          label="Tag"
          placeholder="Any tag"
          clearable
          w={{ base: '100%', xs: 220 }}
          data={(tags.data ?? []).map((t) => ({ value: String(t.salesTagId), label: t.name }))}
          value={props.salesTagId ? String(props.salesTagId) : null}
          onChange={(v) => props.onTag!(v ? Number(v) : null)}
        />
      )}
    </Group>
  );
}
