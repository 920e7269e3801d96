import { emitApiEvent } from './api-events';
import { getToken } from './token-store';
import { openPopup } from './popup';

/** Base path of the product's HTTP API (api-contract.md). */
export const API_BASE = '/api/v1';

/** The sentence shown for statuses the error catalogue does not map (spec platform 8). */
export const GENERIC_ERROR_MESSAGE = 'Error Occurred.';

/** A failed HTTP call: the status and the sentence the user should read, mapped as spec platform 8 says. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

interface ErrorBody {
  title?: unknown;
  message?: unknown;
  messages?: unknown;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * Maps an error answer to its sentence: 400 → title; 404..500 → message, or messages joined by commas;
 * anything else → 'Error Occurred.'. A 401 keeps the server's sentence (the sign-in form shows it).
 */
export function errorMessageFor(status: number, body: unknown): string {
  const b: ErrorBody = typeof body === 'object' && body !== null ? (body as ErrorBody) : {};
  if (status === 400) return text(b.title) ?? text(b.message) ?? GENERIC_ERROR_MESSAGE;
  if (status === 401) return text(b.message) ?? text(b.title) ?? 'Unauthorized.';
  if (status >= 404 && status <= 500) {
    if (Array.isArray(b.messages) && b.messages.length > 0) return b.messages.map(String).join(', ');
    return text(b.message) ?? text(b.title) ?? GENERIC_ERROR_MESSAGE;
  }
  return GENERIC_ERROR_MESSAGE;
}

async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Query string values; undefined and null are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Let the request outlive the page (a last save as the user leaves). */
  keepalive?: boolean;
}

function urlOf(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * The one fetch of the web app: adds the bearer token, sends and parses JSON, and turns error answers into
 * `ApiError`. A 401 on a call that carried a token raises the unauthorized flag (sign-out); a 403 raises the
 * Unauthorized Access dialog. Network failures are passed through unchanged.
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body (an upload) goes as multipart/form-data, its boundary set by the browser.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const response = await fetch(urlOf(path, options.query), {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal: options.signal,
    keepalive: options.keepalive,
  });
  const parsed = await readBody(response);
  if (response.ok) return parsed as T;
  if (response.status === 401 && token) emitApiEvent('unauthorized');
  if (response.status === 403) emitApiEvent('forbidden');
  const error = new ApiError(response.status, errorMessageFor(response.status, parsed), parsed);
  console.error(`${method} ${path} failed: ${response.status} ${error.message}`);
  throw error;
}

/** GET `path` under /api/v1. */
export function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('GET', path, undefined, options);
}

/** POST `body` (JSON, optional) to `path` under /api/v1. */
export function apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('POST', path, body, options);
}

/** PUT `body` (JSON) to `path` under /api/v1. */
export function apiPut<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('PUT', path, body, options);
}

/** PATCH `body` (JSON) to `path` under /api/v1. */
export function apiPatch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('PATCH', path, body, options);
}

/** DELETE `path` under /api/v1. */
export function apiDelete<T>(path: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('DELETE', path, undefined, options);
}

/**
 * GET a file (a PDF, a CSV) under /api/v1 with the bearer token; error answers become `ApiError` as for JSON calls.
 */
export async function apiBlob(path: string, options?: RequestOptions): Promise<Blob> {
  const token = getToken();
  const response = await fetch(urlOf(path, options?.query), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: options?.signal });
  if (response.ok) return response.blob();
  const parsed = await readBody(response);
  if (response.status === 401 && token) emitApiEvent('unauthorized');
  if (response.status === 403) emitApiEvent('forbidden');
  throw new ApiError(response.status, errorMessageFor(response.status, parsed), parsed);
}

/** Saves a blob under a file name, as a download of the browser. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Opens a PDF of the API in a popup window (lib/popup.ts). The window is opened at once, while the click still counts
 * as the user's, and shown the PDF once it has arrived; where the browser refuses a popup, the PDF is downloaded instead.
 */
export async function openPdf(path: string, fileName: string): Promise<void> {
  const tab = openPopup();
  try {
    const blob = await apiBlob(path);
    if (!tab) return saveBlob(blob, fileName);
    tab.location.href = URL.createObjectURL(blob);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
