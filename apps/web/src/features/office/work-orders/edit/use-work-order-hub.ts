import { workOrderHubPath } from '@sm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectRefreshingHub } from '../../../../lib/hub-connection';
import { WORK_ORDER_DETAILS_KEY } from './work-order-api';

/**
 * Keeps an open work order page live through its hub (spec platform 4.7): any event about the work order (labor
 * started or stopped, status, materials, items, NTE) reads the page and its NTE meter again, and so does a
 * connection made, for what was sent before it was open.
 */
export function useWorkOrderHub(workOrderId: number) {
  const client = useQueryClient();
  useEffect(() => {
    const hub = connectRefreshingHub(workOrderHubPath(workOrderId), () => void client.invalidateQueries({ queryKey: WORK_ORDER_DETAILS_KEY }));
    return () => hub.close();
  }, [client, workOrderId]);
}
