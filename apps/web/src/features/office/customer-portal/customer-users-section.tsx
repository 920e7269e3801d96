import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatDate, type CustomerAccessRequest, type CustomerDetails, type CustomerUser } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { Section } from '../customers/customer-sections';
import { useCustomerUsers, useDeclineCustomerAccess, useGrantCustomerAccess, useRevokeCustomerUser } from './customer-portal-api';

const REQUEST_COLOURS: Record<CustomerAccessRequest['status'], string> = { Requested: 'blue', Granted: 'green', Declined: 'gray' };
const USER_COLOURS: Record<CustomerUser['state'], string> = { Active: 'green', Invited: 'blue', Revoked: 'gray' };
const rowStyle = (isFirst: boolean) => (isFirst ? undefined : { borderTop: '1px solid var(--mantine-color-gray-2)' });

/** Grant: the user name the contact will sign in with (their e-mail address offered), said before anything is made. */
function GrantDialog({ customerId, request, onClose }: { customerId: number; request: CustomerAccessRequest; onClose: () => void }) {
  const [userName, setUserName] = useState(request.email);
  const grant = useGrantCustomerAccess(customerId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    grant.mutate({ requestId: request.customerAccessRequestId, userName: userName.trim() }, { onSuccess: () => (notifySuccess(`${request.name} was invited to choose a password (${request.email}).`), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title={`Grant a sign-in to ${request.name}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {request.name} becomes a user with the Customer role only: they read this customer&apos;s service portal and nothing else. An e-mail to {request.email} invites them to choose a password.
          </Text>
          <TextInput label="User Name" withAsterisk data-autofocus value={userName} onChange={(e) => setUserName(e.currentTarget.value)} maxLength={100} />
          {grant.isError && <Alert color="red" role="alert">{grant.error.message}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={grant.isPending}>Grant</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Decline: the reason, e-mailed to the contact. */
function DeclineDialog({ customerId, request, onClose }: { customerId: number; request: CustomerAccessRequest; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decline = useDeclineCustomerAccess(customerId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError('Reason field is required!');
    decline.mutate({ requestId: request.customerAccessRequestId, reason: reason.trim() }, { onSuccess: () => (notifySuccess(`The request of ${request.name} was declined.`), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title={`Decline the request of ${request.name}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea label="Reason" description={`E-mailed to ${request.email}`} withAsterisk data-autofocus autosize minRows={3} maxLength={500} value={reason} onChange={(e) => (setReason(e.currentTarget.value), setError(null))} error={error} />
          {decline.isError && <Alert color="red" role="alert">{decline.error.message}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" color="red" loading={decline.isPending}>Decline</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RequestRow({ customerId, request, isFirst }: { customerId: number; request: CustomerAccessRequest; isFirst: boolean }) {
  const [dialog, setDialog] = useState<'grant' | 'decline' | null>(null);
  const decided = request.status === 'Declined' ? ` · declined ${formatDate(request.decidedAt)}${request.declineReason ? `: ${request.declineReason}` : ''}` : request.status === 'Granted' ? ` · granted ${formatDate(request.decidedAt)}` : '';
  return (
    <Stack role="listitem" aria-label={`Request of ${request.name}`} py={8} gap={4} style={rowStyle(isFirst)}>
      <Group gap={6}>
        <Text size="sm" fw={600}>{request.name}</Text>
        <Badge size="sm" variant="light" color={REQUEST_COLOURS[request.status]} tt="none">{request.status}</Badge>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {request.email}{request.phone ? ` · ${request.phone}` : ''} · asked {formatDate(request.requestedAt)}{decided}
      </Text>
      {request.message && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{request.message}</Text>}
      {request.status === 'Requested' && (
        <Group gap="xs">
          <Button size="compact-sm" onClick={() => setDialog('grant')} aria-label={`Grant a sign-in to ${request.name}`}>Grant</Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDialog('decline')} aria-label={`Decline the request of ${request.name}`}>Decline</Button>
        </Group>
      )}
      {dialog === 'grant' && <GrantDialog customerId={customerId} request={request} onClose={() => setDialog(null)} />}
      {dialog === 'decline' && <DeclineDialog customerId={customerId} request={request} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

function UserRow({ customerId, user, isFirst }: { customerId: number; user: CustomerUser; isFirst: boolean }) {
  const revoke = useRevokeCustomerUser(customerId);
  const ask = async () => {
    const message = `${user.name} can no longer sign in nor read the service portal. Revoke their access?`;
    if (!(await confirm({ title: 'Revoke access', message, confirmLabel: 'Revoke', cancelLabel: 'Cancel', danger: true }))) return;
    revoke.mutate(user.userId, { onSuccess: () => notifySuccess(`The access of ${user.name} was revoked.`) });
  };
  return (
    <Group role="listitem" aria-label={`Customer user ${user.name}`} py={8} gap="xs" justify="space-between" wrap="nowrap" align="flex-start" style={rowStyle(isFirst)}>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap={6}>
          <Text size="sm" fw={600}>{user.name}</Text>
          <Badge size="sm" variant="light" color={USER_COLOURS[user.state]} tt="none">{user.state}</Badge>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{user.email} · user name {user.userName} · since {formatDate(user.createdAt)}</Text>
      </Stack>
      {user.state !== 'Revoked' && (
        <Button size="compact-sm" variant="subtle" color="red" style={{ flexShrink: 0 }} onClick={() => void ask()} loading={revoke.isPending} aria-label={`Revoke the access of ${user.name}`}>
          Revoke
        </Button>
      )}
    </Group>
  );
}

/** The customer page's customer users: the billing customer's requests for a sign-in (Grant, Decline) and its users (Revoke). */
export function CustomerUsersSection({ customer }: { customer: CustomerDetails }) {
  const query = useCustomerUsers(customer.customerId);
  return (
    <Section title="Customer users">
      {query.isPending ? (
        <Skeleton height={40} aria-label="Loading the customer users" />
      ) : query.isError ? (
        <Alert color="red" role="alert">{query.error.message}</Alert>
      ) : query.data.requests.length === 0 && query.data.users.length === 0 ? (
        <Text size="sm" c="dimmed">No customer users yet. A contact who opens the portal from a link can ask for a sign-in of their own; the request shows here.</Text>
      ) : (
        <Stack gap="xs">
          {query.data.requests.length > 0 && (
            <Stack gap={0} role="list" aria-label="Requests for a sign-in">
              {query.data.requests.map((r, i) => <RequestRow key={r.customerAccessRequestId} customerId={customer.customerId} request={r} isFirst={i === 0} />)}
            </Stack>
          )}
          {query.data.users.length > 0 && (
            <Stack gap={0} role="list" aria-label="Customer users">
              {query.data.users.map((u, i) => <UserRow key={u.userId} customerId={customer.customerId} user={u} isFirst={i === 0 && query.data.requests.length === 0} />)}
            </Stack>
          )}
        </Stack>
      )}
    </Section>
  );
}
