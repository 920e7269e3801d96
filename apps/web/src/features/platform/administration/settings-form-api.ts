import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsFormKey, SettingsValues } from '@sm/shared';
import { apiGet, apiPut } from '../../../lib/api';

const formKey = (key: SettingsFormKey) => ['settingsForm', key] as const;

/** The company's values of one settings form. */
export function settingsFormQuery(key: SettingsFormKey) {
  return queryOptions({
    queryKey: formKey(key),
    queryFn: ({ signal }) => apiGet<SettingsValues>(`Settings/${key}`, { signal }),
  });
}

/** Saving a settings form; the answer replaces what the page shows (failures are toasted centrally). */
export function useSaveSettingsForm(key: SettingsFormKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiPut<SettingsValues>(`Settings/${key}`, body),
    onSuccess: (saved) => client.setQueryData(formKey(key), saved),
  });
}
