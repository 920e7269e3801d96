import { compareMoney, LABOR_LABELS, NTE_AMBER_PERCENT, NTE_RAISE_QUOTE_TITLE, priceWithMarkup, WORK_ORDER_STATUS, type Access, type NteRaise } from '@sm/shared';
import { quoteLines } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { recordAudit } from '../../platform/audit/audit.service';
import { announce, insertQuote } from '../../money/quotes/quotes.service';
import type { WorkLines } from '../../money/invoices/invoice-source';
import { setWorkOrderStatus, visibleWorkOrderRow } from '../../office/work-orders/work-order-office.service';
import { meterOf, nteRaiseDraftOf } from './nte-meter.service';

type DraftLine = { kind: 'labor' | 'material' | 'standardItem'; description: string; quantity: string; unitCost: string; markupPercent: string };

/**
 * The work so far as quote lines that price exactly as the meter counts it: labor hours at their rates, materials at
 * their cost and markup when those make their price (else at their price), items and trip charges at their price.
 * Lines of nothing (labor under 0.01 hour) are left out: a quote line has a quantity above 0.
 */
export function draftLinesOf(work: WorkLines): DraftLine[] {
  const atPrice = (kind: DraftLine['kind'], description: string, quantity: string | number, unitPrice: string | number): DraftLine => ({
    kind, description, quantity: String(quantity), unitCost: String(unitPrice), markupPercent: '0',
  });
  const lines: DraftLine[] = [
    ...work.labor.map((l) => atPrice('labor', `${LABOR_LABELS[l.kind]} labor, ${l.technician}`, l.hours, l.rate)),
    ...work.tripCharges.map((t) => atPrice('standardItem', t.description, 1, t.amount)),
    ...work.materials.map((m) =>
      priceWithMarkup(m.unitCost, m.markupPercent) === priceWithMarkup(m.unitPrice, 0)
        ? { kind: 'material' as const, description: m.description, quantity: m.quantity, unitCost: m.unitCost, markupPercent: m.markupPercent }
        : atPrice('material', m.description, m.quantity, m.unitPrice),
    ),
    ...[...work.standardItems, ...work.rateSheetItems].map((i) => atPrice('standardItem', i.description, i.quantity, i.unitPrice)),
  ];
  return lines.filter((l) => compareMoney(l.quantity, 0) > 0);
}

/**
 * `POST WorkOrder/{workOrderId}/nteRaise` (spec platform 4.9, 46 NTE Raise Requested): once the work has reached 80 %
 * of the NTE, moves the work order to NTE Raise Requested and drafts an Open quote of the work so far, so the office can
 * send the customer what the raise is for. While that draft is still open, asking again answers it instead of
 * drafting another; the work order is locked meanwhile, so two presses at once make one draft.
 */
export async function requestNteRaise(ctx: Ctx, access: Access, workOrderId: number): Promise<NteRaise> {
  const result = await ctx.db.transaction(async (tx) => {
    const wo = await visibleWorkOrderRow(tx, ctx, access, workOrderId, { lock: true });
    if (wo.nte === null) throw new AppError(409, 'This work order has no NTE to raise.');
    const earlier = await nteRaiseDraftOf(tx, ctx, wo.id);
    const quote = earlier ?? (await draftQuote(tx, ctx, wo));
    const moved = await setWorkOrderStatus(tx, ctx, wo, WORK_ORDER_STATUS.NteRaiseRequested);
    const answer = { workOrderId: wo.id, workOrderStatusId: moved.status.id, quoteId: quote.quoteId, quoteNumber: quote.quoteNumber, quoteVersion: quote.quoteVersion, isNew: !earlier };
    return { answer, moved: moved.changed ? { workOrderId: wo.id, workOrderStatusId: moved.status.id } : null };
  });
  announce(ctx, result.moved);
  return result.answer;
}

/** The Open quote of the work so far, refused while the work is below 80 % of the NTE. */
async function draftQuote(tx: Tx, ctx: Ctx, wo: Awaited<ReturnType<typeof visibleWorkOrderRow>>) {
  const { work, meter } = await meterOf(tx, ctx, wo);
  if (meter.level === 'ok') throw new AppError(409, `The work so far is below ${NTE_AMBER_PERCENT} % of the NTE: no raise is needed yet.`);
  const quote = await insertQuote(tx, ctx, wo, { status: 'Open', title: NTE_RAISE_QUOTE_TITLE });
  const lines = draftLinesOf(work);
  if (lines.length > 0) {
    await tx.insert(quoteLines).values(
      lines.map((l, i) => ({
        ...l,
        subscriberId: ctx.actor.subscriberId, quoteVersionId: quote.quoteVersionId, lineNumber: i + 1, unitPrice: priceWithMarkup(l.unitCost, l.markupPercent), createdBy: ctx.actor.userId, createdAt: ctx.now,
      })),
    );
  }
  await recordAudit(tx, ctx, { entity: 'quote', entityId: quote.quoteId, action: 'nteRaise', after: { workOrderId: wo.id, nte: meter.nte, total: meter.total, lines: lines.length } });
  return quote;
}
