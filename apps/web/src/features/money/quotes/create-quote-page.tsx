import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconFilePlus, IconSearch } from '@tabler/icons-react';
import { createQuoteBody, formatCurrency, type CreateQuoteBody } from '@sm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { workOrderQuery } from '../../office/work-orders/edit/work-order-api';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { useSchemaForm } from '../../../lib/schema-form';
import { QuoteStatusBadge } from './quote-status-badge';
import { useCreateQuote, workOrderQuotesQuery } from './quotes-api';
import { quoteViewPath } from './quotes-paths';

/** Without a work order in the address: find one by its number. */
function FindWorkOrder({ onFound }: { onFound: (workOrderId: number) => void }) {
  const client = useQueryClient();
  const [number, setNumber] = useState('');
  const [isLooking, setLooking] = useState(false);
  const find = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = number.trim();
    if (!wanted) {
      notifyError('Work Order Number field is required!');
      return;
    }
    setLooking(true);
    try {
      onFound((await client.fetchQuery(workOrderQuery(wanted))).workOrderId);
    } catch (error) {
      notifyError(error instanceof ApiError && error.status === 404 ? `Work order ${wanted} was not found.` : (error as Error).message);
    } finally {
      setLooking(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={find}>
      <Group align="flex-end" gap="sm">
        <TextInput label="Work Order Number" value={number} onChange={(e) => setNumber(e.currentTarget.value)} w={{ base: '100%', xs: 260 }} size="md" withAsterisk />
        <Button type="submit" size="md" loading={isLooking} leftSection={<IconSearch size={18} />}>
          Find
        </Button>
      </Group>
    </Paper>
  );
}

/** The work order chosen, its quotes so far, and the quote's title and first status. */
function CreateForm({ workOrderId }: { workOrderId: number }) {
  const navigate = useNavigate();
  const info = useQuery(workOrderQuotesQuery(workOrderId));
  const create = useCreateQuote();
  const { errors, clear, check } = useSchemaForm(createQuoteBody);
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<'Open' | 'Pending'>('Open');

  if (info.isPending) return <Skeleton height={220} radius="md" aria-label="Loading the work order" />;
  if (info.isError) {
    const missing = info.error instanceof ApiError && info.error.status === 404;
    return <ErrorPanel title={missing ? 'Work order not found' : 'The work order could not be loaded'} message={info.error.message} />;
  }
  const wo = info.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ workOrderId, quoteStatus: status, title: title.trim() || null } satisfies CreateQuoteBody);
    if (!body) return;
    create.mutate(body, {
      onSuccess: (q) => {
        notifySuccess(`Quote ${q.quoteNumber} created.`);
        void navigate(quoteViewPath(q.quoteNumber, q.quoteVersion));
      },
    });
  };
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Group gap="sm">
            <Anchor component={Link} to={workOrderEditPath(wo.workOrderNumber)} fw={700}>
              Work Order {wo.workOrderNumber}
            </Anchor>
            <Text size="sm" c="dimmed">
              {wo.workOrderStatus}
            </Text>
          </Group>
          <Text fw={600}>{wo.customerName}</Text>
          <Text size="sm">{wo.problem}</Text>
          {wo.quotes.length > 0 && (
            <Stack gap={4} mt="xs">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                Quotes so far
              </Text>
              {wo.quotes.map((q) => (
                <Group key={q.quoteNumber} gap="sm">
                  <Anchor component={Link} to={quoteViewPath(q.quoteNumber, q.quoteVersion)} size="sm">
                    Quote {q.quoteNumber} v{q.quoteVersion}
                  </Anchor>
                  <QuoteStatusBadge status={q.status} />
                  <Text size="sm">{formatCurrency(q.total)}</Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Title"
            description="What the quote offers, as the customer will read it."
            value={title}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              clear('title');
            }}
            error={errors.title}
            size="md"
            maxLength={200}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="quote-status-label">
              Status
            </Text>
            <SegmentedControl aria-labelledby="quote-status-label" value={status} onChange={(v) => setStatus(v as 'Open' | 'Pending')} data={['Open', 'Pending']} w={{ base: '100%', xs: 260 }} />
            <Text size="xs" c="dimmed">
              The work order moves to {status === 'Open' ? 'Quote Open' : 'Quote Pending'}.
            </Text>
          </Stack>
          <Group gap="sm" grow wrap="nowrap">
            <Button component={Link} to={workOrderEditPath(wo.workOrderNumber)} variant="default" size="lg">
              Cancel
            </Button>
            <Button type="submit" size="lg" loading={create.isPending} leftSection={<IconFilePlus size={20} />}>
              Create Quote
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** `/quotes/create`: a quote for a work order, chosen by `?workOrderId=` (from the work order page) or by its number. */
export default function CreateQuotePage() {
  usePageTitle('New Quote');
  const [params, setParams] = useSearchParams();
  const raw = params.get('workOrderId');
  const workOrderId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>New Quote</Title>
      {raw !== null && workOrderId === null && (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          The address names no valid work order. Find one by its number.
        </Alert>
      )}
      {workOrderId === null ? <FindWorkOrder onFound={(id) => setParams({ workOrderId: String(id) })} /> : <CreateForm key={workOrderId} workOrderId={workOrderId} />}
    </Stack>
  );
}
