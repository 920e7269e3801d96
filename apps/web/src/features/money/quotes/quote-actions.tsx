import { Button, Group, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconChevronDown, IconCopyPlus, IconPlus, IconSend, IconX } from '@tabler/icons-react';
import { DECIDABLE_QUOTE_STATUSES, rejectQuoteBody, type QuoteView } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useQuoteChange } from './quotes-api';
import { quoteViewPath } from './quotes-paths';

/** Asks why the customer declined, then rejects; the reason is kept in the quote's status history. */
function RejectDialog({ quote, onClose }: { quote: QuoteView; onClose: () => void }) {
  const change = useQuoteChange(quote.quoteNumber, quote.quoteVersion);
  const { errors, clear, check } = useSchemaForm(rejectQuoteBody);
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ reason });
    if (body) change.mutate({ kind: 'reject', reason: body.reason }, { onSuccess: () => (notifySuccess(`Quote ${quote.quoteNumber} rejected.`), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title="Reject Quote" size={500} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Reject version {quote.quoteVersion} of quote {quote.quoteNumber}? The work order will need a quote again.
          </Text>
          <Textarea label="Reason" value={reason} onChange={(e) => (setReason(e.currentTarget.value), clear('reason'))} error={errors.reason} maxLength={500} withAsterisk data-autofocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              No
            </Button>
            <Button type="submit" color="red" loading={change.isPending}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * What can be done with the version shown: add a line, set it Pending or Open, submit it, approve or reject it, or
 * copy it into a new version. Only the current version has actions; Approve asks for confirmation.
 */
export function QuoteActions({ quote, mayWrite, onAddLine }: { quote: QuoteView; mayWrite: boolean; onAddLine: () => void }) {
  const navigate = useNavigate();
  const change = useQuoteChange(quote.quoteNumber, quote.quoteVersion);
  const [isRejecting, setRejecting] = useState(false);
  if (!mayWrite || quote.quoteVersion !== quote.currentVersion) return null;
  const isUndecided = DECIDABLE_QUOTE_STATUSES.includes(quote.status);
  const approve = async () => {
    if (!(await confirm({ message: `Approve version ${quote.quoteVersion} of quote ${quote.quoteNumber} for ${quote.customerName}? The work order moves to Quote Approved.` }))) return;
    change.mutate({ kind: 'approve' }, { onSuccess: () => notifySuccess(`Quote ${quote.quoteNumber} approved.`) });
  };
  const newVersion = () =>
    change.mutate({ kind: 'newVersion' }, {
      onSuccess: (v) => {
        notifySuccess(`Version ${v.quoteVersion} of quote ${v.quoteNumber} created.`);
        void navigate(quoteViewPath(v.quoteNumber, v.quoteVersion));
      },
    });
  return (
    <Group gap="xs">
      {quote.isEditable && (
        <Button leftSection={<IconPlus size={16} />} onClick={onAddLine}>
          Add Line
        </Button>
      )}
      {quote.isEditable && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="light" rightSection={<IconChevronDown size={16} />} loading={change.isPending && change.variables?.kind === 'status'}>
              Status
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {quote.status !== 'Open' && <Menu.Item onClick={() => change.mutate({ kind: 'status', quoteStatus: 'Open' })}>Set Open</Menu.Item>}
            {quote.status !== 'Pending' && <Menu.Item onClick={() => change.mutate({ kind: 'status', quoteStatus: 'Pending' })}>Set Pending</Menu.Item>}
            <Menu.Item leftSection={<IconSend size={16} />} onClick={() => change.mutate({ kind: 'status', quoteStatus: 'Submitted' }, { onSuccess: () => notifySuccess(`Quote ${quote.quoteNumber} submitted.`) })}>
              Mark Submitted
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      {isUndecided && (
        <Button color="teal" leftSection={<IconCheck size={16} />} onClick={approve} loading={change.isPending && change.variables?.kind === 'approve'}>
          Approve
        </Button>
      )}
      {isUndecided && (
        <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setRejecting(true)}>
          Reject
        </Button>
      )}
      <Button variant="default" leftSection={<IconCopyPlus size={16} />} onClick={newVersion} loading={change.isPending && change.variables?.kind === 'newVersion'}>
        New Version
      </Button>
      {isRejecting && <RejectDialog quote={quote} onClose={() => setRejecting(false)} />}
    </Group>
  );
}
