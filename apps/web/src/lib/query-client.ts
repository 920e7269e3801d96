import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { notifyError } from './notify';

/** What a query or mutation may tell the global error handler. */
export interface ErrorMeta extends Record<string, unknown> {
  /** The caller shows the error itself (sign-in form, token refresh): no toast. */
  silent?: boolean;
  /** Keep the toast until closed. */
  persistentError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/** A call that never reached the server (no signal, server unreachable): fetch rejects with a TypeError. */
export const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/** What a write that is not kept on the phone says when the network is gone. */
export const NO_NETWORK_MESSAGE = 'No network: this was not saved. Try again when the network returns.';

/**
 * The one place failed calls become toasts. 401 logs out and 403 opens the Unauthorized Access dialog,
 * so neither toasts; everything else shows the mapped sentence.
 */
export function toastError(error: unknown, meta?: ErrorMeta): void {
  if (meta?.silent) return;
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const message = isNetworkFailure(error) ? NO_NETWORK_MESSAGE : error instanceof Error ? error.message : String(error);
  notifyError(message, { persistent: meta?.persistentError });
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 && failureCount < 1;
  return failureCount < 1;
}

/** Builds the app's QueryClient (one per app; tests may build their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => toastError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      // A write runs even without network: the technician's actions are then kept on the phone (lib/offline/outbox.ts),
      // and any other write says at once that it was not saved rather than waiting silently for the network.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The app's one QueryClient. */
export const queryClient = createQueryClient();
