import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { TEAM_LEADER_HUB_PATH } from '@sm/shared';
import type { WebSocket } from 'ws';
import { area } from '../../lib/access-control';
import type { EventBus } from './event-bus';

/** Seconds between pings, so that proxies keep the connection and dead peers are noticed. */
const PING_SECONDS = 25;
/** Close codes the web app understands: the token expired, so it reconnects with a fresh one. */
export const CLOSE_TOKEN_EXPIRED = 4001;

/**
 * The team-leader hub (spec platform 4.7): a WebSocket at `/hubs/teamLeader` for signed-in users with the Team
 * Leader area. Each socket hears the events of its own company only; the bus brings them from every process.
 * The socket never takes commands: what it receives from the browser is ignored.
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
  const sockets = new Map<number, Set<WebSocket>>();

  const unsubscribe = deps.bus.subscribe((m) => {
    const set = sockets.get(m.subscriberId);
    if (!set?.size) return;
    const data = JSON.stringify({ event: m.event, payload: m.payload });
    for (const s of set) if (s.readyState === s.OPEN) s.send(data);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const set of sockets.values()) for (const s of set) s.close(1001, 'Server shutting down');
  });

  app.get(TEAM_LEADER_HUB_PATH, { websocket: true, config: { access: area('Team Leader') }, schema: { hide: true } }, (socket, req) => {
    const subscriberId = req.actor!.subscriberId;
    let set = sockets.get(subscriberId);
    if (!set) sockets.set(subscriberId, (set = new Set()));
    set.add(socket);
    let alive = true;
    socket.on('pong', () => (alive = true));
    const ping = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, PING_SECONDS * 1000);
    const expiresInMs = (req.tokenExpiresAt ?? 0) * 1000 - Date.now();
    const expiry = setTimeout(() => socket.close(CLOSE_TOKEN_EXPIRED, 'Token expired'), Math.max(0, Math.min(expiresInMs, 2 ** 31 - 1)));
    socket.on('close', () => {
      clearInterval(ping);
      clearTimeout(expiry);
      set.delete(socket);
      if (set.size === 0) sockets.delete(subscriberId);
    });
  });
}
