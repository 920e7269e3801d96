import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useProviderCheckOutGate } from '../providers/use-provider-check-out-gate';
import { startViewDataQuery, stopViewDataQuery, type StartViewData } from './clock-api';

/** Says whether the caller waits for the server (true) or for the technician, in the provider's wizard (false). */
type SetWaiting = (isWaiting: boolean) => void;

/**
 * How Stop loads (spec platform 4.3, 7.1): the stop view data first, which says whether the work order is checked
 * in at the facilities provider; if it is, the provider's check-out wizard comes first (render `dialog` beside the
 * button); then the stop form's data, with the wizard's Corrigo status and comment. `loadStopView` answers null when the technician cancelled the check-out or a
 * request failed (the QueryClient's error toast has said why).
 */
export function useStopView(): { loadStopView: (workOrderId: number, setWaiting: SetWaiting) => Promise<StartViewData | null>; dialog: ReactNode } {
  const queryClient = useQueryClient();
  const providerCheckOut = useProviderCheckOutGate();

  const loadStopView = async (workOrderId: number, setWaiting: SetWaiting) => {
    const gate = await queryClient.fetchQuery(stopViewDataQuery(workOrderId)).catch(() => null);
    if (!gate) return null;
    setWaiting(false);
    const passed = await providerCheckOut.passCheckOut(gate);
    if (!passed) return null;
    setWaiting(true);
    const view = await queryClient.fetchQuery(startViewDataQuery(workOrderId)).catch(() => null);
    // The Stop dialog's Corrigo fields start from what the technician chose in the wizard.
    return view && passed.corrigoChoice ? { ...view, corrigoChoice: passed.corrigoChoice } : view;
  };

  return { loadStopView, dialog: providerCheckOut.dialog };
}
