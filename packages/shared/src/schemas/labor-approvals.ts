import { z } from 'zod';
import { emailField } from './customers';
import { idOf, optionalText, required, requiredText } from './common';

/**
 * Labor approval by the customer (spec platform 2.1, public route /workOrderLaborApprove/{guid}): the office asks the
 * customer to approve a work order's finished labor through a link that needs no sign-in. The link is unguessable,
 * lasts LABOR_APPROVAL_DAYS days, answers once, and is rate-limited.
 */
export const LABOR_APPROVAL_DAYS = 7;
export const LABOR_APPROVAL_DECISIONS = ['Approved', 'Disputed'] as const;
export const LABOR_APPROVAL_STATUSES = ['Pending', ...LABOR_APPROVAL_DECISIONS, 'Expired'] as const;

export const createLaborApprovalBody = z
  .object({ workOrderId: idOf('Work order'), email: emailField('Send To') })
  .meta({ example: { workOrderId: 240001, email: 'store112@freshmart.example' } });
export type CreateLaborApprovalBody = z.input<typeof createLaborApprovalBody>;

export const laborApprovalSchema = z.object({
  laborApprovalId: z.number(),
  status: z.enum(LABOR_APPROVAL_STATUSES),
  requestedByName: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  sentTo: z.string().nullable(),
  laborCount: z.number(),
  decidedAt: z.string().nullable(),
  approverName: z.string().nullable(),
  comment: z.string().nullable(),
});
export type LaborApproval = z.infer<typeof laborApprovalSchema>;

/** The new request, with its link: shown once, since only its fingerprint is kept. */
export const createdLaborApprovalAnswer = laborApprovalSchema.extend({ workOrderLaborApprovalGuid: z.string(), path: z.string() });
export type CreatedLaborApproval = z.infer<typeof createdLaborApprovalAnswer>;

/** What the customer reads through the link. */
export const publicLaborApprovalAnswer = z.object({
  companyName: z.string(),
  workOrderNumber: z.string(),
  siteName: z.string(),
  problem: z.string().nullable(),
  status: z.enum(LABOR_APPROVAL_STATUSES),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  approverName: z.string().nullable(),
  timeZone: z.string(),
  totalMinutes: z.number(),
  labor: z.array(z.object({ technicianName: z.string(), startedAt: z.string(), stoppedAt: z.string(), minutes: z.number(), description: z.string().nullable() })),
});
export type PublicLaborApproval = z.infer<typeof publicLaborApprovalAnswer>;

export const laborApprovalGuidParam = z.object({ guid: z.string().max(200, 'This approval link is not valid.') });

export const laborDecisionBody = z
  .object({
    decision: z.enum(LABOR_APPROVAL_DECISIONS, { error: 'Decision must be Approved or Disputed.' }),
    approverName: requiredText('Your Name', 100),
    comment: optionalText('Comment', 1000).nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'Disputed' && !b.comment?.trim()) ctx.addIssue({ code: 'custom', path: ['comment'], message: required('Comment') });
  })
  .meta({ example: { decision: 'Approved', approverName: 'Dana Lopez, store manager', comment: null } });
export type LaborDecisionBody = z.input<typeof laborDecisionBody>;
