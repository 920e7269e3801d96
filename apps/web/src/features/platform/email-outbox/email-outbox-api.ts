import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailOutboxDetail, EmailOutboxRow, EmailOutboxSettings, GridRequest, SendTestEmailBody } from '@sm/shared';
import type { GridPage } from '../../../components/data-grid';
import { apiGet, apiPost } from '../../../lib/api';

/** Every outbox query starts with this key; a resend or a test message refreshes them all. */
export const EMAIL_OUTBOX_KEY = 'emailOutbox';
export const outboxGridKey = [EMAIL_OUTBOX_KEY, 'list'] as const;

/** One page of the outbox grid. */
export function fetchOutboxPage(request: GridRequest, signal?: AbortSignal) {
  return apiPost<GridPage<EmailOutboxRow>>('EmailOutbox/list', request, { signal });
}

/** Whether a mail server is configured, and the sender of the company's messages. */
export const outboxSettingsQuery = queryOptions({
  queryKey: [EMAIL_OUTBOX_KEY, 'settings'],
  queryFn: ({ signal }) => apiGet<EmailOutboxSettings>('EmailOutbox/settings', { signal }),
  staleTime: 5 * 60_000,
});

/** One message with its bodies and attachments' names. */
export function outboxMessageQuery(emailOutboxId: number) {
  return queryOptions({
    queryKey: [EMAIL_OUTBOX_KEY, 'message', emailOutboxId],
    queryFn: ({ signal }) => apiGet<EmailOutboxDetail>(`EmailOutbox/${emailOutboxId}`, { signal }),
    staleTime: 0,
  });
}

/** Sends a failed or uncertain message again. */
export function useResendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (emailOutboxId: number) => apiPost<EmailOutboxDetail>(`EmailOutbox/${emailOutboxId}/resend`),
    onSuccess: () => client.invalidateQueries({ queryKey: [EMAIL_OUTBOX_KEY] }),
  });
}

/** Queues the short test message of the "Send test e-mail" button. */
export function useSendTestEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendTestEmailBody) => apiPost<EmailOutboxDetail>('EmailOutbox/test', body),
    onSuccess: () => client.invalidateQueries({ queryKey: [EMAIL_OUTBOX_KEY] }),
  });
}
