import { z } from 'zod';
import { moneyOf } from '../helpers/money';
import { RAISE_APPROVAL_PRIORITIES, PAY_RAISE_STATUSES } from '../pay-raise-rules';
import { dateText, idOf, optionalText, requiredText } from './common';

export * from '../pay-raise-rules';

/**
 * Pay raises (spec platform 2.6, 3.12, 7.1): a manager asks for a raise for an employee; a payroll approver approves
 * or refuses it; the employee signs the approved raise on a signature pad, and it takes effect on its date. Pay figures
 * are given only to those with "Can Access Payroll" and to the employee about their own pay: to nobody else, in no
 * answer and no notice.
 */

export const createPayRaiseBody = z
  .object({
    employeeId: idOf('Employee'),
    payRaiseTypeId: idOf('Pay Raise Type'),
    newPosition: requiredText('New Position', 100),
    newPay: moneyOf('New Pay').refine((n) => n > 0, 'New Pay must be more than 0.'),
    reasonForChange: requiredText('Reason For Change', 1000),
    effectiveDate: dateText('Effective Date'),
    raiseApprovalPriorityId: z
      .number({ error: 'Approval Priority field is required!' })
      .int()
      .refine((id) => RAISE_APPROVAL_PRIORITIES.some((p) => p.raiseApprovalPriorityId === id), 'Approval Priority must be Normal, High or Urgent.'),
  })
  .meta({
    example: { employeeId: 4, payRaiseTypeId: 1, newPosition: 'Senior Service Technician', newPay: 34.5, reasonForChange: 'EPA 608 universal certification and a year without a callback.', effectiveDate: '2026-12-06', raiseApprovalPriorityId: 1 },
  });
export type CreatePayRaiseBody = z.input<typeof createPayRaiseBody>;

/** `updatePayRaiseRequest`: an approver's answer; a refusal says why. */
export const updatePayRaiseRequestBody = z
  .object({
    payRaiseRequestedId: idOf('Pay raise'),
    isApproved: z.boolean({ error: 'Approved must be true or false.' }),
    comment: optionalText('Comment', 1000).nullish(),
  })
  .superRefine((b, ctx) => {
    if (!b.isApproved && !b.comment?.trim()) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Say why the raise is refused.' });
  })
  .meta({ example: { payRaiseRequestedId: 3, isApproved: true, comment: null } });
export type UpdatePayRaiseRequestBody = z.input<typeof updatePayRaiseRequestBody>;

export const payRaiseSignatureBody = z
  .object({
    employeeSignature: z
      .string({ error: 'Signature field is required!' })
      .min(1, 'Signature field is required!')
      .max(600_000, 'The signature must be at most 300 KB.')
      .meta({ description: 'A data URL: data:image/png;base64,... of a 300x200 PNG, at most 300 KB' }),
  })
  .meta({ example: { employeeSignature: 'data:image/png;base64,iVBORw0KGgo...' } });
export const payRaiseSignatureQuery = z.object({
  PayRaiseRequestedId: z
    .string({ error: 'PayRaiseRequestedId field is required!' })
    .regex(/^\d+$/, 'PayRaiseRequestedId must be a whole number, written in digits only.')
    .transform(Number)
    .pipe(z.number().min(1, 'PayRaiseRequestedId must be a positive number.').max(2_147_483_647, 'PayRaiseRequestedId is out of range.')),
});

export const acknowledgePayRaiseBody = z.object({ payRaiseRequestedId: idOf('Pay raise') }).meta({ example: { payRaiseRequestedId: 3 } });

/** A pay raise as spec platform 3.12 shapes it; the pay figures are null for whoever may not see them. */
export const payRaiseSchema = z.object({
  payRaiseRequestedId: z.number(),
  employeeId: z.number(),
  employeeName: z.string(),
  currentPosition: z.string().nullable(),
  currentPayRate: z.number().nullable(),
  newPosition: z.string(),
  newPay: z.number().nullable(),
  payRaiseType: z.string(),
  reasonForChange: z.string(),
  effectiveDate: z.string(),
  payRaiseDate: z.string().meta({ description: 'When it was asked for' }),
  raiseApprovalPriorityId: z.number(),
  status: z.enum(PAY_RAISE_STATUSES),
  isApproved: z.boolean().nullable().meta({ description: 'null until an approver answers' }),
  isPayRaiseApproved: z.boolean().meta({ description: 'Signed by the employee' }),
  requestedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionComment: z.string().nullable(),
  signatureDate: z.string().nullable(),
  employeeSignature: z.string().nullable().meta({ description: 'The signed PNG as a data URL, for those who may see the raise' }),
});
export type PayRaise = z.output<typeof payRaiseSchema>;

/** Why a notice of a raise reached the caller: to approve it, to sign it, or to hear how it ended. */
export const PAY_RAISE_NOTICE_KINDS = ['approve', 'sign', 'decided', 'signed'] as const;
export const payRaiseNoticeSchema = payRaiseSchema.extend({ noticeKind: z.enum(PAY_RAISE_NOTICE_KINDS) });
export type PayRaiseNotice = z.output<typeof payRaiseNoticeSchema>;

export const payRaiseNotificationAnswer = z.object({ payRaiseNotificationDetails: z.array(payRaiseNoticeSchema), count: z.number() });
export type PayRaiseNotifications = z.output<typeof payRaiseNotificationAnswer>;

export const payRaiseListAnswer = z.array(payRaiseSchema);
