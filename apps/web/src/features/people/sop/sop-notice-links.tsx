import { Anchor, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { myCheckListQuery, mySopsQuery } from '../notices/notices-api';
import { SOP_PATHS } from './sop-paths';

/** How many SOPs and checklist steps wait for the caller, read with the bell's own queries. */
export function useMySopCounts() {
  const sops = useQuery(mySopsQuery);
  const checkList = useQuery(myCheckListQuery);
  return {
    sops: sops.data?.sopNotificationDetails.length ?? 0,
    steps: checkList.data?.count ?? 0,
    isPending: sops.isPending || checkList.isPending,
    error: sops.error ?? checkList.error,
  };
}

/** Links to the caller's SOPs and checklist steps waiting, each shown when some wait; nothing when none does. */
export function SopNoticeLinks({ title, sops, steps, onFollow }: { title: string; sops: number; steps: number; onFollow?: () => void }) {
  if (sops + steps === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {sops > 0 && (
        <Anchor component={Link} to={SOP_PATHS.myNotifications} onClick={onFollow} size="sm" fw={500}>
          SOPs to acknowledge: {sops}
        </Anchor>
      )}
      {steps > 0 && (
        <Anchor component={Link} to={SOP_PATHS.myCheckList} onClick={onFollow} size="sm" fw={500}>
          Checklist steps: {steps}
        </Anchor>
      )}
    </Stack>
  );
}
