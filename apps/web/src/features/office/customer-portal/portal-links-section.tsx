import { Alert, Badge, Button, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconLink, IconSend } from '@tabler/icons-react';
import { CUSTOMER_PORTAL_LINK_DAYS, formatDate, formatDateTime, type CustomerDetails, type CustomerPortalLink } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { Section } from '../customers/customer-sections';
import { usePortalLinks, useRevokePortalLink, useSendPortalLink } from './customer-portal-api';

const COLOURS: Record<CustomerPortalLink['status'], string> = { Active: 'green', Revoked: 'gray', Expired: 'yellow' };

/**
 * "Send portal link": the contact (of this customer, with an e-mail address) chosen, and what the link opens said
 * before anything is sent; the dialog is the confirmation.
 */
function SendPortalLinkDialog({ customer, onClose }: { customer: CustomerDetails; onClose: () => void }) {
  const withMail = customer.contacts.filter((c) => c.email);
  const [contactId, setContactId] = useState<string | null>(withMail.length === 1 ? String(withMail[0].contactId) : null);
  const [error, setError] = useState<string | null>(null);
  const send = useSendPortalLink(customer.customerId);
  const chosen = withMail.find((c) => String(c.contactId) === contactId);
  const billedTo = customer.billingCustomerName ?? customer.name;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return setError('Choose the contact who receives the link.');
    send.mutate(chosen.contactId, { onSuccess: (a) => (notifySuccess(`Portal link sent to ${a.contactName} (${a.sentTo}).`), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title="Send portal link" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            The contact receives a personal link to the service portal of {billedTo}: its work orders and visits, quotes to approve or decline, and
            invoices. The link works for {CUSTOMER_PORTAL_LINK_DAYS} days, until you revoke it.
          </Text>
          <Select
            label="Contact" withAsterisk data-autofocus value={contactId} onChange={(v) => (setContactId(v), setError(null))} error={error} allowDeselect={false}
            data={withMail.map((c) => ({ value: String(c.contactId), label: `${c.name} (${c.email})` }))} placeholder="Choose a contact" comboboxProps={{ withinPortal: true }}
          />
          {send.isError && <Alert color="red" role="alert">{send.error.message}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} />}>Send</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function LinkRow({ link, customerId, isFirst }: { link: CustomerPortalLink; customerId: number; isFirst: boolean }) {
  const revoke = useRevokePortalLink(customerId);
  const ask = async () => {
    const message = `${link.contactName} can no longer open the portal with the link sent on ${formatDate(link.sentAt)}. Revoke it?`;
    if (!(await confirm({ title: 'Revoke portal link', message, confirmLabel: 'Revoke', cancelLabel: 'Cancel', danger: true }))) return;
    revoke.mutate(link.customerPortalLinkId, { onSuccess: () => notifySuccess(`The portal link of ${link.contactName} was revoked.`) });
  };
  const when =
    link.status === 'Revoked' ? `revoked ${formatDate(link.revokedAt)}${link.revokedByName ? ` by ${link.revokedByName}` : ''}`
      : link.status === 'Expired' ? `expired ${formatDate(link.expiresAt)}` : `works until ${formatDate(link.expiresAt)}`;
  return (
    <Group role="listitem" py={8} gap="xs" justify="space-between" wrap="nowrap" align="flex-start" style={isFirst ? undefined : { borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap={6}>
          <Text size="sm" fw={600}>{link.contactName}</Text>
          <Badge size="sm" variant="light" color={COLOURS[link.status]} tt="none">{link.status}</Badge>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {link.sentTo} · sent {formatDate(link.sentAt)} by {link.sentByName} · {when}
          {link.lastUsedAt ? ` · last opened ${formatDateTime(link.lastUsedAt)}` : ' · not opened yet'}
        </Text>
      </Stack>
      {link.status === 'Active' && (
        <Button size="compact-sm" variant="subtle" color="red" style={{ flexShrink: 0 }} onClick={() => void ask()} loading={revoke.isPending} aria-label={`Revoke the portal link of ${link.contactName}`}>
          Revoke
        </Button>
      )}
    </Group>
  );
}

/** The customer page's portal links: "Send portal link" to a contact, and every link sent with its state and Revoke. */
export function PortalLinksSection({ customer }: { customer: CustomerDetails }) {
  const [isSending, setSending] = useState(false);
  const links = usePortalLinks(customer.customerId);
  const canSend = customer.contacts.some((c) => c.email);
  const action = (
    <Button size="compact-sm" variant="light" leftSection={<IconLink size={14} />} onClick={() => setSending(true)} disabled={!canSend} title={canSend ? undefined : 'Add a contact with an e-mail address first'}>
      Send portal link
    </Button>
  );
  return (
    <Section title="Customer portal" action={action}>
      {links.isPending ? (
        <Skeleton height={40} aria-label="Loading the portal links" />
      ) : links.isError ? (
        <Alert color="red" role="alert">{links.error.message}</Alert>
      ) : links.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {canSend ? 'No portal link sent yet. Send one to a contact so they can follow work orders, approve quotes and read invoices.' : 'No portal link sent yet. Add a contact with an e-mail address to send one.'}
        </Text>
      ) : (
        <Stack gap={0} role="list" aria-label="Portal links">
          {links.data.map((l, i) => <LinkRow key={l.customerPortalLinkId} link={l} customerId={customer.customerId} isFirst={i === 0} />)}
        </Stack>
      )}
      {isSending && <SendPortalLinkDialog customer={customer} onClose={() => setSending(false)} />}
    </Section>
  );
}
