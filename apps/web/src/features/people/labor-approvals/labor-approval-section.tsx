import { ActionIcon, Alert, Anchor, Badge, Button, CopyButton, Group, Modal, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconSend } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreatedLaborApproval, createLaborApprovalBody, type CreateLaborApprovalBody, formatDateTime, LABOR_APPROVAL_DAYS, type LaborApproval, satisfies } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { apiGet, apiPost } from '../../../lib/api';
import { useSignedIn } from '../../platform/auth/session-context';
import { useIsPhone } from '../../field/clock/clock-modal';
import type { WorkOrderDetails } from '../../office/work-orders/edit/work-order-api';
import { useSchemaForm } from '../../../lib/schema-form';
import { LABOR_APPROVAL_STATUS_COLOURS } from './labor-approval-status';

const approvalsQuery = (workOrderId: number) =>
  queryOptions({
    queryKey: ['laborApprovals', workOrderId],
    queryFn: ({ signal }) => apiGet<LaborApproval[]>(`WorkOrder/laborApprovals/${workOrderId}`, { signal }),
    staleTime: 0,
  });


/**
 * The customer's approval of the work order's labor: the office (or the technician on site) asks through a link, sent
 * by e-mail or copied, and sees each request's answer.
 */
export function LaborApprovalSection({ workOrder }: { workOrder: WorkOrderDetails }) {
  const { access } = useSignedIn();
  const approvals = useQuery(approvalsQuery(workOrder.workOrderId));
  const [isAsking, setAsking] = useState(false);
  const mayAsk = satisfies(access, { kind: 'area', area: 'Work Orders', level: 'write' });
  const hasFinishedLabor = workOrder.laborEntries.some((e) => !e.isOpen);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="labor-approval-title">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={3} size="h4" id="labor-approval-title">
          Customer Approval of Labor
        </Title>
        {mayAsk && hasFinishedLabor && (
          <Button size="xs" variant="light" leftSection={<IconSend size={14} />} onClick={() => setAsking(true)}>
            Ask Customer to Approve
          </Button>
        )}
      </Group>
      {approvals.isError ? (
        <Alert color="red">{approvals.error.message}</Alert>
      ) : !approvals.data || approvals.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {approvals.isPending ? 'Loading…' : hasFinishedLabor ? 'The customer has not been asked to approve the labor yet.' : 'There is no finished labor to approve yet.'}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Labor approval requests">
          {approvals.data.map((a) => (
            <Group key={a.laborApprovalId} gap="sm" role="listitem" wrap="wrap" align="flex-start">
              <Badge color={LABOR_APPROVAL_STATUS_COLOURS[a.status]} variant="light">
                {a.status}
              </Badge>
              <Stack gap={0} style={{ flex: 1, minWidth: 220 }}>
                <Text size="sm">
                  {a.laborCount} labor {a.laborCount === 1 ? 'entry' : 'entries'}, asked by {a.requestedByName} on {formatDateTime(a.requestedAt)}
                  {a.sentTo ? `, sent to ${a.sentTo}` : ''}
                </Text>
                {a.decidedAt && (
                  <Text size="sm" c="dimmed">
                    {a.status} by {a.approverName} on {formatDateTime(a.decidedAt)}
                    {a.comment ? `: “${a.comment}”` : ''}
                  </Text>
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {isAsking && <AskDialog workOrderId={workOrder.workOrderId} workOrderNumber={workOrder.workOrderNumber} onClose={() => setAsking(false)} />}
    </Paper>
  );
}

function AskDialog({ workOrderId, workOrderNumber, onClose }: { workOrderId: number; workOrderNumber: string; onClose: () => void }) {
  const client = useQueryClient();
  const isPhone = useIsPhone();
  const { errors, clear, check } = useSchemaForm(createLaborApprovalBody);
  const [email, setEmail] = useState('');
  const ask = useMutation({
    mutationFn: (body: CreateLaborApprovalBody) => apiPost<CreatedLaborApproval>('WorkOrder/laborApprovals', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: approvalsQuery(workOrderId).queryKey }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ workOrderId, email: email.trim() || null });
    if (body) ask.mutate(body);
  };
  const link = ask.data ? `${window.location.origin}${ask.data.path}` : null;
  return (
    <Modal opened onClose={onClose} title="Ask Customer to Approve" fullScreen={isPhone}>
      {link ? (
        <Stack gap="sm">
          <Text size="sm">
            {ask.data?.sentTo ? `An e-mail with the link is on its way to ${ask.data.sentTo}. ` : ''}The customer approves the finished labor of work order {workOrderNumber} through this link,
            once, within {LABOR_APPROVAL_DAYS} days. It is shown only now.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <TextInput readOnly value={link} aria-label="Approval link" style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy the link'}>
                  <ActionIcon variant="default" size="lg" onClick={copy} aria-label="Copy the link">
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Group justify="space-between">
            <Anchor href={link} target="_blank" rel="noreferrer" size="sm">
              Open the customer's page
            </Anchor>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              The customer gets a link to the finished labor not approved yet, and approves or disputes it without signing in. A new link replaces one still waiting.
            </Text>
            <TextInput label="Send To" description="Leave empty to copy the link yourself." type="email" value={email} onChange={(e) => (setEmail(e.currentTarget.value), clear('email'))} error={errors.email} data-autofocus />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={ask.isPending}>
                {email.trim() ? 'Send Link' : 'Make Link'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
