import { Alert, Anchor, Badge, Button, Drawer, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconLifebuoy, IconMail, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { FlagReminder, WriteUp } from '@sm/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { apiGet } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useIsPhone } from '../../field/clock/clock-modal';
import { SopNoticeLinks, useMySopCounts } from '../sop/sop-notice-links';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import { PAY_RAISE_PATHS } from '../pay-raises/pay-raises-areas';
import { flagRemindersQuery, myPayRaiseNoticesQuery, myWriteUpsQuery, useNoticeActions } from './notices-api';
import { formatDateTime } from '@sm/shared';

interface Manager {
  managerId: number;
  managerName: string;
  phone: string | null;
  email: string | null;
}

const managersQuery = { queryKey: ['notices', 'managers'], queryFn: () => apiGet<Manager[]>('FlagReminder/managerDetails'), staleTime: 5 * 60_000 };


/** One notice: the work order and flag, what to be reminded of, and Acknowledge or Ask for Help. */
function NoticeCard({ notice, onOpen }: { notice: FlagReminder; onOpen: () => void }) {
  const { acknowledge, askHelp } = useNoticeActions();
  const [isAsking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const title = `Work order ${notice.workOrderNumber}: ${notice.workOrderFlagName}`;
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} to={workOrderEditPath(notice.workOrderNumber)} fw={600} onClick={onOpen}>
            Work order {notice.workOrderNumber}
          </Anchor>
          <Badge color="orange" variant="light" tt="none">
            {notice.workOrderFlagName}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {notice.reminderDescription}
        </Text>
        <Text size="xs" c="dimmed">
          Reminder for {formatDateTime(notice.flagReminderTime)}
          {notice.isHelpRequested ? ' · help asked for' : ''}
        </Text>
        {isAsking && (
          <Textarea
            label="What do you need?"
            autosize
            maxLength={1000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-autofocus
          />
        )}
        <Group gap="xs" justify="flex-end">
          {isAsking ? (
            <>
              <Button variant="default" size="xs" onClick={() => setAsking(false)}>
                Cancel
              </Button>
              <Button
                size="xs"
                leftSection={<IconLifebuoy size={14} />}
                loading={askHelp.isPending}
                onClick={() =>
                  askHelp.mutate(
                    { flagReminderId: notice.flagReminderId, message },
                    { onSuccess: () => (setAsking(false), notifySuccess('Your team leaders were asked for help.')) },
                  )
                }
              >
                Send
              </Button>
            </>
          ) : (
            <Button variant="default" size="xs" leftSection={<IconLifebuoy size={14} />} onClick={() => setAsking(true)}>
              Ask for Help
            </Button>
          )}
          <Button size="xs" leftSection={<IconCheck size={14} />} loading={acknowledge.isPending} onClick={() => acknowledge.mutate(notice.flagReminderId)}>
            Acknowledge
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One write-up: whom it is of, who wrote it and about what, with Dismiss. */
function WriteUpCard({ writeUp, onOpen }: { writeUp: WriteUp; onOpen: () => void }) {
  const { dismissWriteUp } = useNoticeActions();
  const title = `Write-up of ${writeUp.userName}`;
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{title}</Text>
          <Badge color="red" variant="light" tt="none">
            Write-up #{writeUp.notificationCount}
          </Badge>
        </Group>
        {writeUp.workOrderNumber && (
          <Text size="sm">
            <Anchor component={Link} to={workOrderEditPath(writeUp.workOrderNumber)} onClick={onOpen}>
              Work order {writeUp.workOrderNumber}
            </Anchor>
            {writeUp.flagName ? ` · ${writeUp.flagName}` : ''}
          </Text>
        )}
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {writeUp.writeUpDescription}
        </Text>
        <Text size="xs" c="dimmed">
          By {writeUp.managerName ?? 'a former manager'} on {formatDateTime(writeUp.createdDate)}
          {writeUp.modifiedDate ? `, changed ${formatDateTime(writeUp.modifiedDate)}` : ''}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button size="xs" leftSection={<IconCheck size={14} />} loading={dismissWriteUp.isPending} onClick={() => dismissWriteUp.mutate(writeUp.writeUpId)}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Whom to call about a reminder: the caller's team leaders. */
function Managers() {
  const managers = useQuery(managersQuery);
  if (!managers.data?.length) return null;
  return (
    <Stack gap={4} component="section" aria-label="My managers">
      <Title order={3} size="h6">
        My managers
      </Title>
      {managers.data.map((m) => (
        <Group key={m.managerId} gap="sm" wrap="wrap">
          <Text size="sm" fw={500}>
            {m.managerName}
          </Text>
          {m.phone && (
            <Anchor href={`tel:${m.phone}`} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
              <IconPhone size={14} aria-hidden />
              {m.phone}
            </Anchor>
          )}
          {m.email && (
            <Anchor href={`mailto:${m.email}`} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
              <IconMail size={14} aria-hidden />
              {m.email}
            </Anchor>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** One kind of notice, under its heading when there are any. */
function NoticeGroup({ title, children }: { title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The notices panel (spec platform 2.7): links to the SOPs and checklist steps waiting, flag reminders waiting to be
 * acknowledged and write-ups waiting to be dismissed, oldest first, and whom to call.
 */
export default function NoticesDrawer({ onClose }: { onClose: () => void }) {
  const isPhone = useIsPhone();
  const reminders = useQuery(flagRemindersQuery);
  const writeUps = useQuery(myWriteUpsQuery);
  const sop = useMySopCounts();
  const payRaises = useQuery(myPayRaiseNoticesQuery);
  const payRaiseCount = payRaises.data?.count ?? 0;
  const failed = reminders.error ?? writeUps.error ?? sop.error ?? payRaises.error;
  const reminderList = reminders.data ?? [];
  const writeUpList = writeUps.data?.writeUps ?? [];
  return (
    <Drawer opened onClose={onClose} title="Notices" position="right" size={isPhone ? '100%' : 'md'}>
      <Stack gap="md">
        {reminders.isPending || writeUps.isPending || sop.isPending || payRaises.isPending ? (
          <Group justify="center" py="lg">
            <Loader size="sm" role="status" aria-label="Loading notices" />
          </Group>
        ) : failed ? (
          <Alert color="red" role="alert">
            {failed.message}
          </Alert>
        ) : reminderList.length + writeUpList.length + sop.sops + sop.steps + payRaiseCount === 0 ? (
          <Text c="dimmed" size="sm">
            No notices waiting. Flag reminders of your work orders, write-ups, SOPs and pay raises for you appear here when they are due.
          </Text>
        ) : (
          <>
            <SopNoticeLinks title="SOPs" sops={sop.sops} steps={sop.steps} onFollow={onClose} />
            {payRaiseCount > 0 && (
              <Stack gap={4} component="section" aria-label="Pay raises">
                <Title order={3} size="h6">
                  Pay raises
                </Title>
                <Anchor component={Link} to={PAY_RAISE_PATHS.notifications} onClick={onClose} size="sm" fw={500}>
                  Pay raises to answer, sign or read: {payRaiseCount}
                </Anchor>
              </Stack>
            )}
            <NoticeGroup title="Flag reminders">{reminderList.map((n) => <NoticeCard key={n.flagReminderId} notice={n} onOpen={onClose} />)}</NoticeGroup>
            <NoticeGroup title="Write-ups">{writeUpList.map((w) => <WriteUpCard key={w.writeUpId} writeUp={w} onOpen={onClose} />)}</NoticeGroup>
          </>
        )}
        <Managers />
      </Stack>
    </Drawer>
  );
}
