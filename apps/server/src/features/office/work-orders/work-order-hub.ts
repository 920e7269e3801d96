import type { FastifyInstance } from 'fastify';
import { workOrderIdParams } from '@sm/shared';
import type { WebSocket } from 'ws';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import type { EventBus } from '../../platform/realtime/event-bus';
import { keepSocket } from '../../platform/realtime/team-leader-hub';
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
  /** Open sockets by company, then by work order. */
  const watchers = new Map<number, Map<number, Set<WebSocket>>>();

  const unsubscribe = deps.bus.subscribe((m) => {
    const workOrderId = workOrderOf(m.payload);
    if (m.userIds || workOrderId === null) return;
    const set = watchers.get(m.subscriberId)?.get(workOrderId);
    if (!set?.size) return;
    const data = JSON.stringify({ event: m.event, payload: m.payload });
    for (const socket of set) if (socket.readyState === socket.OPEN) socket.send(data);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const byWorkOrder of watchers.values()) for (const set of byWorkOrder.values()) for (const s of set) s.close(1001, 'Server shutting down');
  });

  app.get('/hubs/workOrder/:workOrderId', {
    websocket: true,
    config: { access: area('Work Orders') },
    schema: { hide: true, params: workOrderIdParams },
    preHandler: async (req) => {
      const { workOrderId } = req.params as { workOrderId: number };
      await visibleWorkOrderRow(deps.db, ctxOf(req, deps.db), req.access!, workOrderId);
    },
  }, (socket, req) => {
    const subscriberId = req.actor!.subscriberId;
    const { workOrderId } = req.params as { workOrderId: number };
    let byWorkOrder = watchers.get(subscriberId);
    if (!byWorkOrder) watchers.set(subscriberId, (byWorkOrder = new Map()));
    let set = byWorkOrder.get(workOrderId);
    if (!set) byWorkOrder.set(workOrderId, (set = new Set()));
    set.add(socket);
    keepSocket(socket, req.tokenExpiresAt, () => {
      set.delete(socket);
      if (set.size === 0) byWorkOrder.delete(workOrderId);
      if (byWorkOrder.size === 0) watchers.delete(subscriberId);
    });
  });
}
