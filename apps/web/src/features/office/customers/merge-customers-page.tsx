import { Alert, Anchor, Button, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowsJoin, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CustomerDetails, MergeCustomersAnswer } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { usePageTitle } from '../../../components/use-page-title';
import { customerDetailLine, CustomerPicker } from './customer-picker';
import { customerPath } from './customer-paths';
import { customerQuery, useMergeCustomers } from './customers-api';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One side of the comparison: the customer and what points at it. */
function CustomerSide({ title, customerId, tone }: { title: string; customerId: number | null; tone: 'keep' | 'merge' }) {
  const query = useQuery(customerQuery(customerId ?? 0));
  const c: CustomerDetails | undefined = query.data;
  return (
    <Paper component="section" withBorder radius="md" p="md" style={{ borderColor: tone === 'keep' ? 'var(--mantine-color-teal-4)' : 'var(--mantine-color-orange-4)' }} aria-label={title}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
        {title}
      </Text>
      {customerId === null ? (
        <Text size="sm" c="dimmed">
          Not chosen yet.
        </Text>
      ) : query.isError ? (
        <Text size="sm" c="red">
          {query.error.message}
        </Text>
      ) : !c ? (
        <Stack gap={6} aria-busy="true">
          <Skeleton h={18} w="70%" />
          <Skeleton h={14} w="90%" />
          <Skeleton h={60} />
        </Stack>
      ) : (
        <Stack gap={6}>
          <Anchor component={Link} to={customerPath(c.customerId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {c.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {customerDetailLine(c) ?? 'No address'}
          </Text>
          <Text size="sm">{c.billingCustomerName ? `Location billed to ${c.billingCustomerName}` : 'Billing customer'}</Text>
          <List size="sm" spacing={2}>
            <List.Item>{plural(c.counts.workOrders, 'work order')}</List.Item>
            <List.Item>{plural(c.counts.locations, 'location')}</List.Item>
            <List.Item>{plural(c.counts.contacts, 'contact')}</List.Item>
            <List.Item>{plural(c.counts.scheduleItems, 'schedule item')}</List.Item>
          </List>
        </Stack>
      )}
    </Paper>
  );
}

function MergeResult({ keptId, keptName, mergedName, moved, onAgain }: { keptId: number; keptName: string; mergedName: string; moved: MergeCustomersAnswer; onAgain: () => void }) {
  return (
    <Alert color="teal" icon={<IconCircleCheck />} title={`${mergedName} was merged into ${keptName}`} role="status">
      <Stack gap="xs">
        <Text size="sm">Moved onto {keptName}:</Text>
        <List size="sm" spacing={2}>
          <List.Item>{plural(moved.workOrders, 'work order')}</List.Item>
          <List.Item>{plural(moved.locations, 'location')}</List.Item>
          <List.Item>{plural(moved.contacts, 'contact')}</List.Item>
          <List.Item>{plural(moved.scheduleItems, 'schedule item')}</List.Item>
          <List.Item>{plural(moved.rateSheets, 'rate sheet')}</List.Item>
          <List.Item>{plural(moved.flags, 'flag')}</List.Item>
        </List>
        <Group gap="sm">
          <Button component={Link} to={customerPath(keptId)} variant="light" color="teal">
            Open {keptName}
          </Button>
          <Button variant="default" onClick={onAgain}>
            Merge other customers
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** `/administration/mergeCustomer`: a duplicate customer disappears into the one kept, with everything that points at it. */
export default function MergeCustomersPage() {
  usePageTitle('Merge Customers');
  const [keepId, setKeepId] = useState<number | null>(null);
  const [mergeId, setMergeId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<{ keptId: number; keptName: string; mergedName: string; moved: MergeCustomersAnswer } | null>(null);
  const keep = useQuery(customerQuery(keepId ?? 0));
  const dup = useQuery(customerQuery(mergeId ?? 0));
  const merge = useMergeCustomers();

  const start = async () => {
    if (!keep.data || !dup.data) return;
    const [kept, merged] = [keep.data, dup.data];
    const ok = await confirm({
      title: 'Merge Customers',
      message: `Merge ${merged.name} into ${kept.name}? This cannot be undone.`,
      confirmLabel: 'Merge',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!ok) return;
    merge.mutate(
      { keepCustomerId: kept.customerId, mergeCustomerId: merged.customerId, reason: reason.trim() || null },
      {
        onSuccess: (moved) => {
          setResult({ keptId: kept.customerId, keptName: kept.name, mergedName: merged.name, moved });
          setMergeId(null);
          setReason('');
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={960} w="100%">
      <Stack gap={2}>
        <Title order={2}>Merge Customers</Title>
        <Text size="sm" c="dimmed">
          Move everything of a duplicate customer (work orders, locations, contacts, schedule items, flags) onto the customer to keep, then delete the duplicate.
        </Text>
      </Stack>
      {result && <MergeResult {...result} onAgain={() => setResult(null)} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CustomerPicker label="Customer to keep" required value={keepId} onChange={setKeepId} excludeCustomerId={mergeId} known={keep.data ?? null} />
        <CustomerPicker label="Duplicate to merge into it" required value={mergeId} onChange={setMergeId} excludeCustomerId={keepId} known={dup.data ?? null} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CustomerSide title="Keep" customerId={keepId} tone="keep" />
        <CustomerSide title="Merge and delete" customerId={mergeId} tone="merge" />
      </SimpleGrid>
      <Textarea label="Reason" description="Kept in the customer's history." placeholder="Entered twice by the office." maxLength={500} autosize value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
      <Group justify="flex-end">
        <Button color="red" leftSection={<IconArrowsJoin size={16} />} onClick={start} disabled={!keep.data || !dup.data} loading={merge.isPending}>
          Merge
        </Button>
      </Group>
    </Stack>
  );
}
