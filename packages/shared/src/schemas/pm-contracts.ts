import { z } from 'zod';
import { moneyOf } from '../helpers/money';
import { PM_MAX_TASKS, PM_TASK_LENGTH } from '../pm-lists';
import { emailField } from './customers';
import { dateText, idOf, idParam, optionalText, pagingQuery, required, requiredText } from './common';
import { linesOf, repeatRuleOf } from './reference-lists';

/**
 * Preventive-maintenance contracts (spec platform 2.1 /preventative-maintenance, /view-pm-contract): at one customer
 * location, the equipment covered with the tasks done on each piece at every visit, how often it is visited (a
 * frequency of the list, whose rule is copied, or a rule written by hand), the price per visit or per year, the term,
 * and who goes when. A contract is drafted, sent to the customer through a link (/preventiveMaintenanceApproval/{guid}),
 * approved or declined there, and may be cancelled. An approved contract changed later stays approved.
 */
export const PM_CONTRACT_STATUSES = ['draft', 'sent', 'approved', 'declined', 'cancelled'] as const;
export type PmContractStatus = (typeof PM_CONTRACT_STATUSES)[number];
export const PM_PRICE_BASES = ['visit', 'year'] as const;
export const PM_CONTRACT_APPROVAL_DAYS = 14;
export const PM_CONTRACT_DECISIONS = ['Approved', 'Declined'] as const;
export const PM_CONTRACT_APPROVAL_STATUSES = ['Pending', ...PM_CONTRACT_DECISIONS, 'Expired'] as const;
export const PM_STATUS_LABELS: Record<PmContractStatus, string> = { draft: 'Draft', sent: 'Sent', approved: 'Approved', declined: 'Declined', cancelled: 'Cancelled' };

const tasksField = linesOf('Tasks', { label: 'Task', max: PM_MAX_TASKS }, PM_TASK_LENGTH, true);
const timeOfDay = z
  .string({ error: 'Visit Time must be a time of day.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Visit Time must be a time of day written HH:MM (24 hours).');
const wholeOf = (label: string, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a number.`) })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

/** A piece covered: its tasks, or none to take them from the chosen template or its category's template. */
export const pmContractEquipmentInput = z.object({ equipmentId: idOf('Equipment'), tasks: tasksField.optional() });

const contractFields = {
  name: requiredText('Contract Name', 100),
  frequencyId: idOf('Frequency').nullish(),
  recurrenceRule: repeatRuleOf('Repeat Rule').nullish(),
  templateId: idOf('Task Template').nullish(),
  equipment: z
    .array(pmContractEquipmentInput, { error: 'Equipment must be a list.' })
    .min(1, 'Choose at least one piece of equipment.')
    .max(200, 'A contract covers at most 200 pieces of equipment.')
    .refine((rows) => new Set(rows.map((r) => r.equipmentId)).size === rows.length, 'Each piece of equipment is on a contract once.'),
  price: moneyOf('Price'),
  priceBasis: z.enum(PM_PRICE_BASES, { error: 'Price Per must be visit or year.' }),
  startsOn: dateText('Starts On'),
  endsOn: dateText('Ends On'),
  renewsAutomatically: z.boolean({ error: 'Renews Automatically must be true or false.' }).default(false),
  technicianUserId: idOf('Technician').nullish(),
  visitTime: timeOfDay.nullish(),
  visitMinutes: wholeOf('Visit Length', 15, 1440).default(60),
  leadDays: wholeOf('Lead Days', 0, 365).default(14),
  notes: optionalText('Notes', 2000).nullish(),
};

/** One frequency, either from the list or written; the term ends on or after it starts. */
function termAndFrequency(b: { frequencyId?: number | null; recurrenceRule?: string | null; startsOn: string; endsOn: string }, ctx: z.RefinementCtx) {
  if (b.frequencyId == null && !b.recurrenceRule) ctx.addIssue({ code: 'custom', path: ['frequencyId'], message: 'Choose a frequency or write a repeat rule.' });
  if (b.frequencyId != null && b.recurrenceRule) ctx.addIssue({ code: 'custom', path: ['recurrenceRule'], message: 'Choose a frequency or write a repeat rule, not both.' });
  if (b.endsOn < b.startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'Ends On must not be before Starts On.' });
}

const SAVE_EXAMPLE = {
  name: 'Downtown Grill refrigeration PM', frequencyId: 2, recurrenceRule: null, templateId: null,
  equipment: [{ equipmentId: 41, tasks: ['Clean condenser coil', 'Check refrigerant pressures and superheat'] }],
  price: 185, priceBasis: 'visit', startsOn: '2027-01-01', endsOn: '2027-12-31', renewsAutomatically: true, technicianUserId: 3, visitTime: '08:00',
  visitMinutes: 90, leadDays: 14, notes: 'Roof access by the east ladder.',
};

/** `PUT PmContract/{pmContractId}`: the contract's terms (its location stays). */
export const savePmContractBody = z.object(contractFields).superRefine(termAndFrequency).meta({ example: SAVE_EXAMPLE });
export type SavePmContractBody = z.input<typeof savePmContractBody>;
export type SavePmContractParsed = z.output<typeof savePmContractBody>;

/** `POST PmContract`: a new draft contract at a customer location. */
export const createPmContractBody = z
  .object({ customerId: idOf('Location'), ...contractFields })
  .superRefine(termAndFrequency)
  .meta({ example: { customerId: 12, ...SAVE_EXAMPLE } });
export type CreatePmContractBody = z.input<typeof createPmContractBody>;
export type CreatePmContractParsed = z.output<typeof createPmContractBody>;

export const pmContractIdParams = z.object({ pmContractId: idParam('PM contract') });
export const pmLocationParams = z.object({ customerId: idParam('Location') });

export const pmContractApprovalSchema = z.object({
  pmContractApprovalId: z.number(),
  status: z.enum(PM_CONTRACT_APPROVAL_STATUSES),
  sentTo: z.string().nullable(),
  requestedByName: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  approverName: z.string().nullable(),
  comment: z.string().nullable(),
});
export type PmContractApproval = z.infer<typeof pmContractApprovalSchema>;

export const pmContractSummarySchema = z.object({
  pmContractId: z.number(),
  name: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  customerAddress: z.string(),
  frequencyName: z.string().nullable(),
  recurrenceRule: z.string(),
  price: z.number(),
  priceBasis: z.enum(PM_PRICE_BASES),
  startsOn: z.string(),
  endsOn: z.string(),
  renewsAutomatically: z.boolean(),
  status: z.enum(PM_CONTRACT_STATUSES),
  technicianName: z.string().nullable(),
  equipmentCount: z.number(),
  /** The next date the rule gives on or after the company's today, within the term; null when none is left. */
  nextDueOn: z.string().nullable(),
});
export type PmContractSummary = z.infer<typeof pmContractSummarySchema>;

export const pmContractEquipmentSchema = z.object({
  equipmentId: z.number(),
  name: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  serialNumber: z.string().nullable(),
  isActive: z.boolean(),
  tasks: z.array(z.string()),
});
export type PmContractEquipment = z.infer<typeof pmContractEquipmentSchema>;

export const pmContractSchema = pmContractSummarySchema.extend({
  technicianUserId: z.number().nullable(),
  visitTime: z.string().nullable(),
  visitMinutes: z.number(),
  leadDays: z.number(),
  approvedAt: z.string().nullable(),
  approverName: z.string().nullable(),
  notes: z.string().nullable(),
  equipment: z.array(pmContractEquipmentSchema),
  approvals: z.array(pmContractApprovalSchema),
  /** The location's contacts with an address, and its own, for the send dialog. */
  contacts: z.array(z.object({ name: z.string(), email: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PmContract = z.infer<typeof pmContractSchema>;

/** `GET PmContract`: a page of the company's contracts, filtered by status, location and a text in its name or location. */
export const pmContractListQuery = z.object({
  status: z.enum(PM_CONTRACT_STATUSES, { error: `Status must be one of ${PM_CONTRACT_STATUSES.join(', ')}.` }).optional(),
  customerId: idParam('Location').optional(),
  search: optionalText('Search', 100).trim().optional(),
  ...pagingQuery(100, 25),
});
export type PmContractListQuery = z.input<typeof pmContractListQuery>;
export type PmContractListParsed = z.output<typeof pmContractListQuery>;
export const pmContractListAnswer = z.object({ data: z.array(pmContractSummarySchema), total: z.number() });
export type PmContractList = z.infer<typeof pmContractListAnswer>;

/** `GET PmContract/choices`: the frequencies, task templates, tasks and technicians the contract form offers. */
export const pmContractChoicesAnswer = z.object({
  frequencies: z.array(z.object({ id: z.number(), name: z.string(), rule: z.string() })),
  templates: z.array(z.object({ id: z.number(), name: z.string(), tasks: z.array(z.string()) })),
  categoryTemplates: z.array(z.object({ id: z.number(), name: z.string(), categoryId: z.number(), tasks: z.array(z.string()) })),
  tasks: z.array(z.string()),
  technicians: z.array(z.object({ userId: z.number(), name: z.string() })),
});
export type PmContractChoices = z.infer<typeof pmContractChoicesAnswer>;

/** `GET PmContract/location/{customerId}/equipment`: the active pieces at a location, each with its category's tasks. */
export const pmLocationEquipmentAnswer = z.array(pmContractEquipmentSchema);

const sendTo = emailField('Send To').refine((v) => v != null, required('Send To'));
export const sendPmContractBody = z.object({ email: sendTo }).meta({ example: { email: 'facilities@downtowngrill.example' } });
export type SendPmContractBody = z.input<typeof sendPmContractBody>;

/** The new request, with its link: shown once, since only its fingerprint is kept. */
export const sentPmContractAnswer = pmContractApprovalSchema.extend({ preventiveMaintenanceApprovalGuid: z.string(), path: z.string() });
export type SentPmContract = z.infer<typeof sentPmContractAnswer>;

/** What the customer reads through the link. */
export const publicPmContractAnswer = z.object({
  companyName: z.string(),
  customerName: z.string(),
  customerAddress: z.string(),
  name: z.string(),
  frequencyName: z.string().nullable(),
  recurrenceRule: z.string(),
  price: z.number(),
  priceBasis: z.enum(PM_PRICE_BASES),
  startsOn: z.string(),
  endsOn: z.string(),
  renewsAutomatically: z.boolean(),
  status: z.enum(PM_CONTRACT_APPROVAL_STATUSES),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  approverName: z.string().nullable(),
  comment: z.string().nullable(),
  equipment: z.array(z.object({ name: z.string(), categoryName: z.string(), serialNumber: z.string().nullable(), tasks: z.array(z.string()) })),
});
export type PublicPmContract = z.infer<typeof publicPmContractAnswer>;

export const pmApprovalGuidParam = z.object({ preventiveMaintenanceApprovalGuid: z.string().max(200, 'This approval link is not valid.') });

export const pmContractDecisionBody = z
  .object({
    decision: z.enum(PM_CONTRACT_DECISIONS, { error: 'Decision must be Approved or Declined.' }),
    approverName: requiredText('Your Name', 100),
    comment: optionalText('Comment', 1000).nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'Declined' && !b.comment?.trim()) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Say why you decline, so the company can answer.' });
  })
  .meta({ example: { decision: 'Approved', approverName: 'Dana Lopez, facilities manager', comment: null } });
export type PmContractDecisionBody = z.input<typeof pmContractDecisionBody>;
