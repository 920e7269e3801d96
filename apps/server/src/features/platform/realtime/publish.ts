import type { HubEvent } from '@sm/shared';
import type { Ctx } from '../../../lib/context';

/**
 * Tells the caller's company's team leaders that something changed. Call it after the transaction committed:
 * an event for a change that was rolled back would send boards to fetch what is not there.
 */
export function publishHubEvent(ctx: Ctx, event: HubEvent, payload: unknown) {
  ctx.events?.publish({ subscriberId: ctx.actor.subscriberId, event, payload });
}

/**
 * Tells the boards and the work order's open pages (its hub) that what the work order costs, or its NTE, changed:
 * a material or item added, changed or removed, or its header edited. Call it after the commit.
 */
export function publishWorkOrderChanged(ctx: Ctx, workOrderId: number, action: 'workOrderItems' | 'workOrderHeader') {
  publishHubEvent(ctx, 'gridUpdate', { action, workOrderId });
}
