import { Anchor, Text } from '@mantine/core';
import { ESTIMATES_READ, satisfies } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSignedIn } from '../../platform/auth/session-context';
import { workOrderEstimateQuery } from './estimates-api';
import { estimateViewPath } from './estimates-paths';

/** "From estimate #1001" on a work order made from an estimate, linking back to it; nothing otherwise. */
export function EstimateOriginLink({ workOrderId }: { workOrderId: number }) {
  const { access } = useSignedIn();
  const mayRead = satisfies(access, ESTIMATES_READ);
  const query = useQuery({ ...workOrderEstimateQuery(workOrderId), enabled: mayRead });
  const estimate = query.data;
  if (!mayRead || !estimate?.customerEstimateId) return null;
  return (
    <Text size="sm" c="dimmed">
      From{' '}
      <Anchor component={Link} to={estimateViewPath(estimate.customerEstimateId)} size="sm" data-testid="work-order-estimate">
        estimate #{estimate.estimateNumber}
      </Anchor>
    </Text>
  );
}
