import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_HUB_PATH, type NoticePayload } from '@sm/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { connectHub, type HubState } from '../../../lib/hub-connection';
import { notifyWarning } from '../../../lib/notify';
import { COLLECTION_TASKS_KEY } from '../../money/collections/collection-tasks-api';
import { FLAG_REMINDERS_KEY, flagRemindersQuery, myCheckListQuery, mySopsQuery, MY_WRITE_UPS_KEY, myWriteUpsQuery, myPayRaiseNoticesQuery, PAY_RAISE_NOTICES_KEY, SOP_NOTICES_KEY } from './notices-api';

/** What a pay-raise notice says, by why it came: never a pay figure. */
const PAY_RAISE_TOASTS = {
  approve: (name: string) => `A raise for ${name} waits for your answer.`,
  sign: () => 'Your raise was approved: open the notices to sign it.',
  decided: (name: string) => `The raise you asked for ${name} was answered.`,
  signed: (name: string) => `${name} signed the raise.`,
} as const;

/** What a labor-correction notice says: a request to the office, or its answer to the technician. */
const LABOR_CORRECTION_TOASTS = {
  Pending: (name: string, workOrderNumber: string) => `${name} asks for a correction of labor on work order ${workOrderNumber}: open Timesheets to answer.`,
  Approved: (_name: string, workOrderNumber: string) => `Your correction of labor on work order ${workOrderNumber} was approved.`,
  Declined: (_name: string, workOrderNumber: string) => `Your correction of labor on work order ${workOrderNumber} was declined: the entry says why.`,
} as const;

const NoticesDrawer = lazy(() => import('./notices-drawer'));

/**
 * Reads the notices again whenever the notifications hub says one arrived, and says so in a toast; answers whether the
 * hub is connected.
 */
function useNoticesHub(): HubState {
  const client = useQueryClient();
  const [hubState, setHubState] = useState<HubState>('connecting');
  useEffect(() => {
    // Attempts to connect: after the first, what arrived while none was open is read again once one is.
    let attempts = 0;
    const hub = connectHub(NOTIFICATIONS_HUB_PATH, {
      message: (m) => {
        if (m.event !== 'notice') return;
        const notice = m.payload as NoticePayload;
        if (notice.kind === 'writeUp') {
          void client.invalidateQueries({ queryKey: MY_WRITE_UPS_KEY });
          notifyWarning(`A write-up of ${notice.employeeName}: open the notices to read it.`, { title: 'Write-up' });
          return;
        }
        if (notice.kind === 'sop') {
          void client.invalidateQueries({ queryKey: SOP_NOTICES_KEY });
          notifyWarning(`The SOP "${notice.sopName}" was given to you: open the notices to acknowledge it.`, { title: 'SOP' });
          return;
        }
        if (notice.kind === 'laborCorrection') {
          void client.invalidateQueries({ queryKey: ['laborCorrections'] });
          void client.invalidateQueries({ queryKey: ['payroll'] });
          void client.invalidateQueries({ queryKey: ['workOrder', 'details'] });
          notifyWarning(LABOR_CORRECTION_TOASTS[notice.status](notice.technicianName, notice.workOrderNumber), { title: 'Fix time' });
          return;
        }
        if (notice.kind === 'creditHold') {
          void client.invalidateQueries({ queryKey: ['billing', 'collection'] });
          const orders = `${notice.workOrders} work order${notice.workOrders === 1 ? '' : 's'}`;
          notifyWarning(notice.isOnHold ? `${notice.customerName} was put on credit hold: ${orders} moved to Credit Hold.` : `${notice.customerName} is off credit hold: ${orders} returned to their status.`, { title: 'Credit hold' });
          return;
        }
        if (notice.kind === 'collectionTasks') {
          void client.invalidateQueries({ queryKey: COLLECTION_TASKS_KEY });
          notifyWarning(`${notice.count} collection task${notice.count === 1 ? ' was' : 's were'} given to you: open Collection Tasks.`, { title: 'Collection tasks' });
          return;
        }
        if (notice.kind === 'quoteAnswer') {
          void client.invalidateQueries({ queryKey: ['quotes'] });
          void client.invalidateQueries({ queryKey: ['workOrder', 'details'] });
          const said = notice.decision === 'Approved' ? 'approved' : 'declined';
          notifyWarning(`${notice.contactName} of ${notice.customerName} ${said} quote ${notice.quoteNumber} in the customer portal.`, { title: `Quote ${said}` });
          return;
        }
        if (notice.kind === 'serviceRequest') {
          void client.invalidateQueries({ queryKey: ['workOrder', 'office'] });
          const photos = notice.photoCount > 0 ? ` with ${notice.photoCount} photo${notice.photoCount === 1 ? '' : 's'}` : '';
          notifyWarning(`${notice.contactName} of ${notice.customerName} requested service in the customer portal: work order ${notice.workOrderNumber}${photos}.`, { title: 'Service request' });
          return;
        }
        if (notice.kind === 'customerAccessRequest') {
          void client.invalidateQueries({ queryKey: ['customerUsers', notice.customerId] });
          notifyWarning(`${notice.name} of ${notice.customerName} asked for a sign-in to the customer portal: grant or decline it on the customer's page.`, { title: 'Customer access' });
          return;
        }
        if (notice.kind === 'payRaise') {
          void client.invalidateQueries({ queryKey: PAY_RAISE_NOTICES_KEY });
          notifyWarning(PAY_RAISE_TOASTS[notice.noticeKind](notice.employeeName), { title: 'Pay raise' });
          return;
        }
        void client.invalidateQueries({ queryKey: FLAG_REMINDERS_KEY });
        notifyWarning(`Flag reminder for work order ${notice.workOrderNumber}: open the notices to read it.`, { title: 'Flag reminder' });
      },
      state: (s) => {
        setHubState(s);
        if (s === 'connecting') attempts++;
        if (s === 'online' && attempts > 1) void client.invalidateQueries({ queryKey: ['notices'] });
      },
    });
    return () => hub.close();
  }, [client]);
  return hubState;
}

/**
 * The header's bell: how many flag reminders, SOPs and checklist steps wait to be acknowledged and write-ups to be dismissed, live through the
 * notifications hub, and the notices panel it opens (loaded when first opened). While the hub is offline its tooltip
 * says new notices show on the next visit; `data-hub` holds the hub's state.
 */
export function NoticesBell() {
  const hubState = useNoticesHub();
  const reminders = useQuery(flagRemindersQuery);
  const writeUps = useQuery(myWriteUpsQuery);
  const sops = useQuery(mySopsQuery);
  const payRaises = useQuery(myPayRaiseNoticesQuery);
  const checkList = useQuery(myCheckListQuery);
  const [opened, setOpened] = useState(false);
  const count = (reminders.data?.length ?? 0) + (writeUps.data?.count ?? 0) + (sops.data?.sopNotificationDetails.length ?? 0) + (checkList.data?.count ?? 0) + (payRaises.data?.count ?? 0);
  // "None waiting" only once every list has answered: before, a notice may still be on its way.
  const loading = [reminders, writeUps, sops, payRaises, checkList].some((q) => q.isPending);
  const label = loading ? 'Notices: loading' : count === 0 ? 'Notices: none waiting' : `Notices: ${count} waiting`;
  return (
    <>
      <Tooltip label={hubState === 'offline' ? `${label} (not live: new notices show when the connection is back)` : label}>
        <ActionIcon
          variant={count > 0 ? 'light' : 'subtle'}
          color={count > 0 ? 'orange' : undefined}
          size="lg"
          onClick={() => setOpened(true)}
          aria-label={label}
          pos="relative"
          data-hub={hubState}
        >
          <IconBell size={20} />
          {count > 0 && (
            <span
              aria-hidden
              data-testid="notices-count"
              style={{
                position: 'absolute', top: -4, right: -4, minWidth: 18, height: 18, padding: '0 4px', borderRadius: 9, fontSize: 11, fontWeight: 700,
                lineHeight: '18px', textAlign: 'center', color: 'white', background: 'var(--mantine-color-red-8)',
              }}
            >
              {count}
            </span>
          )}
        </ActionIcon>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <NoticesDrawer onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
