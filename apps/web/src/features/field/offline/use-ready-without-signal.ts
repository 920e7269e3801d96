import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startViewDataQuery } from '../clock/clock-api';
import { preloadOnSitePages } from '../../office/work-orders/items/item-areas';
import { materialStatusesQuery } from '../../office/work-orders/items/items-api';

/**
 * While the work order page is open with signal, readies what the technician needs on site without it: the clock
 * dialog's form data (kept on the phone by its query), the material statuses, and the on-site pages' code.
 */
export function useReadyWithoutSignal(workOrderId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (workOrderId === null || !navigator.onLine) return;
    // Failures here change nothing on screen: the page works with signal either way.
    void queryClient.prefetchQuery(startViewDataQuery(workOrderId));
    void queryClient.prefetchQuery(materialStatusesQuery);
    preloadOnSitePages().catch(() => undefined);
  }, [queryClient, workOrderId]);
}
