import { ActionIcon, Alert, Button, Checkbox, Group, NumberInput, Paper, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { BILLING_WRITE, satisfies, taxStatusBody } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { AdministrationCrumbs } from '../../platform/administration/setting-form';
import { taxStatusesQuery, useSaveTaxStatus, type TaxStatus } from './invoices-api';

interface Draft {
  state: string;
  taxRate: number | string;
  isServiceTaxable: boolean;
}
const EMPTY: Draft = { state: '', taxRate: '', isServiceTaxable: false };

/** Sets one state's rate: a new state, or the one chosen with Edit. */
function TaxStatusForm({ draft, setDraft }: { draft: Draft; setDraft: (d: Draft) => void }) {
  const { errors, clear, check } = useSchemaForm(taxStatusBody);
  const save = useSaveTaxStatus();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ state: draft.state.trim(), taxRate: numberOrUndefined(draft.taxRate), isServiceTaxable: draft.isServiceTaxable });
    if (body) save.mutate(body, { onSuccess: (s) => { notifySuccess(`Tax of ${s.state} saved: ${s.taxRate}%.`); setDraft(EMPTY); } });
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="form" onSubmit={submit} noValidate aria-label="Set a state's tax">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label="State" value={draft.state} onChange={(e) => { setDraft({ ...draft, state: e.currentTarget.value.toUpperCase() }); clear('state'); }} error={errors.state} maxLength={2} size="md" w={100} withAsterisk />
        <NumberInput label="Tax Rate" suffix="%" value={draft.taxRate} onChange={(n) => { setDraft({ ...draft, taxRate: n }); clear('taxRate'); }} error={errors.taxRate} decimalScale={3} allowNegative={false} hideControls inputMode="decimal" size="md" w={140} withAsterisk />
        <Checkbox label="Services taxable" checked={draft.isServiceTaxable} onChange={(e) => setDraft({ ...draft, isServiceTaxable: e.currentTarget.checked })} mb={10} />
        <Button type="submit" size="md" loading={save.isPending}>Save</Button>
      </Group>
    </Paper>
  );
}

/** `/administration/locations/taxStatusPerState`: the sales tax of each state and whether it taxes labor and services. */
export default function TaxStatusPage() {
  usePageTitle('Tax Status Per State');
  const { access } = useSignedIn();
  const mayEdit = satisfies(access, BILLING_WRITE);
  const rows = useQuery(taxStatusesQuery);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const edit = (t: TaxStatus) => setDraft({ state: t.state, taxRate: t.taxRate, isServiceTaxable: t.isServiceTaxable });
  return (
    <Stack gap="md" maw={720}>
      <AdministrationCrumbs title="Tax Status Per State" />
      <Stack gap={2}>
        <Title order={2}>Tax Status Per State</Title>
        <Text size="sm" c="dimmed">
          The sales tax of each state your sites are in. Materials are always taxed; labor and services only where the state taxes them.
        </Text>
      </Stack>
      {mayEdit && <TaxStatusForm draft={draft} setDraft={setDraft} />}
      {rows.isPending ? (
        <Skeleton height={120} aria-label="Loading the tax rates" />
      ) : rows.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">{rows.error.message}</Alert>
      ) : rows.data.length === 0 ? (
        <Text size="sm" c="dimmed">No state has a tax rate yet: invoices of sites in a state without one cannot be made.</Text>
      ) : (
        <Table verticalSpacing="xs" aria-label="Tax rates per state">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>State</Table.Th>
              <Table.Th ta="right">Tax Rate</Table.Th>
              <Table.Th>Services Taxable</Table.Th>
              {mayEdit && <Table.Th w={60} aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data.map((t) => (
              <Table.Tr key={t.state}>
                <Table.Td fw={600}>{t.state}</Table.Td>
                <Table.Td ta="right">{t.taxRate}%</Table.Td>
                <Table.Td>{t.isServiceTaxable ? 'Yes' : 'No'}</Table.Td>
                {mayEdit && (
                  <Table.Td>
                    <Tooltip label={`Edit ${t.state}`}>
                      <ActionIcon variant="subtle" aria-label={`Edit ${t.state}`} onClick={() => edit(t)}>
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
