import { z } from 'zod';
import { dateText, requiredText } from './common';

/**
 * The visits of preventive-maintenance contracts (issue 28, spec platform 2.1 /management/pmBoard): each date a
 * contract's rule names, generated ahead as a work order (status PM) or skipped by the office, and the PM board's
 * counts per month and technician.
 */

/**
 * Where a visit stands: `upcoming` (a date the rule names, not generated yet), `generated` (its work order exists),
 * `scheduled` (the work order is on the scheduler), `done` (the work order is finished), `late` (its date passed and
 * its work order is not finished), `skipped` (the office took it out, with a reason).
 */
export const PM_VISIT_STATUSES = ['upcoming', 'generated', 'scheduled', 'done', 'late', 'skipped'] as const;
export type PmVisitStatus = (typeof PM_VISIT_STATUSES)[number];

/** One visit of a contract. `visitId` is null for an upcoming date, which has no row yet. */
export const pmVisitSchema = z.object({
  visitId: z.number().nullable(),
  contractId: z.number(),
  dueOn: z.string().meta({ description: 'The visit\'s date, YYYY-MM-DD, in the company\'s calendar' }),
  status: z.enum(PM_VISIT_STATUSES),
  workOrderId: z.number().nullable(),
  workOrderNumber: z.string().nullable(),
  technicianName: z.string().nullable(),
  skippedReason: z.string().nullable(),
});
export type PmVisit = z.infer<typeof pmVisitSchema>;

/** `GET PmContract/{pmContractId}/visits`: the contract's visits, past and upcoming, oldest first. */
export const pmVisitsAnswer = z.object({
  contractId: z.number(),
  contractName: z.string(),
  customerName: z.string(),
  today: z.string().meta({ description: 'The company\'s date today, YYYY-MM-DD' }),
  data: z.array(pmVisitSchema),
});
export type PmVisitsAnswer = z.infer<typeof pmVisitsAnswer>;

/** `POST PmContract/{pmContractId}/visits/skip`: a date of the contract taken out, with the reason, so it is never generated. */
export const skipPmVisitBody = z
  .object({ dueOn: dateText('Visit Date'), reason: requiredText('Reason', 500) })
  .meta({ example: { dueOn: '2027-01-10', reason: 'The store is closed for its remodel.' } });
export type SkipPmVisitBody = z.infer<typeof skipPmVisitBody>;

/** `POST PmContract/generate`: what "Generate now" wrote. */
export const pmGenerationAnswer = z.object({
  contracts: z.number().meta({ description: 'Approved contracts read' }),
  visits: z.number().meta({ description: 'Visits generated, each with its work order' }),
});
export type PmGenerationAnswer = z.infer<typeof pmGenerationAnswer>;

/** One technician's (or nobody's) visits of a month on the PM board. */
export const pmBoardCountsSchema = z.object({
  technicianId: z.number().nullable(),
  technicianName: z.string(),
  due: z.number(),
  generated: z.number(),
  scheduled: z.number(),
  done: z.number(),
  overdue: z.number(),
});
export type PmBoardCounts = z.infer<typeof pmBoardCountsSchema>;

/** A visit as the PM board lists it. */
export const pmBoardVisitSchema = pmVisitSchema.extend({ contractName: z.string(), customerName: z.string() });
export type PmBoardVisit = z.infer<typeof pmBoardVisitSchema>;

/** `GET PmBoard`: this month's and next month's counts per technician, and the overdue and upcoming visits. */
export const pmBoardAnswer = z.object({
  today: z.string(),
  months: z.array(z.object({ month: z.string().meta({ description: 'YYYY-MM' }), rows: z.array(pmBoardCountsSchema), total: pmBoardCountsSchema })),
  overdue: z.array(pmBoardVisitSchema),
  upcoming: z.array(pmBoardVisitSchema),
});
export type PmBoardAnswer = z.infer<typeof pmBoardAnswer>;
