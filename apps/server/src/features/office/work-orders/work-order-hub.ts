import type { FastifyInstance } from 'fastify';
import { workOrderIdParams } from '@sm/shared';
import type { WebSocket } from 'ws';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import type { EventBus } from '../../platform/realtime/event-bus';
import { joinSet, keepSocket } from '../../platform/realtime/team-leader-hub';
import { visibleWorkOrderRow } from './work-order-office.service';

/** The work order a company event is about, when its payload names one. */
const workOrderOf = (payload: unknown): number | null => {
  const id = (payload as { workOrderId?: unknown } | null)?.workOrderId;
  return typeof id === 'number' ? id : null;
};

/**
 * `/hubs/workOrder/{workOrderId}` (spec platform 4.7): the hub of one work order's page, for everyone who may see the
 * work order (technicians included, who have no team-leader hub). It relays the company's board events that name the
 * work order (clock, status, materials, items, NTE), so the page reads its NTE meter again. Like every hub it takes no
 * commands; a work order the caller may not see is refused as missing (404), like another company's.
 */
export function workOrderHub(app: FastifyInstance, deps: { db: Db; bus: EventBus }) {
  /** Open sockets by company and work order. */
  const watchers = new Map<string, Set<WebSocket>>();
  const keyOf = (subscriberId: number, workOrderId: number) => `${subscriberId}:${workOrderId}`;

  const unsubscribe = deps.bus.subscribe((m) => {
    const workOrderId = workOrderOf(m.payload);
    if (m.userIds || workOrderId === null) return;
    const set = watchers.get(keyOf(m.subscriberId, workOrderId));
    if (!set?.size) return;
    const data = JSON.stringify({ event: m.event, payload: m.payload });
    for (const socket of set) if (socket.readyState === socket.OPEN) socket.send(data);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const set of watchers.values()) for (const s of set) s.close(1001, 'Server shutting down');
  });

  app.get('/hubs/workOrder/:workOrderId', {
    websocket: true,
    config: { access: area('Work Orders') },
    schema: { hide: true, params: workOrderIdParams },
    preHandler: async (req) => {
      const ctx = ctxOf(req, deps.db);
      await visibleWorkOrderRow(ctx.db, ctx, req.access!, (req.params as { workOrderId: number }).workOrderId);
    },
  }, (socket, req) => {
    const { workOrderId } = req.params as { workOrderId: number };
    keepSocket(socket, req.tokenExpiresAt, joinSet(watchers, keyOf(req.actor!.subscriberId, workOrderId), socket));
  });
}
