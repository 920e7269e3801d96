import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUserStatus, UserStatusOption } from '@sm/shared';
import { confirm } from '../../../components/confirm';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { keptSentence } from '../../../lib/offline/outbox';
import { SESSION_QUERY_KEY, type Session } from '../../platform/auth/session-api';
import { currentUserStatusQuery, hasTimeSheetEntry, statusChangeLabel, updateUserStatus } from './user-status-api';

/**
 * Changing the work status (spec platform 4.2): warn when today's time sheet already has this status, ask a
 * description when the status needs one, then save. Resolves null when the user backs out. On success the
 * label everywhere (picker, session claims) follows and a toast confirms.
 */
export function useChangeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: UserStatusOption): Promise<{ saved: CurrentUserStatus; kept: boolean } | null> => {
      if (await hasTimeSheetEntry(status.userStatusId)) {
        const goOn = await confirm({
          message: `You already have a time sheet entry for ${status.userStatus} today. Change anyway?`,
        });
        if (!goOn) return null;
      }
      let description: string | undefined;
      if (status.needsDescription) {
        // The description form loads when a status needs it, not with the header of every page.
        const { askStatusDescription } = await import('./ask-description');
        const text = await askStatusDescription(status.userStatus);
        if (text === null) return null;
        description = text;
      }
      return updateUserStatus(status, description);
    },
    onSuccess: (answer) => {
      if (!answer) return;
      const { saved, kept } = answer;
      queryClient.setQueryData(currentUserStatusQuery.queryKey, saved);
      queryClient.setQueryData<Session>(SESSION_QUERY_KEY, (session) =>
        session
          ? { ...session, user: { ...session.user, userStatusId: saved.userStatusId, userStatus: saved.userStatus } }
          : session,
      );
      if (kept) notifyInfo(keptSentence(statusChangeLabel(saved.userStatus)));
      else notifySuccess(`Your status is now ${saved.userStatus ?? 'updated'}.`);
    },
  });
}
