import { ActionIcon, Anchor, Badge, Button, Group, Paper, ScrollArea, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { canWrite, formatDate, SALES_TAG_COLORS, type SalesTag, type SalesTagLink } from '@sm/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { EmptyPanel, LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { customerPath } from '../customers/customer-paths';
import { useAddSalesTag, useRemoveSalesTagLink, useSalesTagLinks, useSalesTags } from './sales-api';
import { SalesHeading } from './sales-list-controls';
import { TagLinkForm } from './tag-link-form';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';

function NewTag() {
  const [name, setName] = useState('');
  const [color, setColor] = useState<SalesTag['color']>('blue');
  const add = useAddSalesTag();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput label="New tag" placeholder="Call back in spring" maxLength={60} value={name} onChange={(e) => setName(e.currentTarget.value)} w={{ base: '100%', xs: 240 }} />
      <Select label="Color" w={130} allowDeselect={false} data={SALES_TAG_COLORS.map((c) => ({ value: c, label: c.charAt(0).toUpperCase() + c.slice(1) }))} value={color} onChange={(v) => setColor((v ?? 'blue') as SalesTag['color'])} />
      <Button variant="light" leftSection={<IconPlus size={16} />} disabled={!name.trim()} loading={add.isPending} onClick={() => add.mutate({ name: name.trim(), color }, { onSuccess: (t) => { notifySuccess(`Tag ${t.name} added.`); setName(''); } })}>
        Add
      </Button>
    </Group>
  );
}

const targetOf = (l: SalesTagLink) => (l.customerId ? customerPath(l.customerId) : workOrderEditPath(l.workOrderNumber ?? ''));

/** `/sales/tags`: the sales tags with how many records carry each, new tags, tagging a customer or work order, and what carries them. */
export default function SalesTagsPage() {
  usePageTitle('Sales Tags');
  const { access } = useSignedIn();
  const mayWrite = canWrite(access, 'Tags');
  const tags = useSalesTags();
  const [salesTagId, setTag] = useState<number | null>(null);
  const [mine, setMine] = useState(false);
  const links = useSalesTagLinks(salesTagId, mine);
  const remove = useRemoveSalesTagLink();
  const askRemove = async (l: SalesTagLink) => {
    if (await confirm({ title: 'Remove tag', message: `Take ${l.tagName} off ${l.label}?`, confirmLabel: 'Remove', cancelLabel: 'Cancel', danger: true })) {
      remove.mutate(l, { onSuccess: () => notifySuccess(`${l.tagName} taken off ${l.label}.`) });
    }
  };
  if (tags.isError) return <LoadFailed title="The tags could not be read" error={tags.error} onRetry={() => void tags.refetch()} />;
  return (
    <Stack gap="md">
      <SalesHeading title="Sales Tags">Tags you put on customers and work orders to follow them up. Choose a tag to see what carries it.</SalesHeading>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" component="section" aria-label="Tags">
          <Stack gap="sm">
            <Text fw={600}>Tags</Text>
            {tags.isPending ? <Text size="sm" c="dimmed">Loading the tags…</Text> : tags.data.length === 0 ? <Text size="sm" c="dimmed">No tag yet.</Text> : (
              <Group gap={6} role="group" aria-label="Filter by tag">
                {tags.data.map((t) => (
                  <Badge key={t.salesTagId} component="button" type="button" color={t.color} variant={salesTagId === t.salesTagId ? 'filled' : 'light'} tt="none" size="lg" style={{ cursor: 'pointer' }}
                    aria-pressed={salesTagId === t.salesTagId} onClick={() => setTag(salesTagId === t.salesTagId ? null : t.salesTagId)}>
                    {t.name} · {t.customerCount + t.workOrderCount}
                  </Badge>
                ))}
              </Group>
            )}
            {mayWrite && <NewTag />}
          </Stack>
        </Paper>
        {mayWrite && tags.data && <TagLinkForm tags={tags.data} />}
      </SimpleGrid>
      <Switch label="Only what I tagged" checked={mine} onChange={(e) => setMine(e.currentTarget.checked)} />
      {links.isError ? (
        <LoadFailed title="The tagged records could not be read" error={links.error} onRetry={() => void links.refetch()} />
      ) : links.data?.length === 0 ? (
        <EmptyPanel title="Nothing tagged" hint={salesTagId || mine ? 'Nothing carries this tag yet: choose another, or clear the filters.' : 'Tag a customer or a work order to follow it up.'} />
      ) : (
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
          <Table striped miw={640} aria-label="Tagged customers and work orders" aria-busy={links.isPending}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tag</Table.Th><Table.Th>Customer or work order</Table.Th><Table.Th>Note</Table.Th><Table.Th>Tagged</Table.Th>
                {mayWrite && <Table.Th w={56}><Text size="sm" fw={700}>Actions</Text></Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.isPending ? <LoadingRows columns={mayWrite ? 5 : 4} /> : links.data.map((l) => (
                <Table.Tr key={l.salesTagLinkId}>
                  <Table.Td><Badge color={l.color} variant="light" tt="none">{l.tagName}</Badge></Table.Td>
                  <Table.Td><Anchor component={Link} to={targetOf(l)} size="sm">{l.label}</Anchor></Table.Td>
                  <Table.Td>{l.note ?? <Text size="sm" c="dimmed">None</Text>}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}><Text size="sm">{formatDate(l.taggedAt)}</Text><Text size="xs" c="dimmed">{l.taggedBy}</Text></Table.Td>
                  {mayWrite && (
                    <Table.Td>
                      <Tooltip label="Remove tag">
                        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${l.tagName} from ${l.label}`} onClick={() => void askRemove(l)}><IconX size={16} /></ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
