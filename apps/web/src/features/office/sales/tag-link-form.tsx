import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import type { SalesTag, SalesWorkOrderRow } from '@sm/shared';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { AsyncSearchSelect } from '../../field/scheduling/async-search-select';
import { CustomerSelect } from '../../field/sales-scheduling/customer-select';
import { taggableWorkOrdersQuery, useAddSalesTagLink } from './sales-api';

/** Put a tag on a customer or a work order, with a note of what to follow up. */
export function TagLinkForm({ tags }: { tags: SalesTag[] }) {
  const [salesTagId, setTag] = useState<number | null>(null);
  const [target, setTarget] = useState<'customer' | 'workOrder'>('customer');
  const [customerId, setCustomer] = useState<number | null>(null);
  const [workOrderId, setWorkOrder] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const add = useAddSalesTagLink();
  const chosen = target === 'customer' ? customerId : workOrderId;
  const submit = () => {
    if (!salesTagId || !chosen) return;
    const body = { ...(target === 'customer' ? { customerId: chosen } : { workOrderId: chosen }), note: note.trim() || null };
    add.mutate({ salesTagId, body }, {
      onSuccess: (link) => {
        notifySuccess(`${link.label} is tagged ${link.tagName}.`);
        setCustomer(null);
        setWorkOrder(null);
        setNote('');
      },
    });
  };
  return (
    <Paper withBorder p="md" component="section" aria-label="Tag a customer or a work order">
      <Stack gap="sm">
        <Text fw={600}>Tag a customer or a work order</Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select label="Tag" placeholder="Choose a tag" required w={{ base: '100%', xs: 220 }} data={tags.map((t) => ({ value: String(t.salesTagId), label: t.name }))} value={salesTagId ? String(salesTagId) : null} onChange={(v) => setTag(v ? Number(v) : null)} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="tag-target">On</Text>
            <SegmentedControl aria-labelledby="tag-target" value={target} onChange={(v) => setTarget(v as 'customer' | 'workOrder')} data={[{ value: 'customer', label: 'Customer' }, { value: 'workOrder', label: 'Work order' }]} />
          </Stack>
        </Group>
        {target === 'customer' ? (
          <CustomerSelect value={customerId} onChange={setCustomer} salesPersonId={null} />
        ) : (
          <AsyncSearchSelect
            label="Work order"
            placeholder="Number or customer"
            required
            value={workOrderId}
            onChange={setWorkOrder}
            queryOf={taggableWorkOrdersQuery}
            idOf={(w: SalesWorkOrderRow) => w.workOrderId}
            labelOf={(w: SalesWorkOrderRow) => w.workOrderNumber}
            detailOf={(w: SalesWorkOrderRow) => w.customerName}
          />
        )}
        <TextInput label="Note" placeholder="What to follow up" maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button leftSection={<IconTag size={16} />} disabled={!salesTagId || !chosen} loading={add.isPending} onClick={submit}>Add tag</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
