import { z } from 'zod';

/** Events of the team-leader hub (spec platform 4.7). */
export const HUB_EVENTS = ['delete', 'upsert', 'gridUpdate', 'refreshMaps'] as const;
export type HubEvent = (typeof HUB_EVENTS)[number];

/** What the hub sends on its socket: one event and its payload. */
export const hubMessageSchema = z.object({ event: z.enum(HUB_EVENTS), payload: z.unknown() });
export type HubMessage = z.infer<typeof hubMessageSchema>;

/** The hub's address; the access token travels as `?access_token=`, since a browser socket sends no headers. */
export const TEAM_LEADER_HUB_PATH = '/hubs/teamLeader';

/** Reconnect delays after a lost connection (spec 4.7), then a manual attempt every two minutes. */
export const HUB_RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000] as const;
export const HUB_MANUAL_RECONNECT_MS = 120_000;
