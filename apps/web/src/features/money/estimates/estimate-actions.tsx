import { Button, Group } from '@mantine/core';
import { IconBriefcase, IconCheck, IconEdit, IconPlus, IconSend, IconX } from '@tabler/icons-react';
import { ESTIMATE_STATUS_SOURCES, type EstimateView } from '@sm/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { DeclineDialog, HeaderDialog } from './estimate-dialogs';
import { useEstimateChange } from './estimates-api';

/**
 * What can be done with the estimate shown: add a line, edit the header, record the customer's answer (sent,
 * accepted, declined with a reason), and make the work order of an accepted estimate, after a confirmation.
 */
export function EstimateActions({ estimate, onAddLine }: { estimate: EstimateView; onAddLine: () => void }) {
  const navigate = useNavigate();
  const change = useEstimateChange(estimate.customerEstimateId);
  const [dialog, setDialog] = useState<'decline' | 'header' | null>(null);
  const { status } = estimate;
  const may = (to: keyof typeof ESTIMATE_STATUS_SOURCES) => ESTIMATE_STATUS_SOURCES[to].includes(status);
  const pending = (kind: string, to?: string) => change.isPending && change.variables?.kind === kind && (!to || (change.variables.kind === 'status' && change.variables.body.status === to));
  const mark = (to: 'Sent' | 'Accepted') => change.mutate({ kind: 'status', body: { status: to } }, { onSuccess: () => notifySuccess(`Estimate ${estimate.estimateNumber} marked ${to}.`) });
  const accept = async () => {
    if (!(await confirm({ message: `Record that ${estimate.customerName} accepted estimate ${estimate.estimateNumber}? Its lines can no longer change afterwards.` }))) return;
    mark('Accepted');
  };
  const convert = async () => {
    const ok = await confirm({
      title: 'Create Work Order',
      message: `Create a work order for ${estimate.customerName} from estimate ${estimate.estimateNumber}? Its title and description become the work order's problem.`,
      confirmLabel: 'Create Work Order',
      cancelLabel: 'Cancel',
    });
    if (!ok) return;
    change.mutate({ kind: 'convert' }, {
      onSuccess: (v) => {
        notifySuccess(`Work order ${v.workOrderNumber} created from estimate ${v.estimateNumber}.`);
        if (v.workOrderNumber) void navigate(workOrderEditPath(v.workOrderNumber));
      },
    });
  };
  if (status === 'Declined' || status === 'Converted') return null;
  return (
    <Group gap="xs">
      {estimate.isEditable && (
        <Button leftSection={<IconPlus size={16} />} onClick={onAddLine}>
          Add Line
        </Button>
      )}
      {estimate.isEditable && (
        <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setDialog('header')}>
          Edit
        </Button>
      )}
      {may('Sent') && (
        <Button variant="light" leftSection={<IconSend size={16} />} onClick={() => mark('Sent')} loading={pending('status', 'Sent')}>
          Mark Sent
        </Button>
      )}
      {may('Accepted') && (
        <Button color="teal" leftSection={<IconCheck size={16} />} onClick={accept} loading={pending('status', 'Accepted')}>
          Accepted
        </Button>
      )}
      {status === 'Accepted' && (
        <Button leftSection={<IconBriefcase size={16} />} onClick={convert} loading={pending('convert')}>
          Create Work Order
        </Button>
      )}
      {may('Declined') && (
        <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setDialog('decline')}>
          Declined
        </Button>
      )}
      {dialog === 'decline' && <DeclineDialog estimate={estimate} onClose={() => setDialog(null)} />}
      {dialog === 'header' && <HeaderDialog estimate={estimate} onClose={() => setDialog(null)} />}
    </Group>
  );
}
