import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredFile } from '@sm/shared';
import { apiGet, apiPost } from '../../../lib/api';
import { sendOrKeep, type Outcome } from '../../../lib/offline/outbox';

/** The files of a folder (`workOrders/{id}`, `customers/{id}`), with signed thumbnail addresses. */
export const folderFilesQuery = (folder: string) =>
  queryOptions({
    queryKey: ['files', folder],
    queryFn: ({ signal }) => apiGet<StoredFile[]>('Files/list', { signal, query: { folder } }),
    // Thumbnail addresses are signed for 15 minutes: fetch anew well before they expire.
    staleTime: 60_000,
    refetchInterval: 10 * 60_000,
  });

/** Uploads files into a folder (multipart field `files`) and answers them at once (a picture placed in a text). */
export function uploadFiles(folder: string, files: File[]) {
  return apiPost<StoredFile[]>('Files/upload', formOf(files), { query: { folder } });
}

function formOf(files: File[]): FormData {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  return form;
}

/** What an upload is called in the list of actions waiting to send. */
export const uploadLabel = (files: File[]) => (files.length === 1 ? `Upload ${files[0]!.name}` : `Upload ${files.length} files`);

/**
 * Uploads files into a folder through the outbox: a photo taken without signal is kept on
 * the phone and sent when the network returns. A work order's folder names the work order, for the waiting list.
 */
export function uploadFilesKept(folder: string, files: File[]): Promise<Outcome<StoredFile[]>> {
  const workOrder = /^workOrders\/(\d+)$/.exec(folder);
  return sendOrKeep<StoredFile[]>({
    method: 'POST',
    path: `Files/upload?${new URLSearchParams({ folder }).toString()}`,
    body: formOf(files),
    label: uploadLabel(files),
    workOrderId: workOrder ? Number(workOrder[1]) : undefined,
    action: 'upload',
  });
}

/** A short-lived signed address of one file, to open or download it. */
export const fileUrl = (path: string) => apiGet<{ url: string; expiresAt: string | null }>('Files/getFileUrl', { query: { path } });

/** Rename and delete in a folder; each refreshes the folder's list when it is done. */
export function useFolderMutations(folder: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['files', folder] });
  const rename = useMutation({
    mutationFn: (v: { oldName: string; newName: string }) => apiPost<{ file: StoredFile }>('Files/rename', { folder, ...v }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (name: string) => apiPost<{ deleted: string[] }>('Files/delete', { fileNames: [name] }, { query: { folder } }),
    onSettled: refresh,
    // The failure is shown by the tile (it returns to UPDATED) and by the one error toast.
  });
  return { rename, remove, refresh };
}

/** `1.2 MB`, `340 kB`, `12 B`. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} kB`;
  return `${n} B`;
}
