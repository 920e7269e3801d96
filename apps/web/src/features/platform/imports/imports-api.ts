import { useQuery } from '@tanstack/react-query';
import type { ImportAnswer, ImportKind, ImportsAnswer } from '@sm/shared';
import { apiBlob, apiGet, apiPost, saveBlob } from '../../../lib/api';

export const IMPORTS_KEY = 'imports';

/** Uploads a file of the kind: the server reads and checks every row and answers the preview. */
export function uploadImport(kind: ImportKind, file: File): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost<ImportAnswer>(`Imports/${kind}`, form);
}

export const commitImport = (importId: number) => apiPost<ImportAnswer>(`Imports/${importId}/commit`);

/** The import's state, asked again every second while the job runner writes it. */
export function useImportProgress(importId: number | null, isRunning: boolean) {
  return useQuery({
    queryKey: [IMPORTS_KEY, importId],
    queryFn: () => apiGet<ImportAnswer>(`Imports/${importId}`),
    enabled: importId !== null && isRunning,
    refetchInterval: (q) => (q.state.data && (q.state.data.state === 'done' || q.state.data.state === 'failed') ? false : 1000),
  });
}

export const importsQuery = (skip: number, take: number) => ({
  queryKey: [IMPORTS_KEY, 'history', skip, take],
  queryFn: () => apiGet<ImportsAnswer>('Imports', { query: { skip, take } }),
});

/** Downloads the report of the import's rejected rows. */
export async function downloadRejected(importId: number, fileName: string) {
  saveBlob(await apiBlob(`Imports/${importId}/rejected.csv`), `${fileName.replace(/\.[^.]*$/, '')}-rejected.csv`);
}
