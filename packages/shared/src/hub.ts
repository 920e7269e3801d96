/**
 * The hubs' events and addresses (spec platform 4.7), kept free of schemas so the web app's frame can listen
 * without loading them: the team-leader hub, and the notifications hub of every signed-in user for the notices
 * addressed to them (flag reminders, write-ups, SOPs, pay raises: never with pay figures).
 */

/** Events of the hubs: the team leaders' four, and `notice` of the notifications hub. */
export const HUB_EVENTS = ['delete', 'upsert', 'gridUpdate', 'refreshMaps', 'notice'] as const;
export type HubEvent = (typeof HUB_EVENTS)[number];

/** What a hub sends on its socket: one event and its payload. */
export interface HubMessage {
  event: HubEvent;
  payload: unknown;
}

/** Whether a value read from a socket is a hub message. */
export function isHubMessage(value: unknown): value is HubMessage {
  return typeof value === 'object' && value !== null && (HUB_EVENTS as readonly unknown[]).includes((value as { event?: unknown }).event) && 'payload' in value;
}

/** The hubs' addresses; the access token travels as `?access_token=`, since a browser socket sends no headers. */
export const TEAM_LEADER_HUB_PATH = '/hubs/teamLeader';
export const NOTIFICATIONS_HUB_PATH = '/hubs/notifications';
/**
 * The hub of the office's work-order boards (the data and quote specialists'): the company's events that name a work
 * order (status, clock, items, a new one), for everyone who reads work orders.
 */
export const WORK_ORDERS_HUB_PATH = '/hubs/workOrders';
/**
 * The hub of one work order's page: it hears the company's events about that work order (clock, status, materials,
 * items, NTE), for everyone who may see the work order, technicians included.
 */
export const workOrderHubPath = (workOrderId: number) => `/hubs/workOrder/${workOrderId}`;

/** Reconnect delays after a lost connection (spec 4.7), then a manual attempt every two minutes. */
export const HUB_RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000] as const;
export const HUB_MANUAL_RECONNECT_MS = 120_000;

/** What the notifications hub says when a notice reaches its user: which kind, so the matching list is read again. */
export type NoticePayload =
  | { kind: 'flagReminder'; flagReminderId: number; workOrderNumber: string }
  | { kind: 'writeUp'; writeUpId: number; employeeName: string }
  | { kind: 'sop'; sopDetailId: number; sopName: string }
  | { kind: 'payRaise'; payRaiseRequestedId: number; employeeName: string; noticeKind: 'approve' | 'sign' | 'decided' | 'signed' }
  | { kind: 'laborCorrection'; laborCorrectionRequestId: number; workOrderNumber: string; technicianName: string; status: 'Pending' | 'Approved' | 'Declined' }
  | { kind: 'creditHold'; customerId: number; customerName: string; isOnHold: boolean; workOrders: number }
  | { kind: 'collectionTasks'; count: number }
  | { kind: 'quoteAnswer'; quoteNumber: number; quoteVersion: number; customerName: string; contactName: string; decision: 'Approved' | 'Rejected' }
  | { kind: 'serviceRequest'; workOrderId: number; workOrderNumber: string; customerName: string; contactName: string; photoCount: number }
  | { kind: 'customerAccessRequest'; customerId: number; customerName: string; name: string };
