import { Accordion, Badge, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PHONE_QUERY } from '../../../lib/media';

/** A column of a board: its key, title and how many records it holds in full. */
export interface Lane {
  key: string;
  title: string;
  count: number;
}

/** The choices of a filter's Select. */
export const optionsOf = (list: { id: number; name: string }[]) => list.map((o) => ({ value: String(o.id), label: o.name }));

const CountBadge = ({ count, noun }: { count: number; noun: string }) => (
  <Badge variant="light" color={count > 0 ? 'blue' : 'gray'} aria-label={`${count} ${noun}${count === 1 ? '' : 's'}`}>
    {count}
  </Badge>
);

/**
 * The columns of a board: side by side on a wide screen, folded one under the other on a phone (the first with
 * records open). `children` draws a column's cards; `noun` names one record for the counts.
 */
export function BoardLanes<L extends Lane>({ lanes, noun, wideColumns = 6, children }: { lanes: L[]; noun: string; wideColumns?: number; children: (lane: L) => ReactNode }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (isPhone) {
    const first = lanes.find((c) => c.count > 0)?.key ?? null;
    return (
      <Accordion variant="separated" defaultValue={first} key={first ?? 'none'}>
        {lanes.map((lane) => (
          <Accordion.Item key={lane.key} value={lane.key} data-testid={`column-${lane.key}`}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" pr="xs">
                <Text fw={600} size="sm">
                  {lane.title}
                </Text>
                <CountBadge count={lane.count} noun={noun} />
              </Group>
            </Accordion.Control>
            <Accordion.Panel>{children(lane)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  }
  return (
    <SimpleGrid type="container" cols={{ base: 1, '40rem': 2, '60rem': 3, '100rem': wideColumns }} spacing="md" verticalSpacing="md">
      {lanes.map((lane) => (
        <Paper key={lane.key} withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" component="section" aria-labelledby={`column-${lane.key}-title`} data-testid={`column-${lane.key}`}>
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Title order={2} size="h5" id={`column-${lane.key}-title`}>
              {lane.title}
            </Title>
            <CountBadge count={lane.count} noun={noun} />
          </Group>
          {children(lane)}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
