import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPhone, IconUser } from '@tabler/icons-react';
import { formatCurrency, formatDateTime } from '@sm/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EstimateOriginLink } from '../../../money/estimates/estimate-origin-link';
import type { WorkOrderDetails } from './work-order-api';
import { workOrderEditPath } from './work-order-paths';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" miw={88} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** "Sub work order of 240001", linking to the parent. */
function ParentLink({ workOrder }: { workOrder: WorkOrderDetails }) {
  const parent = workOrder.parentWorkOrderNumber;
  if (!parent) return null;
  return (
    <Text size="sm" c="dimmed">
      Sub work order of{' '}
      <Anchor component={Link} to={workOrderEditPath(parent)} size="sm">
        {parent}
      </Anchor>
    </Text>
  );
}

/** The work order's number, status and the clock action, then its customer and its problem. */
export function WorkOrderSummary({ workOrder, action }: { workOrder: WorkOrderDetails; action: ReactNode }) {
  const c = workOrder.customer;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="sm" align="center">
            <Title order={2}>Work Order {workOrder.workOrderNumber}</Title>
            <Badge size="lg" variant="light" tt="none" data-testid="work-order-status">
              {workOrder.workOrderStatus}
            </Badge>
          </Group>
          <ParentLink workOrder={workOrder} />
          <EstimateOriginLink workOrderId={workOrder.workOrderId} />
          <Text size="sm" c="dimmed">
            Created {formatDateTime(workOrder.createdDate)}
          </Text>
        </Stack>
        {action}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Customer">
          <Stack gap={6}>
            <Text fw={600}>{c.name}</Text>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 3 }} />
              <Text size="sm">
                {c.address}
                <br />
                {c.city}, {c.state} {c.zip}
              </Text>
            </Group>
            {c.phone && (
              <Group gap={6} wrap="nowrap">
                <IconPhone size={16} style={{ flexShrink: 0 }} />
                <Anchor href={`tel:${c.phone.replace(/[^\d+]/g, '')}`} size="sm">
                  {c.phone}
                </Anchor>
              </Group>
            )}
          </Stack>
        </Section>
        <Section title="Work">
          <Stack gap={6}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="work-order-problem">
              {workOrder.problem}
            </Text>
            <Fact label="NTE">{workOrder.nte != null ? formatCurrency(workOrder.nte) : 'None'}</Fact>
            <Fact label="Technicians">
              {workOrder.technicians.length === 0 ? (
                'None assigned'
              ) : (
                <Group gap={6}>
                  {workOrder.technicians.map((t) => (
                    <Badge key={t.userId} variant="outline" color="gray" tt="none" leftSection={<IconUser size={12} />}>
                      {t.name}
                    </Badge>
                  ))}
                </Group>
              )}
            </Fact>
          </Stack>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
