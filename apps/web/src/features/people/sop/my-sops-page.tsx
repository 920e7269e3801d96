import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconChecks, IconClipboardCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { SopNotificationDetail } from '@sm/shared';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { myCheckListQuery, mySopsQuery } from '../notices/notices-api';
import { MyNoticesPage } from './my-sop-page-parts';
import { useMySopActions } from './sop-api';
import { SopNoticeLinks } from './sop-notice-links';
import { SopStatusBadge } from './sop-status-badge';
import { formatDateTime } from '@sm/shared';

/** One SOP given to the caller: what it is and what to do, with Acknowledge. */
function SopCard({ sop }: { sop: SopNotificationDetail }) {
  const { acknowledge } = useMySopActions();
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={sop.sopName}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {sop.sopName}
            </Text>
            <Text size="sm" c="dimmed">
              {sop.sopType}
            </Text>
          </Stack>
          <SopStatusBadge status={sop.sopStatus} />
        </Group>
        {sop.description && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {sop.description}
          </Text>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            Given to you {formatDateTime(sop.createdDate)}
            {sop.modifiedDate && sop.modifiedDate > sop.createdDate ? `, changed ${formatDateTime(sop.modifiedDate)}` : ''}
          </Text>
          <Button
            size="sm"
            leftSection={<IconCheck size={16} />}
            loading={acknowledge.isPending}
            onClick={() => acknowledge.mutate(sop.sopDetailId, { onSuccess: () => notifySuccess(`You acknowledged ${sop.sopName}.`) })}
          >
            Acknowledge
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * `/notifications/sopNotifications`: the SOPs given to the signed-in person that they have not acknowledged yet
 * (spec platform 3.10), oldest first, each to read and acknowledge, or all at once.
 */
export default function MySopsPage() {
  usePageTitle('SOP Notifications');
  const sops = useQuery(mySopsQuery);
  const checkList = useQuery(myCheckListQuery);
  const { acknowledgeAll } = useMySopActions();
  const list = sops.data?.sopNotificationDetails ?? [];
  return (
    <MyNoticesPage
      title="SOP Notifications"
      description="Read each procedure given to you, then acknowledge it."
      action={
        list.length > 1 && (
          <Button
            variant="light"
            leftSection={<IconChecks size={16} />}
            loading={acknowledgeAll.isPending}
            onClick={() => acknowledgeAll.mutate(undefined, { onSuccess: () => notifySuccess(`You acknowledged ${list.length} SOPs.`) })}
          >
            Acknowledge All
          </Button>
        )
      }
      isPending={sops.isPending}
      error={sops.error}
      isEmpty={list.length === 0}
      empty={{ icon: <IconClipboardCheck size={28} />, title: 'No SOPs waiting', description: 'An SOP given to you shows here until you acknowledge it.' }}
      footer={<SopNoticeLinks title="Also waiting" sops={0} steps={checkList.data?.count ?? 0} />}
    >
      <Stack gap="sm">
        {list.map((sop) => (
          <SopCard key={sop.sopDetailId} sop={sop} />
        ))}
      </Stack>
    </MyNoticesPage>
  );
}
