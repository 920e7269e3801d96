import { Alert, Anchor, Badge, Button, Card, Group, Loader, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingStore, IconClipboardList, IconSearch, IconUser } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { canRead, SEARCH_MIN_LENGTH, type SearchGroup, type SearchRecordsAnswer } from '@sm/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { apiGet } from '../../../lib/api';
import { useQueryParams } from '../../../lib/use-query-params';
import { useSignedIn } from '../../platform/auth/session-context';
import { isSearchable, searchRecordsQuery, searchTargets } from './search-api';
import { useSearchDebounce } from '../../../lib/debounce';

/** Rows of each group the page shows first; "Show more" asks for the next ones of that group alone. */
const PAGE = 10;

type Rows<G extends SearchGroup> = SearchRecordsAnswer[G];

interface GroupProps<G extends SearchGroup> {
  group: G;
  title: string;
  icon: ReactNode;
  q: string;
  first: Rows<G> | undefined;
  isLoading: boolean;
  render: (row: Rows<G>[number]) => ReactNode;
  keyOf: (row: Rows<G>[number]) => number;
}

/** One group of results with its own "Show more", which pages on through the same search, this group only. */
function ResultGroup<G extends SearchGroup>({ group, title, icon, q, first, isLoading, render, keyOf }: GroupProps<G>) {
  const [more, setMore] = useState<Rows<G>>([] as unknown as Rows<G>);
  const [isDone, setDone] = useState(false);
  const [isFetching, setFetching] = useState(false);
  useEffect(() => {
    setMore([] as unknown as Rows<G>);
    setDone(false);
  }, [q]);
  const rows = [...(first ?? []), ...more] as Rows<G>;
  const canAskMore = !isDone && rows.length >= PAGE && rows.length % PAGE === 0;
  const showMore = async () => {
    setFetching(true);
    try {
      const next = await apiGet<SearchRecordsAnswer>('Search/records', { query: { q, take: PAGE, skip: rows.length, only: group } });
      const added = next[group] as Rows<G>;
      setMore((m) => [...m, ...added] as Rows<G>);
      if (added.length < PAGE) setDone(true);
    } finally {
      setFetching(false);
    }
  };
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Group gap="xs" mb="sm">
        {icon}
        <Title order={3} size="h5">
          {title}
        </Title>
        {!isLoading && <Badge variant="light">{rows.length}{canAskMore ? '+' : ''}</Badge>}
      </Group>
      {isLoading ? (
        <Stack gap="xs">
          <Skeleton height={16} />
          <Skeleton height={16} width="70%" />
        </Stack>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No {title.toLowerCase()} found.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <li key={keyOf(row)}>{render(row)}</li>
          ))}
        </Stack>
      )}
      {canAskMore && (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => void showMore()} loading={isFetching} w="fit-content">
          Show more {title.toLowerCase()}
        </Button>
      )}
    </Card>
  );
}

/**
 * `/home/searchRecords?q=`: what the header's box found, in full, each group with links to its records; a group the
 * person may not read is left out.
 */
export default function SearchRecordsPage() {
  usePageTitle('Search');
  const [params, change] = useQueryParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const debounced = useSearchDebounce(typed);
  useEffect(() => setTyped(q), [q]);
  useEffect(() => {
    if (debounced.trim() !== q.trim()) change({ q: debounced.trim() || null }, { replace: true });
  }, [debounced, q, change]);

  const { access } = useSignedIn();
  const result = useQuery({ ...searchRecordsQuery(q, PAGE), placeholderData: keepPreviousData });
  const isLoading = isSearchable(q) && result.isPending;
  const data = result.data;

  return (
    <Stack gap="md" maw={1000}>
      <Stack gap={2}>
        <Title order={2}>Search</Title>
        <Text size="sm" c="dimmed">
          Work orders by number, problem or customer, customers by name, address or phone, contacts by name, phone or e-mail. Small typos are forgiven.
        </Text>
      </Stack>
      <TextInput
        leftSection={<IconSearch size={16} />}
        rightSection={result.isFetching ? <Loader size="xs" /> : null}
        placeholder="Search work orders, customers, contacts"
        aria-label="Search records"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        maw={520}
        maxLength={100}
        autoFocus
      />
      {!isSearchable(q) ? (
        <Text c="dimmed">Type at least {SEARCH_MIN_LENGTH} characters to search.</Text>
      ) : result.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="The search failed" role="alert">
          {result.error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          {data && data.workOrders.length + data.customers.length + data.contacts.length === 0 && (
            <Text c="dimmed" role="status">
              Nothing matches "{q}".
            </Text>
          )}
          {canRead(access, 'Work Orders') && (
            <ResultGroup
              group="workOrders"
              title="Work Orders"
              icon={<IconClipboardList size={18} />}
              q={q}
              first={data?.workOrders}
              isLoading={isLoading}
              keyOf={(w) => w.workOrderId}
              render={(w) => (
                <Group gap="xs" wrap="nowrap" align="baseline">
                  <Anchor component={Link} to={searchTargets.workOrder(w.workOrderNumber)} fw={600}>
                    {w.workOrderNumber}
                  </Anchor>
                  <Text size="sm" truncate>
                    {w.problem}
                  </Text>
                  <Text size="xs" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                    {w.customerName} · {w.status}
                  </Text>
                </Group>
              )}
            />
          )}
          {canRead(access, 'Customers') && (
            <ResultGroup
              group="customers"
              title="Customers"
              icon={<IconBuildingStore size={18} />}
              q={q}
              first={data?.customers}
              isLoading={isLoading}
              keyOf={(c) => c.customerId}
              render={(c) => (
                <Stack gap={0}>
                  <Anchor component={Link} to={searchTargets.customer(c.customerId)} fw={600}>
                    {c.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {[`${c.address}, ${c.city}`, c.phone].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
              )}
            />
          )}
          {canRead(access, 'Contacts') && (
            <ResultGroup
              group="contacts"
              title="Contacts"
              icon={<IconUser size={18} />}
              q={q}
              first={data?.contacts}
              isLoading={isLoading}
              keyOf={(c) => c.contactId}
              render={(c) => (
                <Stack gap={0}>
                  <Anchor component={Link} to={searchTargets.customer(c.customerId)} fw={600}>
                    {c.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {[c.customerName, c.phone, c.email].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
              )}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
