import { Button, Stack, Text, TextInput } from '@mantine/core';
import { sendTestEmailBody, type EmailOutboxDetail } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ClockModal, ClockModalFooter } from '../../field/clock/clock-modal';
import { useSendTestEmail } from './email-outbox-api';

interface SendTestEmailDialogProps {
  /** The address offered first: the signed-in person's own. */
  defaultTo: string;
  isSmtpConfigured: boolean;
  onClose: () => void;
  /** Called with the queued message, so the page can show it. */
  onSent: (message: EmailOutboxDetail) => void;
}

/** "Send test e-mail": queues a short message from the company to one address, to see that e-mail reaches people. */
export function SendTestEmailDialog({ defaultTo, isSmtpConfigured, onClose, onSent }: SendTestEmailDialogProps) {
  const [to, setTo] = useState(defaultTo);
  const [error, setError] = useState<string | null>(null);
  const send = useSendTestEmail();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sendTestEmailBody.safeParse({ to });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      notifyError(parsed.error.issues[0].message);
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: (message) => {
        notifySuccess(isSmtpConfigured ? `A test e-mail to ${message.to[0]} is on its way.` : `A test e-mail to ${message.to[0]} is queued.`);
        onSent(message);
      },
    });
  };

  return (
    <ClockModal opened onClose={onClose} title="Send test e-mail" size={480}>
      <form onSubmit={submit} noValidate aria-label="Send test e-mail">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {isSmtpConfigured
              ? 'A short message from your company goes to this address through the mail server. Check that it arrives.'
              : 'No mail server is configured, so the message is kept in the outbox as queued and not sent.'}
          </Text>
          <TextInput
            label="To"
            type="email"
            required
            autoComplete="email"
            data-autofocus
            value={to}
            error={error}
            onChange={(e) => {
              setTo(e.currentTarget.value);
              setError(null);
            }}
          />
          <ClockModalFooter>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </ClockModalFooter>
        </Stack>
      </form>
    </ClockModal>
  );
}
