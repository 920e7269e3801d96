import { Anchor, Breadcrumbs, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconEdit, IconSend } from '@tabler/icons-react';
import { PM_CONTRACTS_PATH, satisfies } from '@sm/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { PmContractForm } from './pm-contract-form';
import { pmContractPath } from './pm-contract-paths';
import { PmStatusBadge } from './pm-contract-status';
import { PmContractView } from './pm-contract-view';
import { useCancelPmContract, usePmContract } from './pm-contracts-api';
import { PmVisitsSection } from './pm-visits-section';
import { SendPmContractDialog } from './send-pm-contract-dialog';

const idOf = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : null);

/**
 * `/preventative-maintenance/view-pm-contract?id=N`: one contract, to read, edit, send for approval or cancel; without
 * an id, the form of a new contract (at `customerId` when given).
 */
export default function PmContractPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const navigate = useNavigate();
  usePageTitle(id ? 'PM Contract' : 'New PM Contract');
  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to={PM_CONTRACTS_PATH} size="sm">PM Contracts</Anchor>
      <Text size="sm">{id ? 'Contract' : 'New contract'}</Text>
    </Breadcrumbs>
  );
  if (!id) {
    return (
      <Stack gap="md">
        {crumbs}
        <Title order={2}>New PM contract</Title>
        <PmContractForm contract={null} customerId={idOf(params.get('customerId'))} onSaved={(c) => (notifySuccess(`Contract "${c.name}" saved as a draft.`), void navigate(pmContractPath(c.pmContractId), { replace: true }))} onCancel={() => void navigate(PM_CONTRACTS_PATH)} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {crumbs}
      <Contract id={id} />
    </Stack>
  );
}

function Contract({ id }: { id: number }) {
  const { access } = useSignedIn();
  const canWrite = satisfies(access, { kind: 'area', area: 'PM Lists', level: 'write' });
  const contract = usePmContract(id);
  const cancel = useCancelPmContract();
  const [isEditing, setEditing] = useState(false);
  const [isSending, setSending] = useState(false);
  if (contract.isPending) return <Skeleton height={320} aria-label="Loading the contract" />;
  if (contract.isError) return <LoadFailed title="The contract could not be read" error={contract.error} onRetry={() => void contract.refetch()} />;
  const c = contract.data;
  const isOpen = c.status !== 'cancelled';
  const askCancel = async () => {
    const yes = await confirm({
      title: 'Cancel this contract?',
      message: `"${c.name}" ends: no more visits are generated for it, and a link waiting for the customer stops working. This cannot be undone.`,
      confirmLabel: 'Cancel contract',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (yes) cancel.mutate(id, { onSuccess: () => notifySuccess(`Contract "${c.name}" cancelled.`) });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Group gap="sm">
            <Title order={2}>{c.name}</Title>
            <PmStatusBadge status={c.status} />
          </Group>
          <Text size="sm" c="dimmed">{c.customerName}</Text>
        </Stack>
        {canWrite && isOpen && !isEditing && (
          <Group gap="sm">
            <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>Edit</Button>
            {c.status !== 'approved' && <Button leftSection={<IconSend size={16} />} onClick={() => setSending(true)}>Send for approval</Button>}
            <Button variant="light" color="red" leftSection={<IconBan size={16} />} loading={cancel.isPending} onClick={() => void askCancel()}>Cancel contract</Button>
          </Group>
        )}
      </Group>
      {isEditing ? (
        <PmContractForm contract={c} onSaved={(saved) => (notifySuccess(`Contract "${saved.name}" saved.`), setEditing(false))} onCancel={() => setEditing(false)} />
      ) : (
        <PmContractView c={c} />
      )}
      <PmVisitsSection contractId={id} />
      {isSending && <SendPmContractDialog contract={c} onClose={() => setSending(false)} />}
    </Stack>
  );
}
