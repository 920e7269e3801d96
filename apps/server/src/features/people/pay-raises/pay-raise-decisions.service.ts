import { eq } from 'drizzle-orm';
import type { Access, PayRaise, UpdatePayRaiseRequestBody } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { recordAudit } from '../../platform/audit/audit.service';
import { signaturePngOf } from '../../office/work-order-items/signature-png';
import { answerOf, closeNotices, lockedRaise, notify, raisesWithNames } from './pay-raises.service';
import { payRaises, payRates } from './pay-raises.table';

/**
 * `POST Payroll/updatePayRaiseRequest`: an approver approves or refuses a raise waiting for an answer. The approvers'
 * notices close; whoever asked hears the answer, and the employee of an approved raise is asked to sign it.
 */
export async function decidePayRaise(ctx: Ctx, access: Access, body: UpdatePayRaiseRequestBody): Promise<PayRaise> {
  const { raise, announce } = await ctx.db.transaction(async (tx) => {
    const before = await lockedRaise(tx, ctx, body.payRaiseRequestedId);
    if (before.isApproved !== null) throw new AppError(409, `This raise was already ${before.isApproved ? 'approved' : 'refused'}.`);
    if (before.employeeId === ctx.actor.userId) throw new AppError(403, 'You cannot answer a raise of your own pay.');
    await tx
      .update(payRaises)
      .set({ isApproved: body.isApproved, decidedBy: ctx.actor.userId, decidedAt: ctx.now, decisionComment: body.comment?.trim() || null })
      .where(eq(payRaises.id, before.id));
    await closeNotices(tx, ctx, before.id, 'approve');
    await recordAudit(tx, ctx, { entity: 'payRaise', entityId: before.id, action: body.isApproved ? 'approve' : 'refuse', after: { comment: body.comment?.trim() || null } });
    const [named] = await raisesWithNames(tx).where(eq(payRaises.id, before.id));
    const who = { id: before.id, employeeName: named.employeeName };
    const toldRequester = await notify(tx, ctx, who, 'decided', before.requestedBy ? [before.requestedBy] : []);
    const toldEmployee = body.isApproved ? await notify(tx, ctx, who, 'sign', [before.employeeId]) : () => undefined;
    return { raise: answerOf(ctx, access, named), announce: () => (toldRequester(), toldEmployee()) };
  });
  announce();
  return raise;
}

/**
 * `POST Payroll/uploadPayRaiseApprovalDetails?PayRaiseRequestedId=`: the employee signs their approved raise on the
 * pad (a 300x200 PNG). The signature is kept with the raise, the new position and pay take effect on its date, and
 * whoever asked and answered hear of it.
 */
export async function signPayRaise(ctx: Ctx, access: Access, payRaiseId: number, dataUrl: string): Promise<PayRaise> {
  const { raise, announce } = await ctx.db.transaction(async (tx) => {
    const before = await lockedRaise(tx, ctx, payRaiseId);
    if (before.employeeId !== ctx.actor.userId) throw notFound('Pay raise');
    if (before.isApproved !== true) throw new AppError(409, before.isApproved === false ? 'This raise was refused; there is nothing to sign.' : 'This raise waits for approval; it can be signed once approved.');
    if (before.signedAt) throw new AppError(409, 'You already signed this raise.');
    const png = signaturePngOf(dataUrl);
    await tx.update(payRaises).set({ signaturePng: png, signedAt: ctx.now }).where(eq(payRaises.id, before.id));
    await tx
      .insert(payRates)
      .values({ subscriberId: before.subscriberId, userId: before.employeeId, effectiveFrom: before.effectiveDate, position: before.newPosition, hourlyRate: before.newPay, payRaiseId: before.id })
      .onConflictDoUpdate({ target: [payRates.userId, payRates.effectiveFrom], set: { position: before.newPosition, hourlyRate: before.newPay, payRaiseId: before.id } });
    // The signature supersedes the answer: whoever asked hears of the end only.
    await closeNotices(tx, ctx, before.id, 'sign');
    await closeNotices(tx, ctx, before.id, 'decided');
    await recordAudit(tx, ctx, { entity: 'payRaise', entityId: before.id, action: 'sign', after: { effectiveDate: before.effectiveDate } });
    const [named] = await raisesWithNames(tx).where(eq(payRaises.id, before.id));
    const announce = await notify(tx, ctx, { id: before.id, employeeName: named.employeeName }, 'signed', [before.requestedBy, before.decidedBy].filter((id): id is number => id !== null));
    return { raise: answerOf(ctx, access, named), announce };
  });
  announce();
  return raise;
}
