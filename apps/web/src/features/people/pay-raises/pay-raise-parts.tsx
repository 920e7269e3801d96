import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCurrency, formatDate, type PayRaise, type PayRaiseStatus, RAISE_APPROVAL_PRIORITIES } from '@sm/shared';
import { StackedFact } from '../../../components/stacked-fact';

const STATUS_COLOR: Record<PayRaiseStatus, string> = { Requested: 'orange', Approved: 'teal', Refused: 'red', Signed: 'green' };
const priorityName = (id: number) => RAISE_APPROVAL_PRIORITIES.find((p) => p.raiseApprovalPriorityId === id)?.name ?? '';

export function PayRaiseStatusBadge({ status }: { status: PayRaiseStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" tt="none">
      {status}
    </Badge>
  );
}

/** A pay figure, or a dash for those who may not see pay. */
export const payText = (n: number | null) => (n === null ? '—' : `${formatCurrency(n)}/h`);
export const dayText = (iso: string) => formatDate(iso);


/** What a raise is: the employee's position and pay now and after, why, from when, how urgent, and where it stands. */
export function PayRaiseFacts({ raise }: { raise: PayRaise }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{raise.employeeName}</Text>
        <Group gap={6}>
          <Badge variant="outline" color="gray" tt="none">
            {raise.payRaiseType}
          </Badge>
          <PayRaiseStatusBadge status={raise.status} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <StackedFact label="Current Position">{raise.currentPosition ?? '—'}</StackedFact>
        <StackedFact label="Current Pay Rate">{payText(raise.currentPayRate)}</StackedFact>
        <StackedFact label="New Position">{raise.newPosition}</StackedFact>
        <StackedFact label="New Pay">{payText(raise.newPay)}</StackedFact>
        <StackedFact label="Effective Date">{dayText(raise.effectiveDate)}</StackedFact>
        <StackedFact label="Approval Priority">{priorityName(raise.raiseApprovalPriorityId)}</StackedFact>
        <StackedFact label="Requested By">{raise.requestedBy ?? '—'}</StackedFact>
        <StackedFact label="Requested">{dayText(raise.payRaiseDate)}</StackedFact>
      </SimpleGrid>
      <StackedFact label="Reason For Change">{raise.reasonForChange}</StackedFact>
      {raise.decidedBy && (
        <StackedFact label={raise.isApproved ? 'Approved By' : 'Refused By'}>
          {raise.decidedBy}
          {raise.decisionComment ? `: ${raise.decisionComment}` : ''}
        </StackedFact>
      )}
      {raise.signatureDate && <StackedFact label="Signed">{dayText(raise.signatureDate)}</StackedFact>}
    </Stack>
  );
}
