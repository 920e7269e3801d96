import { ActionIcon, Button, Group, NumberInput, Paper, ScrollArea, Select, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { canWrite, COMMISSION_KINDS, commissionKindLabel, formatDate, jsonNumberOf, type CommissionKind, type CommissionRate } from '@sm/shared';
import { useState } from 'react';
import { confirm } from '../../../components/confirm';
import { EmptyPanel, LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { useAddCommissionRate, useCommissionRates, useDeleteCommissionRate, useSalesClasses } from './commissions-api';

const today = () => new Date().toISOString().slice(0, 10);

function AddRate() {
  const classes = useSalesClasses();
  const add = useAddCommissionRate();
  const [salesClassId, setClass] = useState<string>('default');
  const [kind, setKind] = useState<CommissionKind>('salesPerson');
  const [percent, setPercent] = useState<string | number>('');
  const [effectiveFrom, setFrom] = useState(today());
  const submit = () =>
    add.mutate(
      { salesClassId: salesClassId === 'default' ? null : Number(salesClassId), kind, ratePercent: jsonNumberOf(String(percent)), effectiveFrom },
      { onSuccess: (r) => { notifySuccess(`${commissionKindLabel(r.kind)} commission set to ${r.ratePercent}% from ${formatDate(r.effectiveFrom)}.`); setPercent(''); } },
    );
  return (
    <Paper withBorder p="md" component="section" aria-label="Set a rate">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label="Sales class" w={{ base: '100%', xs: 200 }} allowDeselect={false} value={salesClassId} onChange={(v) => setClass(v ?? 'default')}
          data={[{ value: 'default', label: 'Default (every class)' }, ...(classes.data ?? []).filter((c) => c.isActive).map((c) => ({ value: String(c.id), label: c.name }))]} />
        <Select label="Commission" w={{ base: '100%', xs: 200 }} allowDeselect={false} value={kind} onChange={(v) => setKind((v ?? 'salesPerson') as CommissionKind)} data={COMMISSION_KINDS.map((k) => ({ value: k.value, label: k.label }))} />
        <NumberInput label="Rate" suffix="%" inputMode="decimal" decimalScale={4} allowNegative={false} min={0} max={100} hideControls w={120} value={percent} onChange={setPercent} />
        <TextInput label="Effective from" type="date" w={170} value={effectiveFrom} onChange={(e) => setFrom(e.currentTarget.value)} />
        <Button leftSection={<IconPlus size={16} />} disabled={percent === '' || !effectiveFrom} loading={add.isPending} onClick={submit}>Set rate</Button>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">A rate applies to invoices dated from its day on; invoices already submitted keep what they earned.</Text>
    </Paper>
  );
}

/** `/administration/salesCommissionStructure`: each kind's rates by sales class and the default, with the day each applies from. */
export default function CommissionStructurePage() {
  usePageTitle('Sales Commission Structure');
  const { access } = useSignedIn();
  const mayWrite = canWrite(access, 'Sales Items');
  const rates = useCommissionRates();
  const remove = useDeleteCommissionRate();
  const askRemove = async (r: CommissionRate) => {
    if (await confirm({ title: 'Remove rate', message: `Remove the ${r.ratePercent}% ${commissionKindLabel(r.kind)} rate from ${formatDate(r.effectiveFrom)}? It is not in force yet.`, confirmLabel: 'Remove', cancelLabel: 'Cancel', danger: true })) {
      remove.mutate(r.commissionRateId, { onSuccess: () => notifySuccess('Rate removed.') });
    }
  };
  const now = today();
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>Sales Commission Structure</Title>
        <Text size="sm" c="dimmed">What each invoice pays its sales person, manager, previous sales person and territory: a percentage of the subtotal before tax.</Text>
      </Stack>
      {mayWrite && <AddRate />}
      {rates.isError ? (
        <LoadFailed title="The rates could not be read" error={rates.error} onRetry={() => void rates.refetch()} />
      ) : rates.data?.length === 0 ? (
        <EmptyPanel title="No rate yet" hint="Set the default rate of each kind of commission; invoices pay no commission until then." />
      ) : (
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
          <Table striped miw={620} aria-label="Commission rates" aria-busy={rates.isPending}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sales class</Table.Th><Table.Th>Commission</Table.Th><Table.Th ta="right">Rate</Table.Th><Table.Th>From</Table.Th><Table.Th>Set by</Table.Th>
                {mayWrite && <Table.Th w={56}><Text size="sm" fw={700}>Actions</Text></Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.isPending ? <LoadingRows columns={mayWrite ? 6 : 5} /> : rates.data.map((r) => (
                <Table.Tr key={r.commissionRateId}>
                  <Table.Td>{r.salesClassName ?? <Text size="sm" fw={600}>Default</Text>}</Table.Td>
                  <Table.Td>{commissionKindLabel(r.kind)}</Table.Td>
                  <Table.Td ta="right">{r.ratePercent}%</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.effectiveFrom)}</Table.Td>
                  <Table.Td>{r.createdBy ?? <Text size="sm" c="dimmed">Starting data</Text>}</Table.Td>
                  {mayWrite && (
                    <Table.Td>
                      {r.effectiveFrom > now && (
                        <Tooltip label="Remove">
                          <ActionIcon variant="subtle" color="red" aria-label={`Remove the rate from ${formatDate(r.effectiveFrom)}`} onClick={() => void askRemove(r)}><IconTrash size={16} /></ActionIcon>
                        </Tooltip>
                      )}
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
