import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  COLLECTION_PATH, COLLECTION_READ, COMPANY_ATTENTION_DAYS, INTACCT_BILLING_READ, INTACCT_PATHS, moneyText, satisfies, TIMESHEET_ALL,
  type CompanyAttentionKey, type Requirement,
} from '@sm/shared';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { longDay } from '../../field/boards/board-format';
import { useSignedIn } from '../../platform/auth/session-context';
import { EMAIL_OUTBOX_PATH, EMAIL_OUTBOX_REQUIREMENT } from '../../platform/email-outbox/email-outbox-paths';
import { USERS_PATH, USERS_READ } from '../../platform/users-admin/users-admin-paths';
import { TIMESHEETS_PATH } from '../../people/payroll/clock-conflicts-notice';
import { BoardHeader } from './board-header';
import { Empty, Figure, Section } from './dashboard-parts';
import { companyDashboardQuery, type CompanyDashboardAnswer } from './role-boards-api';

const DAYS = `in the last ${COMPANY_ATTENTION_DAYS} days`;

/** What each count of the attention list says, and the page where it is worked (linked for those who may open it). */
const ATTENTION: Record<CompanyAttentionKey, { label: string; detail: string; link?: { to: string; requirement: Requirement } }> = {
  postingsFailed: { label: 'Accounting postings stopped', detail: 'Invoices and payments the accounting system refused', link: { to: `${INTACCT_PATHS.syncLog}?status=failed`, requirement: INTACCT_BILLING_READ } },
  emailsFailed: { label: 'E-mails not delivered', detail: `Refused or unconfirmed by the mail server ${DAYS}`, link: { to: EMAIL_OUTBOX_PATH, requirement: EMAIL_OUTBOX_REQUIREMENT } },
  providerRefusals: { label: 'Provider calls refused', detail: `Check-ins and check-outs ServiceChannel or Corrigo refused ${DAYS}` },
  laborCorrections: { label: 'Fix-time requests waiting', detail: 'Technicians asking to correct their time', link: { to: TIMESHEETS_PATH, requirement: TIMESHEET_ALL } },
  invitationsPending: { label: 'Invitations not accepted', detail: 'Users who have not chosen a password yet', link: { to: USERS_PATH, requirement: USERS_READ } },
  creditHolds: { label: 'Customers on credit hold', detail: 'No new work until released', link: { to: `${COLLECTION_PATH}?hold=onHold`, requirement: COLLECTION_READ } },
  jobsFailed: { label: 'Background jobs failed', detail: `Nightly rules and statement runs that failed ${DAYS}` },
};

function Attention({ items }: { items: CompanyDashboardAnswer['attention'] }) {
  const { access } = useSignedIn();
  const waiting = items.filter((i) => i.count > 0);
  if (waiting.length === 0) return <Empty text="Nothing needs your attention." />;
  return (
    <Stack gap="xs" role="list" aria-label="Needs attention">
      {waiting.map(({ key, count }) => {
        const { label, detail, link } = ATTENTION[key];
        return (
          <Group key={key} justify="space-between" wrap="nowrap" gap="sm" role="listitem" data-testid={`attention-${key}`}>
            <Stack gap={0}>
              {link && satisfies(access, link.requirement) ? (
                <Anchor component={Link} to={link.to} size="sm" fw={600}>
                  {label}
                </Anchor>
              ) : (
                <Text size="sm" fw={600}>
                  {label}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {detail}
              </Text>
            </Stack>
            <Badge color="orange" variant="light" size="lg" aria-label={`${count} ${label.toLowerCase()}`}>
              {count}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}

function UsersByRole({ users }: { users: CompanyDashboardAnswer['users'] }) {
  if (users.byRole.length === 0) return <Empty text="No active user has a role." />;
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" aria-label="Active users by role">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Role</Table.Th>
          <Table.Th ta="right">Users</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.byRole.map((r) => (
          <Table.Tr key={r.role}>
            <Table.Th scope="row" fw={500}>
              {r.role}
            </Table.Th>
            <Table.Td ta="right">{r.count}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * `/administration/dashboard` (spec platform 2.1, the Dashboard permission area): the whole company today: the field
 * now, work opened, money invoiced and past due, what needs an administrator's attention, and its users by role, live.
 */
export default function CompanyDashboardPage() {
  usePageTitle('Company Dashboard');
  const query = useQuery(companyDashboardQuery);
  const d = query.data;
  return (
    <Stack gap="md" maw={1200} w="100%">
      <BoardHeader title="Company Dashboard" subtitle={d ? longDay(d.today) : 'The company at a glance'} onRefresh={() => void query.refetch()} isFetching={query.isFetching} />
      {query.isPending && <PageLoader label="Loading the company dashboard" />}
      {query.isError && !d && <LoadFailed title="The company dashboard could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {d && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Figure label="Working now" value={`${d.field.working} of ${d.field.technicians}`} detail="Clocked in on a work order, of the field technicians" />
            <Figure label="Hours today" value={`${d.field.hoursToday} h`} detail="Clocked on work orders so far today" />
            <Figure label="Open work orders" value={String(d.field.openWorkOrders)} detail={`${d.field.openedToday} opened today, ${d.field.openedThisWeek} this week`} />
            <Figure label="Quotes waiting" value={String(d.money.quotesWaiting)} detail="Neither approved nor rejected yet" />
            <Figure label="Invoiced this month" value={moneyText(d.money.invoicedThisMonth)} detail={`${moneyText(d.money.invoicedLastMonth)} last month`} />
            <Figure label="Past due" value={moneyText(d.money.pastDue)} detail={`Owed past terms by ${plural(d.money.pastDueCustomers, 'customer')}`} />
            <Figure label="Active users" value={String(d.users.active)} detail="Who can sign in or has been invited" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title="Needs attention">
              <Attention items={d.attention} />
            </Section>
            <Section title="Users by role">
              <UsersByRole users={d.users} />
            </Section>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
