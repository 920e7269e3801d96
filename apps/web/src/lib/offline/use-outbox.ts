import { useSyncExternalStore } from 'react';
import { outboxEntries, subscribeOutbox, type OutboxEntry } from './outbox';

/** The signed-in user's actions waiting to be sent or refused, oldest first; re-renders when they change. */
export function useOutbox(): readonly OutboxEntry[] {
  return useSyncExternalStore(subscribeOutbox, outboxEntries);
}

/** Waiting (not refused) actions of one work order, oldest first. */
export function useWaitingActions(workOrderId: number): OutboxEntry[] {
  return useOutbox().filter((e) => e.workOrderId === workOrderId && e.state === 'waiting');
}
