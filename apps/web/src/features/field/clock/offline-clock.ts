import type { ClockInBody, ClockOutAndStartBody, ClockOutBody, StartViewData } from '@sm/shared';
import { ApiError } from '../../../lib/api';
import { put, readOne, STORES } from '../../../lib/offline/offline-db';
import { outboxEntries, sendOrKeep, type AnswerRef, type OutboxEntry } from '../../../lib/offline/outbox';

/**
 * The clock without signal. The clock dialog's form data is kept on the phone each time it loads, so Start and Stop
 * still open when the network is gone; what the technician did since (a start or a stop still waiting to be sent)
 * decides which of the two opens. A stop of a labor whose start is still waiting names that start: the outbox fills in
 * the labor's id from the start's answer when both are sent.
 */

/** The labor id of a stop whose start is still waiting on the phone: the outbox fills it in. */
export const WAITING_LABOR_ID = -1;

const cacheKey = (workOrderId: number) => `clockView:${workOrderId}`;

/** Keeps the form data just read for when the network is gone. */
export async function keepViewData(workOrderId: number, view: StartViewData): Promise<void> {
  await put(STORES.cache, { key: cacheKey(workOrderId), view }).catch(() => undefined);
}

const CLOCK_ACTIONS = new Set(['clockIn', 'clockOut', 'clockOutAndStart']);

/** Whether the technician's last waiting clock action leaves him on this work order (true), off it (false), or none waits (null). */
export function waitingClockState(entries: readonly OutboxEntry[], workOrderId: number): { open: boolean; entry: OutboxEntry } | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.state !== 'waiting' || !CLOCK_ACTIONS.has(e.action)) continue;
    if (e.action === 'clockOutAndStart' && e.startsWorkOrderId === workOrderId) return { open: true, entry: e };
    if (e.workOrderId !== workOrderId) continue;
    return { open: e.action === 'clockIn', entry: e };
  }
  return null;
}

/**
 * The form data when the network is gone: the last one read on this phone, turned to stop mode after a waiting start
 * and to start mode after a waiting stop. Throws a sentence when this work order was never opened here.
 */
export async function offlineViewData(workOrderId: number): Promise<StartViewData> {
  const kept = await readOne<{ key: string; view: StartViewData }>(STORES.cache, cacheKey(workOrderId));
  if (!kept) throw new ApiError(0, 'No signal, and this work order was not opened on this phone before: try again when the network returns.');
  const waiting = waitingClockState(outboxEntries(), workOrderId);
  if (!waiting) return kept.view;
  return waiting.open
    ? { ...kept.view, stopMode: true, hasOpenWorkOrderLabor: true, newWorkOrderLabor: null, workOrderLaborId: WAITING_LABOR_ID }
    : { ...kept.view, stopMode: false, hasOpenWorkOrderLabor: false, newWorkOrderLabor: null, workOrderLaborId: null };
}

/** The labor a stop closes: its id, or, when its start still waits on the phone, a reference to that start's answer. */
function laborOf(workOrderId: number, workOrderLaborId: number): number | AnswerRef {
  if (workOrderLaborId !== WAITING_LABOR_ID) return workOrderLaborId;
  const waiting = waitingClockState(outboxEntries(), workOrderId);
  if (!waiting?.open) throw new ApiError(409, 'The start of this labor was not recorded, so it cannot be stopped. Open the work order again.');
  return { $answerOf: waiting.entry.key, field: 'workOrderLaborId' };
}

export interface ClockAnswer {
  workOrderLaborId: number;
  providerWarning?: string;
}

/** Clock in through the outbox. `kept` when it waits for the network. */
export async function sendClockIn(body: ClockInBody, workOrderNumber: string) {
  return sendOrKeep<ClockAnswer>({
    method: 'POST', path: 'WOStartStop/clockInWorkOrder', body, label: `Start work order ${workOrderNumber}`, workOrderId: body.workOrderId, action: 'clockIn',
  });
}

/** Clock out through the outbox. */
export async function sendClockOut(body: ClockOutBody, workOrderNumber: string) {
  const sent = { ...body, workOrderLaborId: laborOf(body.workOrderId, body.workOrderLaborId) };
  return sendOrKeep<ClockAnswer>({
    method: 'POST', path: 'WOStartStop/clockOutWorkOrder', body: sent, label: `Stop work order ${workOrderNumber}`, workOrderId: body.workOrderId, action: 'clockOut',
  });
}

/** Stop one work order and start the next, through the outbox. */
export async function sendClockOutAndStart(body: ClockOutAndStartBody, labels: { from: string; to: string }) {
  const sent = { ...body, workOrderLaborId: laborOf(body.workOrderId, body.workOrderLaborId) };
  return sendOrKeep<{ newWorkOrderId: number; newWorkOrderNumber: string; workOrderLaborId: number; providerWarning?: string }>({
    method: 'POST',
    path: 'WOStartStop/clockOutAndStartWorkOrder',
    body: sent,
    label: `Stop ${labels.from} / Start ${labels.to}`,
    workOrderId: body.workOrderId,
    startsWorkOrderId: body.newWorkOrderId,
    action: 'clockOutAndStart',
  });
}
