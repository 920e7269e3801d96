import { Anchor, Badge, Card, Center, Group, Loader, SimpleGrid, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin, IconPhone, IconSearch, IconUserSearch } from '@tabler/icons-react';
import { addressLineOf, CUSTOMER_LOOKUP_MAX_TAKE, type CustomerLookupRow } from '@sm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel';
import { usePageTitle } from '../../../components/use-page-title';
import { useQueryParams } from '../../../lib/use-query-params';
import { customerPath } from './customer-paths';
import { customerLookupQuery } from './customers-api';
import { useSearchDebounce } from '../../../lib/debounce';

function ResultCard({ c }: { c: CustomerLookupRow }) {
  return (
    <Card withBorder radius="md" padding="sm" component={Link} to={customerPath(c.customerId)} aria-label={c.name} style={{ textDecoration: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} c="brand" style={{ overflowWrap: 'anywhere' }}>
            {c.name}
          </Text>
          {c.isOnCreditHold && (
            <Badge color="red" variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
              Credit hold
            </Badge>
          )}
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Text size="sm" c="dimmed">
            {addressLineOf(c) || 'No address'}
          </Text>
        </Group>
        {c.phone && (
          <Group gap={6} wrap="nowrap">
            <IconPhone size={16} style={{ flexShrink: 0 }} aria-hidden />
            <Text size="sm" c="dimmed">
              {c.phone}
            </Text>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {c.billingCustomerName ? `Billed to ${c.billingCustomerName}` : 'Billing customer'}
        </Text>
      </Stack>
    </Card>
  );
}

function Hint({ title, text }: { title: string; text: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" ta="center" maw={420}>
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconUserSearch size={28} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

/** `/customer/look-up`: one search box (name, address or phone, 400 ms after the last key); results open the customer. */
export default function CustomerLookUpPage() {
  usePageTitle('Customer Look-Up');
  const [params, change] = useQueryParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useSearchDebounce(search.trim());
  const query = useQuery({ ...customerLookupQuery({ search: debounced, take: CUSTOMER_LOOKUP_MAX_TAKE }), enabled: debounced !== '', placeholderData: keepPreviousData });
  // The search stays in the address, so Back returns to the same results.
  useEffect(() => {
    change({ search: debounced || null }, { replace: true });
  }, [debounced, change]);

  const rows = debounced ? query.data : undefined;
  let body;
  if (!debounced) body = <Hint title="Find a customer" text="Type part of a name, an address or a phone number." />;
  else if (query.isError) body = <ErrorPanel title="The search failed" message={query.error.message} />;
  else if (!rows)
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label="Searching">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={120} radius="md" />
        ))}
      </SimpleGrid>
    );
  else if (rows.length === 0) body = <Hint title="No customers found" text={`Nothing matches "${debounced}". Check the spelling, or search by phone or street.`} />;
  else
    body = (
      <Stack gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {rows.length === CUSTOMER_LOOKUP_MAX_TAKE ? `The first ${rows.length} matches` : `${rows.length} ${rows.length === 1 ? 'match' : 'matches'}`}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" role="list" aria-label="Customers found">
          {rows.map((c) => (
            <div role="listitem" key={c.customerId}>
              <ResultCard c={c} />
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    );

  return (
    <Stack gap="md" maw={1100} w="100%">
      <Stack gap={2}>
        <Title order={2}>Customer Look-Up</Title>
        <Text size="sm" c="dimmed">
          Search customers by name, address or phone. Or see{' '}
          <Anchor component={Link} to="/customer" size="sm" underline="always">
            all customers
          </Anchor>
          .
        </Text>
      </Stack>
      <TextInput
        size="md"
        placeholder="Name, address or phone"
        aria-label="Search customers"
        leftSection={<IconSearch size={18} />}
        rightSection={query.isFetching ? <Loader size="xs" /> : null}
        value={search}
        maxLength={100}
        onChange={(e) => setSearch(e.currentTarget.value)}
        autoFocus
      />
      {body}
    </Stack>
  );
}
