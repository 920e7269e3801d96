/**
 * A wake-up call inside one process: an enqueue (or a resend) rings it so that this process's outbox worker looks
 * for due messages now rather than at its next poll. Other processes find the message by polling.
 */
const listeners = new Set<() => void>();

/** Calls `listener` whenever a message is enqueued in this process; answers how to stop listening. */
export function onOutboxSignal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this process's workers that a message may be due. */
export function signalOutbox(): void {
  for (const listener of listeners) listener();
}
