import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { accessTokenOf } from './session';

/**
 * A connection kept alive between calls is closed by the server after 72 s idle; a call sent on it at that moment is
 * reset before the server reads it. As a browser does, such a call is sent once more, on a new connection.
 */
const RESET_RETRIES = 1;

/** Tokens by user name: a worker runs the tests of one group, against one server. */
const apiTokens = new Map<string, string>();

/** A token for calling the API as a demo user, without touching any page (signed in once: sign-ins are rate-limited). */
export async function tokenOf(request: APIRequestContext, userName: string): Promise<string> {
  const known = apiTokens.get(userName);
  if (known) return known;
  const response = await request.post('/api/v1/Account/login', { data: { userName, password: 'demo1234' }, maxRetries: RESET_RETRIES });
  expect(response.ok(), await response.text()).toBe(true);
  const token: string = (await response.json()).accessToken;
  apiTokens.set(userName, token);
  return token;
}

/** Calls the API with a token; anything but a 2xx fails the test with the answer's text. */
export async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const response = await request.fetch(`/api/v1/${path}`, { method, data, headers: { Authorization: `Bearer ${token}` }, maxRetries: RESET_RETRIES });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/**
 * Plans a visit for a demo user through the dispatcher, from `minutesBefore` minutes ago for `hours` hours, and answers its
 * id. A visit around now is on the board and the route of whichever day the page shows, also when the company's
 * midnight passes between planning it and reading the page (the demo's own visits are on the day it was seeded).
 */
export async function scheduleVisit(
  request: APIRequestContext,
  visit: { userName: string; task: string; workOrderNumber?: string; minutesBefore?: number; hours?: number },
): Promise<number> {
  const dispatcher = await tokenOf(request, 'dispatcher');
  const own = await tokenOf(request, visit.userName);
  const { userId } = await call(request, own, 'POST', 'Account/validateUser');
  const workOrderId = visit.workOrderNumber ? (await call(request, own, 'GET', `WorkOrder/${visit.workOrderNumber}`)).workOrderId : null;
  const start = new Date(Date.now() - (visit.minutesBefore ?? 5) * 60_000).toISOString();
  const { schedulerId } = await call(request, dispatcher, 'POST', 'Scheduler/save', { schedulerId: 0, technicianId: userId, workOrderId, task: visit.task, start, durationHours: visit.hours ?? 1 });
  return schedulerId as number;
}

/** Deletes the visits a test planned, as the dispatcher, emptying the list. */
export async function deleteVisits(request: APIRequestContext, made: number[]) {
  const dispatcher = await tokenOf(request, 'dispatcher');
  while (made.length > 0) await call(request, dispatcher, 'DELETE', `Scheduler/${made.pop()}`);
}

/** Calls the API as the user signed in to the page; anything but a 200 fails the test with the answer's text. */
export async function callAsPage(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const res = await page.request.fetch(`/api/v1/${path}`, { method, data, headers: { authorization: `Bearer ${await accessTokenOf(page)}` }, maxRetries: RESET_RETRIES });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The date `days` days before `day` (YYYY-MM-DD). */
export const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
