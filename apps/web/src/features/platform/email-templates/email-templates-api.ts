import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplate, EmailTemplateInput, SendTemplateEmailInput } from '@sm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';

const ALL = ['emailTemplates'] as const;

/** Every e-mail template of the company, by name (the grid, and the pickers of the e-mail forms). */
export const emailTemplatesQuery = (enabled = true) =>
  queryOptions({
    queryKey: ALL,
    queryFn: ({ signal }) => apiGet<EmailTemplate[]>('EmailTemplates', { signal }),
    enabled,
  });

/** One template, for its edit page. */
export const emailTemplateQuery = (emailTemplateId: number) =>
  queryOptions({
    queryKey: [...ALL, emailTemplateId],
    queryFn: ({ signal }) => apiGet<EmailTemplate>(`EmailTemplates/${emailTemplateId}`, { signal }),
  });

/** Creating, changing and deleting templates; each refreshes the list (failures are toasted centrally). */
export function useEmailTemplateMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ALL });
  const create = useMutation({
    mutationFn: (body: EmailTemplateInput) => apiPost<EmailTemplate>('EmailTemplates', body),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ emailTemplateId, body }: { emailTemplateId: number; body: EmailTemplateInput }) => apiPut<EmailTemplate>(`EmailTemplates/${emailTemplateId}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (emailTemplateId: number) => apiDelete<{ emailTemplateId: number }>(`EmailTemplates/${emailTemplateId}`),
    onSuccess: refresh,
  });
  return { create, update, remove };
}

/** Sends the Email send form of /emailTemplate/sendEmail; the message is queued in the outbox. */
export function useSendTemplateEmail() {
  return useMutation({
    mutationFn: (body: SendTemplateEmailInput) => apiPost<{ emailOutboxId: number }>('EmailTemplates/send', body),
  });
}
