import { Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, COLLECTION_WRITE, CREDIT_LIMIT_ACCESS, formatDate, moneyText, satisfies, type AgingAnswer, type AgingBucket } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyPanel, ListFooter, LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useSearchDebounce } from '../../../lib/debounce';
import { PHONE_QUERY } from '../../../lib/media';
import { useSignedIn } from '../../platform/auth/session-context';
import { AgingCards, AgingTable, type AgingSort } from './aging-grid';
import { agingQuery, type AgingRow } from './collections-api';
import { CreditDialog } from './credit-dialog';
import { SendStatementsButton } from './send-statements';

const PAGE_SIZE = 25;

type HoldFilter = 'all' | 'onHold' | 'notOnHold';

/** The totals at the top: everything owed, then each bucket; a bucket's card filters the grid to it. */
function BucketTotals({ totals, bucket, onBucket }: { totals: AgingAnswer['totals'] | undefined; bucket: AgingBucket | null; onBucket: (b: AgingBucket | null) => void }) {
  const cards: { key: AgingBucket | null; label: string; value: number | undefined }[] = [
    { key: null, label: 'Total owed', value: totals?.balance },
    ...AGING_BUCKETS.map((b) => ({ key: b, label: AGING_BUCKET_LABELS[b], value: totals?.[b] })),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" data-testid="bucket-totals">
      {cards.map((c) => {
        const active = c.key === bucket;
        const shown = active || (c.key === null && bucket === null);
        return (
          <UnstyledButton
            key={c.key ?? 'all'}
            onClick={() => onBucket(active || c.key === null ? null : c.key)}
            aria-pressed={c.key === null ? bucket === null : active}
          >
            <Paper withBorder radius="md" p="xs" bg={shown ? 'var(--mantine-color-blue-light)' : undefined} data-total={c.key ?? 'balance'}>
              <Text size="xs" c={shown ? undefined : 'dimmed'}>{c.label}</Text>
              <Text fw={700} size="lg">{c.value === undefined ? '…' : moneyText(c.value)}</Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * `/collection` (spec platform 2.1): receivables by billing customer, aged current, 1-30, 31-60, 61-90 and over 90 days
 * past due in the company's time zone, with the bucket totals of every matching customer at the top; filters by
 * bucket, over limit and hold, and a name search; a row opens the customer's open invoices (Process Payment for
 * Billing writers), and Credit sets the limit and hold for those with "Access Customer Credit Limit & OnHold".
 * "Send statements now" runs the nightly dunning at once, for Collection writers.
 */
export default function CollectionPage() {
  usePageTitle('Collections');
  const { access } = useSignedIn();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const mayEditCredit = satisfies(access, CREDIT_LIMIT_ACCESS);
  const maySend = satisfies(access, COLLECTION_WRITE);
  const [search, setSearch] = useState('');
  const [bucket, setBucket] = useState<AgingBucket | null>(null);
  const [overLimit, setOverLimit] = useState(false);
  // `?hold=onHold` (the company dashboard's link) opens on the customers on credit hold.
  const [params] = useSearchParams();
  const [hold, setHold] = useState<HoldFilter>(params.get('hold') === 'onHold' ? 'onHold' : 'all');
  const [sort, setSort] = useState<AgingSort>('customerName');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<AgingRow | null>(null);
  const typed = useSearchDebounce(search.trim());
  const aging = useQuery(
    agingQuery({
      search: typed || undefined, bucket: bucket ?? undefined, overLimit: overLimit ? 'true' : undefined,
      onHold: hold === 'all' ? undefined : hold === 'onHold' ? 'true' : 'false', sort, dir, take: String(PAGE_SIZE), skip: String((page - 1) * PAGE_SIZE),
    }),
  );
  const filtered = Boolean(typed || bucket || overLimit || hold !== 'all');
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  const onSort = (s: AgingSort) => {
    if (s === sort) setDir(dir === 'asc' ? 'desc' : 'asc');
    else {
      setSort(s);
      setDir(s === 'customerName' ? 'asc' : 'desc');
    }
    setPage(1);
  };
  const grid = { rows: aging.data?.data, sort, dir, onSort, openId, onToggle: (id: number) => setOpenId(openId === id ? null : id), onCredit: mayEditCredit ? setEditing : undefined };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>Collections</Title>
          <Text size="sm" c="dimmed">
            What each billing customer owes, by days past due{aging.data ? ` as of ${formatDate(aging.data.asOf)}` : ''}.
          </Text>
        </Stack>
        {maySend && <SendStatementsButton />}
      </Group>
      <BucketTotals totals={aging.data?.totals} bucket={bucket} onBucket={changed(setBucket)} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Customer"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => changed(setSearch)(e.currentTarget.value)}
          style={{ flex: isPhone ? '1 1 100%' : '0 1 260px' }}
        />
        <Select
          label="Bucket"
          data={[{ value: 'all', label: 'All buckets' }, ...AGING_BUCKETS.map((b) => ({ value: b, label: AGING_BUCKET_LABELS[b] }))]}
          value={bucket ?? 'all'}
          onChange={(v) => changed(setBucket)(v && v !== 'all' ? (v as AgingBucket) : null)}
          allowDeselect={false}
          w={isPhone ? '100%' : 170}
        />
        <Select
          label="Credit hold"
          data={[{ value: 'all', label: 'Everyone' }, { value: 'onHold', label: 'On hold' }, { value: 'notOnHold', label: 'Not on hold' }]}
          value={hold}
          onChange={(v) => changed(setHold)((v ?? 'all') as HoldFilter)}
          allowDeselect={false}
          w={isPhone ? '100%' : 150}
        />
        <Checkbox label="Over credit limit" checked={overLimit} onChange={(e) => changed(setOverLimit)(e.currentTarget.checked)} mb={8} />
      </Group>
      {aging.isError ? (
        <LoadFailed title="The receivables could not be read" error={aging.error} onRetry={() => void aging.refetch()} />
      ) : aging.data && aging.data.total === 0 ? (
        <div data-testid="aging-empty">
          <EmptyPanel
            title={filtered ? 'No customer matches these filters.' : 'Nothing is owed.'}
            hint={filtered ? 'Clear the search or choose another bucket.' : 'Customers appear here once an invoice is submitted and until it is paid.'}
          />
        </div>
      ) : (
        <Stack gap="xs" aria-busy={aging.isFetching}>
          {isPhone ? <AgingCards {...grid} /> : <AgingTable {...grid} />}
          <ListFooter total={aging.data?.total} pageSize={PAGE_SIZE} page={page} onPage={setPage} noun={(n) => (n === 1 ? 'customer' : 'customers')} />
        </Stack>
      )}
      {editing && <CreditDialog customer={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
