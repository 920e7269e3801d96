import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { WORK_ORDER_STATUS, type GridRequest } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AreaDefinition } from '../../../areas/area-types';
import { LoadFailed } from '../../../components/table-states';
import { flagRemindersQuery, myCheckListQuery, myPayRaiseNoticesQuery, mySopsQuery, myWriteUpsQuery } from '../../people/notices/notices-api';
import { PAY_RAISE_PATHS } from '../../people/pay-raises/pay-raises-areas';
import { SOP_PATHS } from '../../people/sop/sop-paths';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { fetchMyWorkOrders } from '../../office/work-orders/work-orders-api';

/** A block of the home page: a titled region, so a screen reader lists it among the page's landmarks. */
export function HomeBlock({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
        {footer}
      </Stack>
    </Card>
  );
}

function LoadingLines({ label }: { label: string }) {
  return (
    <Stack gap={6} role="status" aria-busy aria-label={label}>
      <Skeleton height={14} />
      <Skeleton height={14} />
      <Skeleton height={14} width="60%" />
    </Stack>
  );
}

/** The statuses after which a work order waits for nobody in the field. */
const DONE_STATUSES = [WORK_ORDER_STATUS.Completed, WORK_ORDER_STATUS.Billed, WORK_ORDER_STATUS.InvoiceSubmitted, 22, 25];
const HOME_WORK_ORDERS = 5;
const OPEN_WORK_ORDERS: GridRequest = {
  take: HOME_WORK_ORDERS,
  skip: 0,
  filter: { logic: 'and', filters: DONE_STATUSES.map((value) => ({ field: 'workOrderStatusId', operator: 'neq' as const, value })) },
};

/** The technician's open work orders, newest first, from the same query as My Work Orders. */
export function MyWorkOrdersBlock({ area }: { area: AreaDefinition }) {
  const mine = useQuery({ queryKey: ['home', 'myOpenWorkOrders'], queryFn: ({ signal }) => fetchMyWorkOrders(OPEN_WORK_ORDERS, signal) });
  const total = mine.data?.total ?? 0;
  const footer = (
    <Anchor component={Link} to={area.path} size="sm">
      All my work orders
    </Anchor>
  );
  return (
    <HomeBlock title="My open work orders" footer={footer}>
      {mine.isPending ? (
        <LoadingLines label="Loading your work orders" />
      ) : mine.isError ? (
        <LoadFailed title="Your work orders could not be read" error={mine.error} onRetry={() => void mine.refetch()} />
      ) : mine.data.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No open work order is assigned to you.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {total === 1 ? 'One is open.' : `${total} are open${total > HOME_WORK_ORDERS ? `; the newest ${HOME_WORK_ORDERS}` : ''}.`}
          </Text>
          <Stack component="ul" gap="xs" aria-label="My open work orders" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {mine.data.data.map((row) => (
              <li key={row.workOrderId}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Anchor component={Link} to={workOrderEditPath(row.workOrderNumber)} fw={600}>
                    {row.workOrderNumber}
                  </Anchor>
                  <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
                    {row.status}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" truncate="end">
                  {row.customerName} · {row.problem}
                </Text>
              </li>
            ))}
          </Stack>
        </>
      )}
    </HomeBlock>
  );
}

/** A short list of links with what each page is for: the user's boards, or where they usually go. */
export function AreaLinks({ areas, label }: { areas: readonly AreaDefinition[]; label: string }) {
  return (
    <Stack component="ul" gap={4} aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {areas.map((area) => {
        const Icon = area.icon;
        return (
          <li key={area.path}>
            <Anchor component={Link} to={area.path} underline="never" c="inherit" display="block" py={4}>
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size="md" variant="light" aria-hidden>
                  <Icon size={16} />
                </ThemeIcon>
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} size="sm" c="var(--mantine-primary-color-filled)">
                    {area.label}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {area.description}
                  </Text>
                </Stack>
                <IconChevronRight size={14} aria-hidden />
              </Group>
            </Anchor>
          </li>
        );
      })}
    </Stack>
  );
}

interface Waiting {
  key: string;
  text: string;
  to?: string;
}

/** What waits for the user in the notices (the bell's own queries): each kind with its count and where to answer it. */
export function WaitingBlock() {
  const reminders = useQuery(flagRemindersQuery);
  const writeUps = useQuery(myWriteUpsQuery);
  const sops = useQuery(mySopsQuery);
  const checkList = useQuery(myCheckListQuery);
  const payRaises = useQuery(myPayRaiseNoticesQuery);
  const queries = [reminders, writeUps, sops, checkList, payRaises];
  const raises = payRaises.data?.payRaiseNotificationDetails ?? [];
  const toSign = raises.filter((r) => r.noticeKind === 'sign').length;
  const toAnswer = raises.filter((r) => r.noticeKind === 'approve').length;
  const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
  const items: Waiting[] = [
    { key: 'sops', n: sops.data?.sopNotificationDetails.length ?? 0, one: 'SOP to acknowledge', many: 'SOPs to acknowledge', to: SOP_PATHS.myNotifications },
    { key: 'steps', n: checkList.data?.count ?? 0, one: 'checklist step to do', many: 'checklist steps to do', to: SOP_PATHS.myCheckList },
    { key: 'sign', n: toSign, one: 'pay raise to sign', many: 'pay raises to sign', to: PAY_RAISE_PATHS.notifications },
    { key: 'answer', n: toAnswer, one: 'pay raise to answer', many: 'pay raises to answer', to: PAY_RAISE_PATHS.notifications },
    { key: 'reminders', n: reminders.data?.length ?? 0, one: 'flag reminder (in the notices)', many: 'flag reminders (in the notices)' },
    { key: 'writeUps', n: writeUps.data?.count ?? 0, one: 'write-up to read (in the notices)', many: 'write-ups to read (in the notices)' },
  ]
    .filter((item) => item.n > 0)
    .map(({ key, n, one, many, to }) => ({ key, text: plural(n, one, many), to }));
  const failed = queries.find((q) => q.isError);
  return (
    <HomeBlock title="Waiting for you">
      {queries.some((q) => q.isPending) ? (
        <LoadingLines label="Loading your notices" />
      ) : failed?.error ? (
        <LoadFailed title="Your notices could not be read" error={failed.error} onRetry={() => queries.forEach((q) => void q.refetch())} />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing waits for you.
        </Text>
      ) : (
        <Stack component="ul" gap={4} aria-label="Waiting for you" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <li key={item.key}>
              {item.to ? (
                <Anchor component={Link} to={item.to} size="sm">
                  {item.text}
                </Anchor>
              ) : (
                <Text size="sm">{item.text}</Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </HomeBlock>
  );
}
