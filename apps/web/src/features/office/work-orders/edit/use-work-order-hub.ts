import { workOrderHubPath } from '@sm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectHub } from '../../../../lib/hub-connection';
import { WORK_ORDER_DETAILS_KEY } from './work-order-api';

/** Events that arrive together (a clock-in sends two) cause one read, not several. */
const COALESCE_MS = 250;

/**
 * Keeps an open work order page live through its hub (spec platform 4.7): any event about the work order (labor
 * started or stopped, status, materials, items, NTE) reads the page and its NTE meter again, and so does a
 * connection that comes back after a loss, for what it missed.
 */
export function useWorkOrderHub(workOrderId: number) {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hasBeenOnline = false;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void client.invalidateQueries({ queryKey: WORK_ORDER_DETAILS_KEY }), COALESCE_MS);
    };
    const hub = connectHub(workOrderHubPath(workOrderId), {
      message: refresh,
      state: (next) => {
        if (next !== 'online') return;
        if (hasBeenOnline) refresh();
        hasBeenOnline = true;
      },
    });
    return () => {
      clearTimeout(timer);
      hub.close();
    };
  }, [client, workOrderId]);
}
