import { Alert, Autocomplete, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { sendRateSheetBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useSendRateSheet } from './rate-sheets-api';

/**
 * "Send for approval": e-mails a billing-customer contact a link to approve or decline the version. The contacts'
 * addresses (or the customer's own) are offered, the first filled in; any address may be written.
 */
export function SendRateSheetDialog({ versionId, versionName, customerName, contacts, onClose }: {
  versionId: number; versionName: string; customerName: string; contacts: { name: string; email: string }[]; onClose: () => void;
}) {
  const [email, setEmail] = useState(contacts[0]?.email ?? '');
  // An address already filled in: the dialog opens on Send (focusing the box would open its list over the buttons).
  const prefilled = contacts.length > 0;
  const { errors, clear, check } = useSchemaForm(sendRateSheetBody);
  const send = useSendRateSheet();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ email });
    if (body?.email) send.mutate({ id: versionId, email: body.email }, { onSuccess: (a) => (notifySuccess(`Rate sheet sent to ${a.sentTo} for approval.`), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title="Send for approval" centered>
      <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {customerName} receives a link to review &quot;{versionName}&quot; and approve it, or decline it with a reason. The link takes one answer; a link sent
          earlier for this version stops working.
        </Text>
        <Autocomplete
          label="Send To" withAsterisk data-autofocus={!prefilled || undefined} type="email" value={email} onChange={(v) => (setEmail(v), clear('email'))} error={errors.email}
          data={[...new Set(contacts.map((c) => c.email))]} placeholder="name@customer.com"
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
