import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBriefcase, IconX } from '@tabler/icons-react';
import { type EstimateLineBody, type EstimateLineRow, ESTIMATES_WRITE, type EstimateView, formatDate, formatDateTime, satisfies } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { ErrorPanel } from '../../../components/error-panel';
import { PricedLineDialog } from '../../../components/priced-lines/priced-line-dialog';
import { PricedLinesTable } from '../../../components/priced-lines/priced-lines-table';
import { PricedTotals } from '../../../components/priced-lines/priced-totals';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { EstimateActions } from './estimate-actions';
import { EstimateStatusBadge } from './estimate-status-badge';
import { estimateQuery, useEstimateChange } from './estimates-api';
import { ESTIMATES_PATHS } from './estimates-paths';
import { StackedFact } from '../../../components/stacked-fact';

const EMPTY_LINES = { editable: 'No lines yet. Add the labor, materials and standard items this estimate offers.', locked: 'This estimate has no lines.' };


/** The customer, dates and who made it; the reason it was declined, or the work order it became. */
function EstimateHeader({ estimate }: { estimate: EstimateView }) {
  const isLapsed = estimate.validUntil !== null && estimate.isEditable && dayjs(estimate.validUntil).isBefore(dayjs(), 'day');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Stack gap={4}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="estimate-title">
            {estimate.title}
          </Text>
          {estimate.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {estimate.description}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <StackedFact label="Customer">
            {estimate.customerName}
            {estimate.customerAddress && (
              <Text span size="xs" c="dimmed" display="block">
                {estimate.customerAddress}
              </Text>
            )}
          </StackedFact>
          <StackedFact label="Valid Until">
            {estimate.validUntil ? formatDate(estimate.validUntil) : 'No end date'}
            {isLapsed && (
              <Text span size="xs" c="orange.8" display="block">
                This date has passed.
              </Text>
            )}
          </StackedFact>
          <StackedFact label="Created">
            {formatDateTime(estimate.createdAt)}
            {estimate.createdBy && ` · ${estimate.createdBy}`}
          </StackedFact>
          <StackedFact label="Last Changed">{formatDateTime(estimate.updatedAt)}</StackedFact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Estimate({ customerEstimateId }: { customerEstimateId: number }) {
  const { access } = useSignedIn();
  const query = useQuery(estimateQuery(customerEstimateId));
  const change = useEstimateChange(customerEstimateId);
  const [editing, setEditing] = useState<EstimateLineRow | 'new' | null>(null);
  usePageTitle(query.data ? `Estimate ${query.data.estimateNumber}` : 'Estimate');

  if (query.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the estimate">
        <Skeleton height={40} width={320} />
        <Skeleton height={120} />
        <Skeleton height={200} />
      </Stack>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <ErrorPanel title="Estimate not found" message="This estimate does not exist, or you may not see it." />;
    return <ErrorPanel title="The estimate could not be loaded" message={query.error.message} />;
  }
  const estimate = query.data;
  const mayWrite = satisfies(access, ESTIMATES_WRITE);
  const line = editing === 'new' ? null : editing;
  const save = (body: EstimateLineBody) =>
    change.mutate(line ? { kind: 'updateLine', customerEstimateLineId: line.customerEstimateLineId, line: body } : { kind: 'addLine', line: body }, {
      onSuccess: () => {
        notifySuccess(line ? 'Line saved.' : 'Line added.');
        setEditing(null);
      },
    });
  const remove = async (l: EstimateLineRow) => {
    if (!(await confirm({ message: `Delete line ${l.lineNumber}, ${l.description}?`, danger: true }))) return;
    change.mutate({ kind: 'deleteLine', customerEstimateLineId: l.customerEstimateLineId }, { onSuccess: () => notifySuccess('Line deleted.') });
  };

  return (
    <Stack gap="md" maw={1200} w="100%">
      <Stack gap={2}>
        <Group>
          <Anchor component={Link} to={ESTIMATES_PATHS.root} size="sm" py={6} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <IconArrowLeft size={16} aria-hidden />
            Estimates
          </Anchor>
        </Group>
        <Group gap="sm">
          <Title order={2}>Estimate {estimate.estimateNumber}</Title>
          <EstimateStatusBadge status={estimate.status} size="lg" />
        </Group>
      </Stack>
      {estimate.status === 'Converted' && estimate.workOrderNumber && (
        <Alert color="grape" variant="outline" icon={<IconBriefcase size={18} />} title="Work order created">
          This estimate became{' '}
          <Anchor component={Link} to={workOrderEditPath(estimate.workOrderNumber)} size="sm" fw={600} data-testid="estimate-work-order">
            work order {estimate.workOrderNumber}
          </Anchor>
          ; its lines no longer change.
        </Alert>
      )}
      {estimate.status === 'Declined' && (
        <Alert color="red" icon={<IconX size={18} />} title="Declined by the customer">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {estimate.declineReason}
          </Text>
        </Alert>
      )}
      <EstimateHeader estimate={estimate} />
      {mayWrite && <EstimateActions estimate={estimate} onAddLine={() => setEditing('new')} />}
      <PricedLinesTable
        lines={estimate.lines}
        lineKey={(l) => l.customerEstimateLineId}
        label="Estimate lines"
        emptyText={EMPTY_LINES}
        isEditable={mayWrite && estimate.isEditable}
        onEdit={setEditing}
        onDelete={remove}
      />
      <PricedTotals totals={estimate.totals} noun="estimate" blocked="sent or accepted" />
      {editing !== null && (
        <PricedLineDialog
          line={line}
          otherLines={estimate.lines.filter((l) => l.customerEstimateLineId !== line?.customerEstimateLineId)}
          noun="estimate"
          isSaving={change.isPending}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/** `/estimates/{customerEstimateId}/view`: one estimate; another address gives a fresh page. */
export default function EstimateViewPage() {
  const { customerEstimateId = '' } = useParams();
  if (!/^\d{1,9}$/.test(customerEstimateId) || Number(customerEstimateId) === 0) return <ErrorPanel title="Estimate not found" message="The address names no estimate." />;
  return <Estimate key={customerEstimateId} customerEstimateId={Number(customerEstimateId)} />;
}
