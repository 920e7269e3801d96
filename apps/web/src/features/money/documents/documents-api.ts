import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentKind, DocumentTemplate, DocumentTemplateInput } from '@sm/shared';
import { apiGet, apiPut } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/** The company's template for its quotes or invoices (the product's defaults until it saves one). */
export const documentTemplateQuery = (kind: DocumentKind) =>
  queryOptions({
    queryKey: ['documentTemplates', kind],
    queryFn: () => apiGet<DocumentTemplate>(`DocumentTemplates/${kind}`),
  });

export function useSaveDocumentTemplate(kind: DocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentTemplateInput) => apiPut<DocumentTemplate>(`DocumentTemplates/${kind}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(documentTemplateQuery(kind).queryKey, saved);
      notifySuccess('Template saved');
    },
  });
}
