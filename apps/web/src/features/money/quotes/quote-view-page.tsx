import { Anchor, Group, Paper, Select, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { formatDateTime, type QuoteLineBody, type QuoteLineRow, QUOTES_WRITE, satisfies } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { ErrorPanel } from '../../../components/error-panel';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { DocumentButtons } from '../documents/document-buttons';
import { QuoteActions } from './quote-actions';
import { QuoteLineDialog } from './quote-line-dialog';
import { QuoteLines } from './quote-lines';
import { QuoteStatusBadge } from './quote-status-badge';
import { QuoteTotals } from './quote-totals';
import { QUOTES_KEY, quoteQuery, useQuoteChange } from './quotes-api';
import { WORK_ORDER_DETAILS_KEY } from '../../office/work-orders/edit/work-order-api';
import { quoteViewPath } from './quotes-paths';


function QuoteView({ quoteNumber, quoteVersion }: { quoteNumber: number; quoteVersion: number }) {
  usePageTitle(`Quote ${quoteNumber} v${quoteVersion}`);
  const navigate = useNavigate();
  const { access } = useSignedIn();
  const query = useQuery(quoteQuery(quoteNumber, quoteVersion));
  const change = useQuoteChange(quoteNumber, quoteVersion);
  const [editing, setEditing] = useState<QuoteLineRow | 'new' | null>(null);

  if (query.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the quote">
        <Skeleton height={40} width={320} />
        <Skeleton height={90} />
        <Skeleton height={200} />
      </Stack>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <ErrorPanel title="Quote not found" message={`Quote ${quoteNumber} has no version ${quoteVersion}, or you may not see it.`} />;
    return <ErrorPanel title="The quote could not be loaded" message={query.error.message} />;
  }
  const quote = query.data;
  const mayWrite = satisfies(access, QUOTES_WRITE);
  const line = editing === 'new' ? null : editing;
  const save = (body: QuoteLineBody) =>
    change.mutate(line ? { kind: 'updateLine', quoteLineId: line.quoteLineId, line: body } : { kind: 'addLine', line: body }, {
      onSuccess: () => {
        notifySuccess(line ? 'Line saved.' : 'Line added.');
        setEditing(null);
      },
    });
  const remove = async (l: QuoteLineRow) => {
    if (!(await confirm({ message: `Delete line ${l.lineNumber}, ${l.description}?`, danger: true }))) return;
    change.mutate({ kind: 'deleteLine', quoteLineId: l.quoteLineId }, { onSuccess: () => notifySuccess('Line deleted.') });
  };

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="sm">
            <Title order={2}>Quote {quote.quoteNumber}</Title>
            <QuoteStatusBadge status={quote.status} size="lg" />
          </Group>
          <Text size="sm">
            <Anchor component={Link} to={workOrderEditPath(quote.workOrderNumber)}>
              Work Order {quote.workOrderNumber}
            </Anchor>{' '}
            · {quote.customerName} · <span data-testid="quote-work-order-status">{quote.workOrderStatus}</span>
          </Text>
          {quote.title && <Text fw={500}>{quote.title}</Text>}
        </Stack>
        <Select
          label="Version"
          w={180}
          allowDeselect={false}
          value={String(quote.quoteVersion)}
          data={quote.versions.map((v) => ({ value: String(v.quoteVersion), label: `v${v.quoteVersion} · ${v.status}` }))}
          onChange={(v) => v && navigate(quoteViewPath(quote.quoteNumber, Number(v)))}
        />
      </Group>
      {quote.quoteVersion !== quote.currentVersion && (
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-light)">
          <Text size="sm">
            This is version {quote.quoteVersion}, kept as it was.{' '}
            <Anchor component={Link} to={quoteViewPath(quote.quoteNumber, quote.currentVersion)}>
              Open the current version ({quote.currentVersion})
            </Anchor>
          </Text>
        </Paper>
      )}
      <Group justify="space-between" gap="xs">
        <QuoteActions quote={quote} mayWrite={mayWrite} onAddLine={() => setEditing('new')} />
        <DocumentButtons
          kind="quote"
          path={`Quotes/${quote.quoteNumber}/${quote.quoteVersion}`}
          fileName={`Quote-${quote.quoteNumber}-v${quote.quoteVersion}.pdf`}
          mayEmail={mayWrite && quote.quoteVersion === quote.currentVersion}
          invalidates={[[...QUOTES_KEY], [...WORK_ORDER_DETAILS_KEY]]}
        />
      </Group>
      <QuoteLines lines={quote.lines} isEditable={mayWrite && quote.isEditable} onEdit={setEditing} onDelete={remove} />
      <QuoteTotals totals={quote.totals} />
      <Paper withBorder radius="md" p="md">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb="sm">
          Status history of version {quote.quoteVersion}
        </Text>
        <Timeline bulletSize={14} lineWidth={2}>
          {quote.statusHistory.map((h, i) => (
            <Timeline.Item key={i} title={h.fromStatus ? `${h.fromStatus} → ${h.toStatus}` : h.toStatus}>
              <Text size="xs" c="dimmed">
                {formatDateTime(h.changedAt)} · {h.changedBy ?? 'System'}
              </Text>
              {h.comment && <Text size="sm">{h.comment}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      </Paper>
      {editing !== null && (
        <QuoteLineDialog
          line={line}
          otherLines={quote.lines.filter((l) => l.quoteLineId !== line?.quoteLineId)}
          isSaving={change.isPending}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/** `/quotes/{quoteNumber}/{quoteVersion}/view`: one version of a quote; another address gives a fresh page. */
export default function QuoteViewPage() {
  const { quoteNumber = '', quoteVersion = '' } = useParams();
  if (!/^\d{1,9}$/.test(quoteNumber) || !/^\d{1,9}$/.test(quoteVersion)) return <ErrorPanel title="Quote not found" message="The address names no quote." />;
  return <QuoteView key={`${quoteNumber}/${quoteVersion}`} quoteNumber={Number(quoteNumber)} quoteVersion={Number(quoteVersion)} />;
}
