import { z } from 'zod';
import { moneyOf } from '../helpers/money';
import { dateText, idOf, idParam, optionalText, pagingQuery, requiredText } from './common';
import { workOrderJobSchema } from './work-order-items';

/**
 * Projects (spec platform 2.1 /management/projects): a job for a customer's site done over many visits, numbered per
 * company, with its type and job status (rows of the job settings), its project manager, dates and budget; its crew,
 * permits and subcontractors; and the work orders linked to it (a work order is one project's at most), whose jobs and
 * survey jobs make its progress and whose labor and materials its cost to date. Amounts travel as exact decimal text.
 */

const money = z.string().describe('An exact amount, two decimals');

/** Where a subcontractor of a project stands. */
export const SUBCONTRACTOR_STATUSES = ['Bidding', 'Awarded', 'Working', 'Complete'] as const;
export type SubcontractorStatus = (typeof SUBCONTRACTOR_STATUSES)[number];

export const projectParams = z.object({ projectId: idParam('Project') });
export const projectPartParams = z.object({ projectId: idParam('Project'), partId: idParam('Entry') });
export const projectWorkOrderParams = z.object({ projectId: idParam('Project'), workOrderId: idParam('Work order') });

/** Start and target dates in order, when both are given. */
const datesInOrder = (v: { startDate?: string | null; targetDate?: string | null }) => !v.startDate || !v.targetDate || v.startDate <= v.targetDate;

/** `POST Projects` and `PUT Projects/{projectId}`: the whole project each time. */
export const projectBody = z
  .object({
    name: requiredText('Name', 200),
    customerId: idOf('Customer'),
    projectTypeId: idOf('Project type').nullish(),
    jobStatusId: idOf('Job status'),
    projectManagerId: idOf('Project manager').nullish(),
    startDate: dateText('Start date').nullish(),
    targetDate: dateText('Target date').nullish(),
    budget: moneyOf('Budget').nullish(),
    description: optionalText('Description', 4000).trim().nullish(),
  })
  .refine(datesInOrder, { message: 'Target date must not be before the start date.', path: ['targetDate'] })
  .meta({
    example: {
      name: 'FreshMart #112 kitchen remodel', customerId: 31, projectTypeId: 52, jobStatusId: 48, projectManagerId: 23,
      startDate: '2026-12-01', targetDate: '2027-02-15', budget: 48500, description: 'New grease trap, three hand sinks and a walk-in cooler.',
    },
  });
export type ProjectBody = z.input<typeof projectBody>;
export type ProjectParsed = z.output<typeof projectBody>;

/** Progress of a project: its work orders' jobs done of all, and its work orders done (no more visits) of all. */
export const projectProgressSchema = z.object({
  jobs: z.number(),
  jobsDone: z.number(),
  workOrders: z.number(),
  workOrdersDone: z.number(),
  /** Jobs done of all, a whole percent; null while it has no job. */
  percent: z.number().nullable(),
});
export type ProjectProgress = z.infer<typeof projectProgressSchema>;

/** A project as the board shows it. */
export const projectSchema = z.object({
  projectId: z.number(),
  projectNumber: z.number(),
  name: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  projectTypeId: z.number().nullable(),
  projectType: z.string().nullable(),
  jobStatusId: z.number(),
  jobStatus: z.string(),
  projectManagerId: z.number().nullable(),
  projectManagerName: z.string().nullable(),
  startDate: z.string().nullable(),
  targetDate: z.string().nullable(),
  budget: money.nullable(),
  description: z.string().nullable(),
  progress: projectProgressSchema,
});
export type Project = z.infer<typeof projectSchema>;

export const projectBoardQuery = z.object({
  projectManagerId: idParam('Project manager').optional(),
  jobStatusId: idParam('Job status').optional(),
  customerId: idParam('Customer').optional(),
});
export type ProjectBoardQuery = z.output<typeof projectBoardQuery>;

const choice = z.object({ id: z.number(), name: z.string() });

/** `GET Projects/board`: a column per job status, in the list's order, and the choices of the filters. */
export const projectBoardAnswer = z.object({
  columns: z.array(z.object({ jobStatusId: z.number(), title: z.string(), count: z.number(), projects: z.array(projectSchema) })),
  projectManagers: z.array(choice),
  customers: z.array(choice),
});
export type ProjectBoardAnswer = z.infer<typeof projectBoardAnswer>;

/** `POST Projects/{projectId}/crew`: a crew member of the list, or a user of the company (one of the two: `CREW_ONE_OF_TWO` otherwise), and what they do. */
export const CREW_ONE_OF_TWO = 'Choose a crew member or a user, one of the two.';
export const projectCrewBody = z
  .object({ crewMemberId: idOf('Crew member').nullish(), userId: idOf('User').nullish(), role: optionalText('Role', 100).trim().nullish() })
  .meta({ example: { crewMemberId: 61, role: 'Excavator operator' } });
export type ProjectCrewBody = z.input<typeof projectCrewBody>;

export const projectCrewSchema = z.object({ crewId: z.number(), crewMemberId: z.number().nullable(), userId: z.number().nullable(), name: z.string(), role: z.string().nullable() });
export type ProjectCrew = z.infer<typeof projectCrewSchema>;

/** `POST Projects/{projectId}/permits` and `PUT .../permits/{partId}`. */
export const projectPermitBody = z
  .object({
    permitTypeId: idOf('Permit type'),
    permitStatusId: idOf('Permit status'),
    permitNumber: optionalText('Permit number', 60).trim().nullish(),
    appliedOn: dateText('Applied date').nullish(),
    issuedOn: dateText('Issued date').nullish(),
    expiresOn: dateText('Expiry date').nullish(),
  })
  .refine((v) => !v.issuedOn || !v.expiresOn || v.issuedOn <= v.expiresOn, { message: 'Expiry date must not be before the issued date.', path: ['expiresOn'] })
  .meta({ example: { permitTypeId: 55, permitStatusId: 58, permitNumber: 'PLB-2026-11873', appliedOn: '2026-11-20', issuedOn: null, expiresOn: null } });
export type ProjectPermitBody = z.input<typeof projectPermitBody>;

export const projectPermitSchema = z.object({
  permitId: z.number(),
  permitTypeId: z.number(),
  permitType: z.string(),
  permitStatusId: z.number(),
  permitStatus: z.string(),
  permitNumber: z.string().nullable(),
  appliedOn: z.string().nullable(),
  issuedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
});
export type ProjectPermit = z.infer<typeof projectPermitSchema>;

/** `POST Projects/{projectId}/subcontractors` and `PUT .../subcontractors/{partId}`. */
export const projectSubcontractorBody = z
  .object({
    subContractorId: idOf('Subcontractor'),
    status: z.enum(SUBCONTRACTOR_STATUSES, { error: `Status must be one of ${SUBCONTRACTOR_STATUSES.join(', ')}.` }),
    amount: moneyOf('Amount'),
  })
  .meta({ example: { subContractorId: 64, status: 'Awarded', amount: 7250 } });
export type ProjectSubcontractorBody = z.input<typeof projectSubcontractorBody>;

export const projectSubcontractorSchema = z.object({
  subcontractorEntryId: z.number(),
  subContractorId: z.number(),
  name: z.string(),
  status: z.enum(SUBCONTRACTOR_STATUSES),
  amount: money,
});
export type ProjectSubcontractor = z.infer<typeof projectSubcontractorSchema>;

/** A work order of a project, with its jobs and survey jobs. */
export const projectWorkOrderSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  workOrderStatus: z.string(),
  isDone: z.boolean(),
  problem: z.string(),
  customerName: z.string(),
  technicians: z.array(z.string()),
  labor: money,
  materials: money,
  jobs: z.array(workOrderJobSchema),
});
export type ProjectWorkOrder = z.infer<typeof projectWorkOrderSchema>;

/** `GET Projects/{projectId}`: the project with its parts, its work orders and its cost to date against the budget. */
export const projectDetailSchema = projectSchema.extend({
  crew: z.array(projectCrewSchema),
  permits: z.array(projectPermitSchema),
  subcontractors: z.array(projectSubcontractorSchema),
  workOrders: z.array(projectWorkOrderSchema),
  cost: z.object({
    labor: money,
    materials: money,
    total: money.describe('Labor and materials of its work orders, as their invoices count them, before tax'),
    subcontracted: money.describe('The amounts of its subcontractors'),
    remaining: money.nullable().describe('Budget less the cost to date; negative when over; null without a budget'),
  }),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** `POST Projects/{projectId}/workOrders`. */
export const linkWorkOrderBody = z.object({ workOrderId: idOf('Work order') }).meta({ example: { workOrderId: 9120 } });

/** `GET Projects/linkableWorkOrders`: the company's work orders in no project, by number or customer. */
export const linkableWorkOrdersQuery = z.object({ search: optionalText('Search', 100).optional(), ...pagingQuery(50, 20) });
export const linkableWorkOrdersAnswer = z.array(
  z.object({ workOrderId: z.number(), workOrderNumber: z.string(), workOrderStatus: z.string(), customerName: z.string(), problem: z.string() }),
);
export type LinkableWorkOrder = z.infer<typeof linkableWorkOrdersAnswer>[number];

/** `GET Projects/options`: the active rows of the job settings and the active users a project's forms offer. */
export const projectOptionsAnswer = z.object({
  projectTypes: z.array(choice),
  jobStatuses: z.array(choice),
  crewMembers: z.array(choice),
  permitTypes: z.array(choice),
  permitStatuses: z.array(choice),
  subContractors: z.array(choice),
  users: z.array(choice),
});
export type ProjectOptions = z.infer<typeof projectOptionsAnswer>;

/** `GET Boards/workOrderJobs`: the open jobs and survey jobs of the company's work orders, and the latest done. */
export const workOrderJobsBoardQuery = z.object({
  technicianId: idParam('Technician').optional(),
  customerId: idParam('Customer').optional(),
  projectId: idParam('Project').optional(),
  take: pagingQuery(200, 50).take,
});
export type WorkOrderJobsBoardQuery = z.output<typeof workOrderJobsBoardQuery>;

export const jobCardSchema = workOrderJobSchema.extend({
  workOrderNumber: z.string(),
  customerName: z.string(),
  technicians: z.array(z.string()),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
});
export type JobCard = z.infer<typeof jobCardSchema>;

export const workOrderJobsBoardAnswer = z.object({
  columns: z.array(z.object({ key: z.enum(['jobs', 'surveys', 'completed']), title: z.string(), count: z.number(), cards: z.array(jobCardSchema) })),
  technicians: z.array(choice),
  customers: z.array(choice),
  projects: z.array(choice),
});
export type WorkOrderJobsBoardAnswer = z.infer<typeof workOrderJobsBoardAnswer>;
