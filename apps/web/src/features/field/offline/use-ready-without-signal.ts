import { useQueryClient } from '@tanstack/react-query';
import { canWrite } from '@sm/shared';
import { useEffect } from 'react';
import { useSignedIn } from '../../platform/auth/session-context';
import { startViewDataQuery } from '../clock/clock-api';
import { preloadOnSitePages } from '../../office/work-orders/items/item-areas';
import { materialStatusesQuery } from '../../office/work-orders/items/items-api';

/**
 * While the work order page is open with signal, readies what the technician needs on site without it: the clock
 * dialog's form data (kept on the phone by its query), the material statuses, and the on-site pages' code. Only what
 * the user may use is asked for: a refused call would open the Unauthorized Access dialog.
 */
export function useReadyWithoutSignal(workOrderId: number | null): void {
  const queryClient = useQueryClient();
  const { access } = useSignedIn();
  const clocks = canWrite(access, 'Work Orders');
  const addsMaterials = canWrite(access, 'Materials');
  useEffect(() => {
    if (workOrderId === null || !navigator.onLine || !clocks) return;
    // Failures here change nothing on screen: the page works with signal either way.
    void queryClient.prefetchQuery(startViewDataQuery(workOrderId));
    if (addsMaterials) void queryClient.prefetchQuery(materialStatusesQuery);
    preloadOnSitePages().catch(() => undefined);
  }, [queryClient, workOrderId, clocks, addsMaterials]);
}
