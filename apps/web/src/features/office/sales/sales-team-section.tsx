import { Button, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { SALES_TEAM_WRITE, satisfies, type SalesTeam } from '@sm/shared';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { Fact, Section } from '../customers/customer-sections';
import { useSalesPeople, useSalesTeam, useSetSalesTeam } from './sales-api';

type Field = 'salesPersonId' | 'salesManagerId' | 'territorySalesId';
const FIELDS: [Field, keyof SalesTeam, string][] = [
  ['salesPersonId', 'salesPerson', 'Sales person'],
  ['salesManagerId', 'salesManager', 'Sales manager'],
  ['territorySalesId', 'territorySales', 'Territory sales'],
];

function TeamDialog({ team, onClose }: { team: SalesTeam; onClose: () => void }) {
  const people = useSalesPeople();
  const save = useSetSalesTeam();
  const idOf = (k: keyof SalesTeam) => (team[k] as { id: number } | null)?.id ?? null;
  const [values, setValues] = useState<Record<Field, number | null>>({ salesPersonId: idOf('salesPerson'), salesManagerId: idOf('salesManager'), territorySalesId: idOf('territorySales') });
  // A former sales person keeps his name in the choices while he is still named.
  const known = [team.salesPerson, team.salesManager, team.territorySales].filter((p): p is { id: number; name: string } => p !== null);
  const choices = [...(people.data ?? []), ...known.filter((k) => !(people.data ?? []).some((p) => p.id === k.id))].map((p) => ({ value: String(p.id), label: p.name }));
  const submit = () => save.mutate({ customerId: team.customerId, body: values }, { onSuccess: () => { notifySuccess(`The sales team of ${team.customerName} is saved.`); onClose(); } });
  return (
    <Modal opened onClose={onClose} title={`Sales team of ${team.customerName}`}>
      <Stack gap="sm">
        {FIELDS.map(([field, , label]) => (
          <Select key={field} label={label} placeholder="None" clearable searchable data={choices} value={values[field] ? String(values[field]) : null} onChange={(v) => setValues({ ...values, [field]: v ? Number(v) : null })} />
        ))}
        <Text size="xs" c="dimmed">A new sales person moves the one before to Previous sales person. Invoices already submitted keep their commissions.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button loading={save.isPending} onClick={submit}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A billing customer's sales team on its page: who its invoices pay commissions to, and Change for Change SalesPerson. */
export function SalesTeamSection({ customerId }: { customerId: number }) {
  const { access } = useSignedIn();
  const team = useSalesTeam(customerId);
  const [isEditing, setEditing] = useState(false);
  const mayChange = satisfies(access, SALES_TEAM_WRITE);
  const action = mayChange && team.data ? <Button size="compact-sm" variant="subtle" leftSection={<IconUsers size={14} />} onClick={() => setEditing(true)}>Change</Button> : undefined;
  return (
    <Section title="Sales team" action={action}>
      {team.isPending ? <Skeleton height={60} /> : team.isError ? <Text size="sm" c="red">{team.error.message}</Text> : (
        <Stack gap={6}>
          <Fact label="Sales person">{team.data.salesPerson?.name ?? 'None'}</Fact>
          <Fact label="Sales manager">{team.data.salesManager?.name ?? 'None'}</Fact>
          <Fact label="Previous">{team.data.previousSalesPerson?.name ?? 'None'}</Fact>
          <Fact label="Territory">{team.data.territorySales?.name ?? 'None'}</Fact>
        </Stack>
      )}
      {isEditing && team.data && <TeamDialog team={team.data} onClose={() => setEditing(false)} />}
    </Section>
  );
}
