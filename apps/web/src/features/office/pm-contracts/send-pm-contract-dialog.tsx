import { Alert, Autocomplete, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { sendPmContractBody, type PmContract } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useSendPmContract } from './pm-contracts-api';

/**
 * "Send for approval": e-mails the customer a link to approve or decline the contract. The location's contacts'
 * addresses (or its own) are offered, the first filled in; any address may be written.
 */
export function SendPmContractDialog({ contract, onClose }: { contract: PmContract; onClose: () => void }) {
  const [email, setEmail] = useState(contract.contacts[0]?.email ?? '');
  // An address already filled in: the dialog opens on Send (focusing the box would open its list over the buttons).
  const prefilled = contract.contacts.length > 0;
  const { errors, clear, check } = useSchemaForm(sendPmContractBody);
  const send = useSendPmContract();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ email });
    if (body?.email) send.mutate({ id: contract.pmContractId, email: body.email }, { onSuccess: (a) => (notifySuccess(`Contract sent to ${a.sentTo} for approval.`), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title="Send for approval" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {contract.customerName} receives a link to review &quot;{contract.name}&quot; and approve it, or decline it with a comment. The link takes one answer;
            a link sent earlier for this contract stops working.
          </Text>
          <Autocomplete
            label="Send To" withAsterisk data-autofocus={!prefilled || undefined} type="email" value={email} onChange={(v) => (setEmail(v), clear('email'))} error={errors.email}
            data={[...new Set(contract.contacts.map((c) => c.email))]} placeholder="name@customer.com"
          />
          {send.isError && <Alert color="red" role="alert">{send.error.message}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} />} data-autofocus={prefilled || undefined}>Send</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
