import { Alert, Badge, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, type PublicRateSheet, rateSheetDecisionBody } from '@sm/shared';
import { useParams } from 'react-router';
import { LinkDecisionForm } from '../../../components/link-decision-form';
import { usePageTitle } from '../../../components/use-page-title';
import { apiGet } from '../../../lib/api';
import { RateSheetRates } from './rate-sheet-version-view';

const COLOURS: Record<PublicRateSheet['status'], string> = { Pending: 'yellow', Approved: 'green', Declined: 'red', Expired: 'gray' };

/**
 * `/customerRateSheetApproval/{guid}` (spec platform 2.1, no sign-in): the billing customer reads every rate of a rate
 * sheet version and its effective date, and approves it, or declines it with a reason, once. Made for a phone as much
 * as a desk.
 */
export default function CustomerRateSheetApprovalPage() {
  usePageTitle('Rate Sheet Approval');
  const { guid = '' } = useParams();
  const key = ['rateSheetApproval', guid];
  const sheet = useQuery({ queryKey: key, queryFn: ({ signal }) => apiGet<PublicRateSheet>(`CustomerRateSheetApproval/${encodeURIComponent(guid)}`, { signal }), retry: false, meta: { silent: true } });
  return (
    <Container size="lg" py="xl" px="md">
      {sheet.isPending ? (
        <Skeleton height={360} aria-label="Loading the rate sheet to approve" />
      ) : sheet.isError ? (
        <Alert color="red" title="This link cannot be opened" role="alert">{sheet.error.message}</Alert>
      ) : (
        <Approval sheet={sheet.data} guid={guid} queryKey={key} />
      )}
    </Container>
  );
}

function Approval({ sheet: s, guid, queryKey }: { sheet: PublicRateSheet; guid: string; queryKey: string[] }) {
  const day = (iso: string) => formatDate(iso);
  const rates = {
    labor: s.labor.map((l, i) => ({ ...l, rateSheetLaborItemId: i, technicianUserId: 0 })),
    trucks: s.trucks.map((t, i) => ({ ...t, rateSheetTruckTypeId: i })),
    perDiems: s.perDiems.map((p) => ({ ...p, perDiemTypeId: 0 })),
    standardItems: s.standardItems.map((x, i) => ({ ...x, rateSheetStandardItemId: i, itemRateTypeId: 0 })),
  };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text c="dimmed" fw={600}>{s.companyName}</Text>
        <Title order={1} size="h2">Rate sheet for {s.customerName}</Title>
        <Text>{s.name}, effective from {s.effectiveFrom}</Text>
      </Stack>
      <Group gap="sm">
        <Badge color={COLOURS[s.status]} size="lg" variant="light">{s.status}</Badge>
        <Text size="sm" c="dimmed">
          {s.status === 'Pending' && `Please answer by ${day(s.expiresAt)}.`}
          {(s.status === 'Approved' || s.status === 'Declined') && `${s.status} by ${s.approverName} on ${day(s.decidedAt!)}.`}
          {s.status === 'Expired' && 'This link has expired. Ask the company that sent it for a new one.'}
        </Text>
      </Group>
      {s.reason && <Text size="sm">Reason: {s.reason}</Text>}
      <RateSheetRates v={rates} />
      {s.status === 'Pending' && (
        <LinkDecisionForm<PublicRateSheet>
          schema={rateSheetDecisionBody}
          path={`CustomerRateSheetApproval/${encodeURIComponent(guid)}`}
          queryKey={queryKey}
          note={{ field: 'reason', label: 'Reason', description: 'Needed when you decline the rates.' }}
          thing="Rates"
          sentence={(decision, name) =>
            decision === 'Approved' ? `You approve the rates of "${s.name}" from ${s.effectiveFrom}, as ${name}.` : `You decline the rates of "${s.name}"; ${s.companyName} will read your reason.`
          }
          maw={640}
        />
      )}
    </Stack>
  );
}
