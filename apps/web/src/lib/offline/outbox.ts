import { ApiError, API_BASE, errorMessageFor } from '../api';
import { emitApiEvent } from '../api-events';
import { getToken } from '../token-store';
import { put, readAll, readOne, remove, STORES } from './offline-db';

/**
 * The technician's actions that must not be lost without signal (clock in and out, status, materials, photos,
 * signature). Each is written to the phone's store first, with an idempotency key and the device's time, then sent
 * in the order it was made; the server applies a key once, so sending again after a timeout, a reload or a crash
 * changes nothing. Without network an action waits, and the page says how many do; when the network returns they are
 * sent in order. An action the server refuses while nobody waits on it stays listed with the server's sentence until
 * the technician dismisses it (the office sees the same conflict on its side).
 */

/** A multipart body as the store can keep it: FormData is not storable, its entries are. */
type FormEntry = [name: string, value: string | Blob, fileName?: string];
export type OutboxBody = { kind: 'json'; value: unknown } | { kind: 'form'; entries: FormEntry[] } | { kind: 'none' };

/** A body value filled in when sent: a field of the answer to an earlier action (the labor a queued start opened). */
export interface AnswerRef {
  $answerOf: string;
  field: string;
}

export interface OutboxEntry {
  seq?: number;
  /** The Idempotency-Key header. */
  key: string;
  /** The user the action belongs to: only that user's session sends it. */
  owner: number;
  /** GET too: the spec's status change is `GET User/updatestatus/{id}`. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: OutboxBody;
  /** When the technician did it, by the phone's clock (ISO). */
  deviceTime: string;
  /** What it is, for the list of waiting actions ("Start work order 1042"). */
  label: string;
  /** The work order it concerns, so that page can show the action as done. */
  workOrderId?: number;
  /** The work order a stop-and-start opens labor on. */
  startsWorkOrderId?: number;
  /** Kind of action (clockIn, clockOut…), for the pages that show waiting actions as done. */
  action: string;
  state: 'waiting' | 'refused';
  /** The server's sentence when refused. */
  refusal?: string;
}

export type NewAction = Pick<OutboxEntry, 'method' | 'path' | 'label' | 'workOrderId' | 'startsWorkOrderId' | 'action'> & { body?: unknown; key?: string };

/** What became of an action the caller waited on. */
export type Outcome<T> = { sent: true; answer: T } | { sent: false; key: string };

let owner: number | null = null;
let entries: OutboxEntry[] = [];
const listeners = new Set<() => void>();
/** Keys whose caller waits for the answer: a refusal is thrown to it instead of being listed. */
const awaited = new Map<string, (result: { answer?: unknown; error?: ApiError; kept?: true }) => void>();

function emit() {
  for (const listener of listeners) listener();
}

async function reload() {
  const all = await readAll<OutboxEntry>(STORES.outbox);
  entries = owner === null ? [] : all.filter((e) => e.owner === owner);
  emit();
}

/** Subscribes to changes of the waiting and refused actions (for useSyncExternalStore). */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's waiting and refused actions, oldest first. */
export function outboxEntries(): readonly OutboxEntry[] {
  return entries;
}

/** Sets whose actions are sent (the signed-in user; null when signed out) and sends what waits. */
export function setOutboxOwner(userId: number | null): void {
  if (owner === userId) return;
  owner = userId;
  void reload().then(() => flushOutbox());
}

const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''));

function storable(body: unknown): OutboxBody {
  if (body === undefined) return { kind: 'none' };
  if (body instanceof FormData) {
    const list: FormEntry[] = [];
    body.forEach((value, name) => list.push(typeof value === 'string' ? [name, value] : [name, value, value.name]));
    return { kind: 'form', entries: list };
  }
  return { kind: 'json', value: body };
}

/**
 * Keeps the action on the phone and sends it after whatever waits before it. Resolves with the answer when it was
 * sent, throws the server's refusal as an ApiError, or resolves `{ sent: false }` when it must wait for the network.
 */
export async function sendOrKeep<T>(action: NewAction): Promise<Outcome<T>> {
  if (owner === null) throw new Error('Sign in before recording work.');
  const entry: OutboxEntry = {
    key: action.key ?? newKey(),
    owner,
    method: action.method,
    path: action.path,
    body: storable(action.body),
    deviceTime: new Date().toISOString(),
    label: action.label,
    workOrderId: action.workOrderId,
    startsWorkOrderId: action.startsWorkOrderId,
    action: action.action,
    state: 'waiting',
  };
  const result = new Promise<{ answer?: unknown; error?: ApiError; kept?: true }>((resolve) => awaited.set(entry.key, resolve));
  entry.seq = Number(await put(STORES.outbox, entry));
  await reload();
  // A round already under way may have read the list before this action was added: then a second round sends it.
  await flushOutbox();
  if (awaited.has(entry.key)) await flushOutbox();
  resolveCaller(entry.key, { kept: true });
  const { answer, error, kept } = await result;
  if (error) throw error;
  return kept ? { sent: false, key: entry.key } : { sent: true, answer: answer as T };
}

/** Removes a refused action from the list once the technician has read it. */
export async function dismissOutboxEntry(seq: number): Promise<void> {
  await remove(STORES.outbox, seq);
  await reload();
}

async function resolveRefs(value: unknown): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map(resolveRefs));
  if (value === null || typeof value !== 'object') return value;
  const ref = value as Partial<AnswerRef>;
  if (typeof ref.$answerOf === 'string' && typeof ref.field === 'string') {
    const stored = await readOne<{ key: string; answer: Record<string, unknown> }>(STORES.answers, ref.$answerOf);
    if (!stored) throw new ApiError(409, 'The action this one depended on was not recorded, so this one was not sent.');
    return stored.answer[ref.field];
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = await resolveRefs(v);
  return out;
}

async function requestOf(entry: OutboxEntry, token: string): Promise<RequestInit> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
    'Idempotency-Key': entry.key,
    'X-Device-Time': entry.deviceTime,
  };
  if (entry.body.kind === 'json') {
    headers['Content-Type'] = 'application/json';
    return { method: entry.method, headers, body: JSON.stringify(await resolveRefs(entry.body.value)) };
  }
  if (entry.body.kind === 'form') {
    const form = new FormData();
    for (const [name, value, fileName] of entry.body.entries) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, fileName);
    }
    return { method: entry.method, headers, body: form };
  }
  return { method: entry.method, headers };
}

/** Network gone, or the server briefly unavailable (restarting behind a proxy, overloaded): try again later. */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;

type SendResult = { state: 'sent'; answer: unknown } | { state: 'refused'; error: ApiError } | { state: 'kept' } | { state: 'signedOut' };

async function sendOne(entry: OutboxEntry): Promise<SendResult> {
  const token = getToken();
  if (!token) return { state: 'signedOut' };
  let init: RequestInit;
  try {
    init = await requestOf(entry, token);
  } catch (err) {
    if (err instanceof ApiError) return { state: 'refused', error: err };
    throw err;
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${entry.path.replace(/^\/+/, '')}`, init);
  } catch {
    return { state: 'kept' };
  }
  const raw = await response.text().catch(() => '');
  let parsed: unknown = raw;
  try {
    parsed = raw === '' ? undefined : JSON.parse(raw);
  } catch {
    /* a text answer */
  }
  if (response.ok) return { state: 'sent', answer: parsed };
  if (response.status === 401) {
    emitApiEvent('unauthorized');
    return { state: 'signedOut' };
  }
  if (isTransient(response.status)) return { state: 'kept' };
  return { state: 'refused', error: new ApiError(response.status, errorMessageFor(response.status, parsed), parsed) };
}

let flushing: Promise<void> | null = null;

/** Sends the waiting actions in order until one must wait; refused ones are set aside with their sentence. */
export function flushOutbox(): Promise<void> {
  flushing ??= flushInOrder().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function flushInOrder(): Promise<void> {
  for (;;) {
    const all = await readAll<OutboxEntry>(STORES.outbox);
    const next = all.find((e) => e.owner === owner && e.state === 'waiting');
    if (!next || next.seq === undefined) break;
    const result = await sendOne(next);
    const caller = awaited.get(next.key);
    if (result.state === 'kept' || result.state === 'signedOut') {
      // Everything after it waits too: they are sent in order. Callers waiting on any of them hear "kept".
      for (const e of all) if (e.state === 'waiting') resolveCaller(e.key, { kept: true });
      break;
    }
    if (result.state === 'sent') {
      await put(STORES.answers, { key: next.key, answer: result.answer ?? {} });
      await remove(STORES.outbox, next.seq);
      resolveCaller(next.key, { answer: result.answer });
    } else if (caller) {
      // The technician is looking at the form that sent it: the sentence goes there, nothing stays listed.
      await remove(STORES.outbox, next.seq);
      resolveCaller(next.key, { error: result.error });
    } else {
      await put(STORES.outbox, { ...next, state: 'refused', refusal: result.error.message });
    }
    await reload();
  }
  await reload();
  if (entries.every((e) => e.state !== 'waiting')) await forgetAnswers();
}

function resolveCaller(key: string, result: { answer?: unknown; error?: ApiError; kept?: true }) {
  const resolve = awaited.get(key);
  if (!resolve) return;
  awaited.delete(key);
  resolve(result);
}

/** Answers are kept only while a waiting action may refer to them. */
async function forgetAnswers() {
  const answers = await readAll<{ key: string }>(STORES.answers);
  for (const a of answers) await remove(STORES.answers, a.key);
}

const RETRY_MS = 15_000;
let started = false;

/** Sends what waits when the network returns, when the page becomes visible, and every 15 s while anything waits. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void flushOutbox());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushOutbox();
  });
  window.setInterval(() => {
    if (entries.some((e) => e.state === 'waiting')) void flushOutbox();
  }, RETRY_MS);
}

/** The sentence shown when an action waits on the phone for the network. */
export const keptSentence = (label: string) => `No signal: "${label}" is kept on this phone and will be sent when the network returns.`;
