import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATIONS_HUB_PATH, TEAM_LEADER_HUB_PATH, WORK_ORDERS_HUB_PATH, type Requirement } from '@sm/shared';
import type { WebSocket } from 'ws';
import { area, SIGNED_IN } from '../../../lib/access-control';
import type { EventBus } from './event-bus';

/** Seconds between pings, so that proxies keep the connection and dead peers are noticed. */
const PING_SECONDS = 25;
/** Close codes the web app understands: the token expired, so it reconnects with a fresh one. */
export const CLOSE_TOKEN_EXPIRED = 4001;

/** A hub's socket: which company and person it serves, so each message goes where it is addressed. */
interface HubSocket {
  socket: WebSocket;
  userId: number;
}

/**
 * The hubs (spec platform 4.7), WebSockets that never take commands (what a browser sends is ignored):
 * - `/hubs/teamLeader` for users with the Team Leader area hears its company's board events;
 * - `/hubs/notifications` for every signed-in user hears the notices addressed to that user (a flag reminder);
 * - `/hubs/workOrders` for users who read work orders hears its company's board events that name a work order.
 * Each socket hears its own company only; the bus brings events from every process. A socket closes when its token
 * expires (4001), so the browser reconnects with a fresh one.
 */
export async function teamLeaderHub(app: FastifyInstance, deps: { bus: EventBus }) {
  await app.register(websocket, { options: { maxPayload: 1024 } });
  // An upgrade answered with an error (401, 403, 404) goes out on a socket the HTTP server does not track, so
  // nothing would ever close it: refused clients could pile up open sockets until the server runs out.
  app.addHook('onResponse', async (request, reply) => {
    if (!request.headers.upgrade || reply.statusCode === 101) return;
    const socket = request.raw.socket;
    socket.end();
    setTimeout(() => socket.destroy(), 1000).unref();
  });
  const leaders = new Map<number, Set<HubSocket>>();
  const people = new Map<number, Set<HubSocket>>();
  const boards = new Map<number, Set<HubSocket>>();

  const unsubscribe = deps.bus.subscribe((m) => {
    const data = JSON.stringify({ event: m.event, payload: m.payload });
    const toBoards = !m.userIds && typeof (m.payload as { workOrderId?: unknown } | null)?.workOrderId === 'number';
    for (const set of [(m.userIds ? people : leaders).get(m.subscriberId), toBoards ? boards.get(m.subscriberId) : undefined]) {
      for (const s of set ?? []) if (s.socket.readyState === s.socket.OPEN && (!m.userIds || m.userIds.includes(s.userId))) s.socket.send(data);
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const map of [leaders, people, boards]) for (const set of map.values()) for (const s of set) s.socket.close(1001, 'Server shutting down');
  });

  const serve = (path: string, access: Requirement, sockets: Map<number, Set<HubSocket>>) =>
    app.get(path, { websocket: true, config: { access }, schema: { hide: true } }, (socket, req) => {
      keepSocket(socket, req.tokenExpiresAt, joinSet(sockets, req.actor!.subscriberId, { socket, userId: req.actor!.userId }));
    });
  serve(TEAM_LEADER_HUB_PATH, area('Team Leader'), leaders);
  serve(NOTIFICATIONS_HUB_PATH, SIGNED_IN, people);
  serve(WORK_ORDERS_HUB_PATH, area('Work Orders'), boards);
}

/** Adds a socket to the set under its key; answers what takes it out again, with the set once it is empty. */
export function joinSet<K, V>(map: Map<K, Set<V>>, key: K, value: V): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
  return () => {
    set.delete(value);
    if (set.size === 0) map.delete(key);
  };
}

/**
 * Keeps a hub's socket healthy until it closes: a ping every 25 seconds (a peer that missed one is dropped), and a
 * close with 4001 when its token expires. `onClose` forgets the socket.
 */
export function keepSocket(socket: WebSocket, tokenExpiresAt: number | null | undefined, onClose: () => void) {
  let alive = true;
  socket.on('pong', () => (alive = true));
  const ping = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  }, PING_SECONDS * 1000);
  const expiresInMs = (tokenExpiresAt ?? 0) * 1000 - Date.now();
  const expiry = setTimeout(() => socket.close(CLOSE_TOKEN_EXPIRED, 'Token expired'), Math.max(0, Math.min(expiresInMs, 2 ** 31 - 1)));
  socket.on('close', () => {
    clearInterval(ping);
    clearTimeout(expiry);
    onClose();
  });
}
