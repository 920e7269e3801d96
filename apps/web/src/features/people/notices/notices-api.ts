import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlagReminder, PayRaiseNotifications, SopCheckList, SopNotifications, WriteUpAndCount } from '@sm/shared';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

/** The caller's flag reminder notices not yet acknowledged (spec platform 3.8). */
export const FLAG_REMINDERS_KEY = ['notices', 'flagReminders'] as const;
export const flagRemindersQuery = {
  queryKey: FLAG_REMINDERS_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<FlagReminder[]>('FlagReminder/getFlagReminders', { signal }),
  staleTime: 60_000,
};

/** The write-ups waiting for the caller to dismiss them (spec platform 3.9). */
export const MY_WRITE_UPS_KEY = ['notices', 'writeUps'] as const;
export const myWriteUpsQuery = {
  queryKey: MY_WRITE_UPS_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<WriteUpAndCount>('FlagReminder/writeUpAndCount', { signal }),
  staleTime: 60_000,
};

/** The SOPs and checklist steps waiting for the caller (spec platform 3.10, 3.11): every query of them starts with this key. */
export const SOP_NOTICES_KEY = ['notices', 'sop'] as const;
export const MY_SOPS_KEY = [...SOP_NOTICES_KEY, 'sops'] as const;
export const mySopsQuery = {
  queryKey: MY_SOPS_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<SopNotifications>('SOPDetails/getNotificationDetails', { signal }),
  staleTime: 60_000,
};
export const MY_CHECK_LIST_KEY = [...SOP_NOTICES_KEY, 'checkList'] as const;
export const myCheckListQuery = {
  queryKey: MY_CHECK_LIST_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<SopCheckList>('SOPDetails/getSOPCheckListNotificationDetails', { signal }),
  staleTime: 60_000,
};

/** The caller's pay-raise notices (spec platform 3.12): every query of them starts with this key. */
export const PAY_RAISE_NOTICES_KEY = ['notices', 'payRaise'] as const;
export const myPayRaiseNoticesQuery = {
  queryKey: [...PAY_RAISE_NOTICES_KEY, 'mine'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<PayRaiseNotifications>('Payroll/getPayRaiseNotificationDetails', { signal }),
  staleTime: 60_000,
};

/** Acknowledges a notice, or asks for help with it; either answers the caller's notices as they are now. */
export function useNoticeActions() {
  const client = useQueryClient();
  const settle = (list: FlagReminder[]) => client.setQueryData(FLAG_REMINDERS_KEY, list);
  const acknowledge = useMutation({
    mutationFn: (flagReminderId: number) => apiPost<FlagReminder[]>('FlagReminder/updateFlagReminder', { flagReminderId, isAcknowledged: true }),
    onSuccess: settle,
  });
  const askHelp = useMutation({
    mutationFn: (body: { flagReminderId: number; message: string }) => apiPost<FlagReminder[]>('FlagReminder/flagReminderHelp', body),
    onSuccess: settle,
  });
  const dismissWriteUp = useMutation({
    mutationFn: (writeUpId: number) => apiPut<WriteUpAndCount>('FlagReminder/dismissedWriteUp', { writeUpId }),
    onSuccess: (answer) => client.setQueryData(MY_WRITE_UPS_KEY, answer),
  });
  return { acknowledge, askHelp, dismissWriteUp };
}
