import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { SopCheckListNotification } from '@sm/shared';
import { usePageTitle } from '../../../components/use-page-title';
import { myCheckListQuery, mySopsQuery } from '../notices/notices-api';
import { MyNoticesPage } from './my-sop-page-parts';
import { useMySopActions } from './sop-api';
import { SopNoticeLinks } from './sop-notice-links';
import { formatDateTime } from '@sm/shared';

/** The steps waiting, SOP by SOP, in the order the server lists them. */
function bySop(steps: SopCheckListNotification[]) {
  const groups = new Map<number, SopCheckListNotification[]>();
  for (const step of steps) groups.set(step.sopDetailId, [...(groups.get(step.sopDetailId) ?? []), step]);
  return [...groups.values()];
}

/** One step to do, with Done. */
function StepRow({ step }: { step: SopCheckListNotification }) {
  const { markDone } = useMySopActions();
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" py={6} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {step.checklistItem}
      </Text>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCheck size={14} />}
        loading={markDone.isPending}
        onClick={() => markDone.mutate(step.checkListNotificationId)}
        aria-label={`Done: ${step.checklistItem}`}
        style={{ flexShrink: 0 }}
      >
        Done
      </Button>
    </Group>
  );
}

/** The steps of one SOP waiting for the caller. */
function SopSteps({ steps }: { steps: SopCheckListNotification[] }) {
  const first = steps[0];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={first.sopName}>
      <Stack gap={4}>
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {first.sopName}
        </Title>
        <Text size="xs" c="dimmed" mb={4}>
          {steps.length === 1 ? '1 step' : `${steps.length} steps`} to do · given {first.registeredUserName ? `by ${first.registeredUserName} ` : ''}on{' '}
          {formatDateTime(first.createdDate)}
        </Text>
        {steps.map((step) => (
          <StepRow key={step.checkListNotificationId} step={step} />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * `/notifications/taskListNotifications`: the checklist steps of the SOPs given to the signed-in person that they have
 * not done yet (spec platform 3.11), SOP by SOP, each marked done on its own.
 */
export default function MyCheckListPage() {
  usePageTitle('Checklist Notifications');
  const checkList = useQuery(myCheckListQuery);
  const sops = useQuery(mySopsQuery);
  const steps = checkList.data?.checkListNotifications ?? [];
  return (
    <MyNoticesPage
      title="Checklist Notifications"
      description="The steps of the SOPs given to you: mark each one done when you have done it."
      isPending={checkList.isPending}
      error={checkList.error}
      isEmpty={steps.length === 0}
      empty={{ icon: <IconListCheck size={28} />, title: 'No checklist steps waiting', description: 'The steps of an SOP given to you show here until you mark them done.' }}
      footer={<SopNoticeLinks title="Also waiting" sops={sops.data?.sopNotificationDetails.length ?? 0} steps={0} />}
    >
      <Stack gap="sm">
        {bySop(steps).map((group) => (
          <SopSteps key={group[0].sopDetailId} steps={group} />
        ))}
      </Stack>
    </MyNoticesPage>
  );
}
