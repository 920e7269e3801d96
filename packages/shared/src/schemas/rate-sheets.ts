import { z } from 'zod';
import { moneyOf } from '../helpers/money';
import { emailField } from './customers';
import { dateText, idOf, optionalText, required, requiredText } from './common';

/**
 * A billing customer's rate sheet (spec platform 2.1 account-settings/rateSheet, clock 000 §3): versions, each with an
 * effective date, the technicians' labor rates per Employee Type, truck types, per diem amounts and rate-sheet
 * standard items. The version in effect on a day is the latest approved one (or, when the company does not ask its
 * customers to approve, the latest saved one) effective on or before that day; work keeps the rates of its day.
 * A version is sent to the customer for approval through a link (/customerRateSheetApproval/{guid}) that lasts
 * RATE_SHEET_APPROVAL_DAYS days, answers once, and is rate-limited.
 */
export const RATE_SHEET_APPROVAL_DAYS = 14;
export const RATE_SHEET_STATUSES = ['saved', 'sent', 'approved', 'declined'] as const;
export type RateSheetStatus = (typeof RATE_SHEET_STATUSES)[number];
export const RATE_SHEET_DECISIONS = ['Approved', 'Declined'] as const;
export const RATE_SHEET_APPROVAL_STATUSES = ['Pending', ...RATE_SHEET_DECISIONS, 'Expired'] as const;

/** The sentence a technician on rate sheets reads when the customer has no rates of theirs on the day's version. */
export const noRateSheetMessage = (customerName: string) =>
  `Please set up Rate Sheet for this customer first. Ask the office to add your rates to ${customerName}'s rate sheet (Administration › Rate Sheet).`;

const list = <T extends z.ZodType>(label: string, item: T, max: number) =>
  z.array(item, { error: `${label} must be a list.` }).max(max, `${label} may have at most ${max} rows.`);

export const rateSheetLaborInput = z.object({
  technicianUserId: idOf('Technician'),
  employeeType: requiredText('Employee Type', 100),
  hourlyRate: moneyOf('Regular Rate'),
  otHourlyRate: moneyOf('Overtime Rate'),
  standByRate: moneyOf('Stand-by Rate'),
  apprenticeRate: moneyOf('Apprentice Rate').nullish(),
  dailyRate: moneyOf('Daily Rate'),
});
export const rateSheetTruckInput = z.object({ name: requiredText('Truck Type', 100), hourlyRate: moneyOf('Truck Hourly Rate'), tripCharge: moneyOf('Trip Charge') });
export const rateSheetPerDiemInput = z.object({ perDiemTypeId: idOf('Per Diem Type'), amount: moneyOf('Per Diem Amount') });
export const rateSheetStandardItemInput = z.object({ name: requiredText('Item Name', 200), itemRateTypeId: idOf('Item Rate Type'), price: moneyOf('Price') });

const versionFields = {
  name: requiredText('Rate Sheet Name', 100),
  effectiveFrom: dateText('Effective From'),
  labor: list('Labor rates', rateSheetLaborInput, 500),
  trucks: list('Trucks', rateSheetTruckInput, 100),
  perDiems: list('Per diems', rateSheetPerDiemInput, 100),
  standardItems: list('Standard items', rateSheetStandardItemInput, 500),
};

/** Each technician has an Employee Type once, each per-diem type one amount, each item name and rate type one price. */
function noRepeats(b: { labor: { technicianUserId: number; employeeType: string }[]; perDiems: { perDiemTypeId: number }[]; trucks: { name: string }[]; standardItems: { name: string; itemRateTypeId: number }[] }, ctx: z.RefinementCtx) {
  const twice = <T>(rows: T[], key: (r: T) => string, path: string, message: string) => {
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      const k = key(r);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [path, i], message });
      seen.add(k);
    });
  };
  twice(b.labor, (l) => `${l.technicianUserId}:${l.employeeType.trim().toLowerCase()}`, 'labor', 'A technician has each Employee Type once on a rate sheet.');
  twice(b.perDiems, (p) => String(p.perDiemTypeId), 'perDiems', 'Each per diem type has one amount on a rate sheet.');
  twice(b.trucks, (t) => t.name.trim().toLowerCase(), 'trucks', 'Each truck type is on a rate sheet once.');
  twice(b.standardItems, (s) => `${s.name.trim().toLowerCase()}:${s.itemRateTypeId}`, 'standardItems', 'Each item has one price per item rate type.');
}

const VERSION_EXAMPLE = {
  name: 'FreshMart 2027 rates',
  effectiveFrom: '2027-01-01',
  labor: [{ technicianUserId: 3, employeeType: 'Service Technician', hourlyRate: 95, otHourlyRate: 142.5, standByRate: 47.5, apprenticeRate: 60, dailyRate: 760 }],
  trucks: [{ name: 'Service Van', hourlyRate: 25, tripCharge: 85 }],
  perDiems: [{ perDiemTypeId: 1, amount: 55 }],
  standardItems: [{ name: 'Trip Charge', itemRateTypeId: 1, price: 75 }],
};

export const saveRateSheetBody = z.object(versionFields).superRefine(noRepeats).meta({ example: VERSION_EXAMPLE });
export type SaveRateSheetBody = z.input<typeof saveRateSheetBody>;

export const createRateSheetBody = z
  .object({ billingCustomerId: idOf('Billing Customer'), ...versionFields })
  .superRefine(noRepeats)
  .meta({ example: { billingCustomerId: 12, ...VERSION_EXAMPLE } });
export type CreateRateSheetBody = z.input<typeof createRateSheetBody>;

export const rateSheetSummarySchema = z.object({
  customerRateSheetId: z.number(),
  name: z.string(),
  effectiveFrom: z.string(),
  status: z.enum(RATE_SHEET_STATUSES),
  /** In effect today, in the company's time zone. */
  isCurrent: z.boolean(),
  /** Changed in place only while not in effect, approved or waiting for the customer; otherwise a new version is made. */
  isEditable: z.boolean(),
  createdAt: z.string(),
});
export type RateSheetSummary = z.infer<typeof rateSheetSummarySchema>;

export const rateSheetApprovalSchema = z.object({
  rateSheetApprovalId: z.number(),
  status: z.enum(RATE_SHEET_APPROVAL_STATUSES),
  sentTo: z.string(),
  requestedByName: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  approverName: z.string().nullable(),
  reason: z.string().nullable(),
});
export type RateSheetApproval = z.infer<typeof rateSheetApprovalSchema>;

const laborRow = rateSheetLaborInput.extend({ rateSheetLaborItemId: z.number(), technicianName: z.string(), apprenticeRate: z.number().nullable() });
const truckRow = rateSheetTruckInput.extend({ rateSheetTruckTypeId: z.number() });
const perDiemRow = rateSheetPerDiemInput.extend({ perDiemTypeName: z.string() });
const standardItemRow = rateSheetStandardItemInput.extend({ rateSheetStandardItemId: z.number(), itemRateTypeName: z.string() });

export const rateSheetVersionSchema = rateSheetSummarySchema.extend({
  billingCustomerId: z.number(),
  billingCustomerName: z.string(),
  labor: z.array(laborRow),
  trucks: z.array(truckRow),
  perDiems: z.array(perDiemRow),
  standardItems: z.array(standardItemRow),
  approvals: z.array(rateSheetApprovalSchema),
});
export type RateSheetVersion = z.infer<typeof rateSheetVersionSchema>;

/** A billing customer's rate sheet: whether the company asks approval, and every version, newest effective first. */
export const customerRateSheetAnswer = z.object({
  billingCustomerId: z.number(),
  billingCustomerName: z.string(),
  isApprovalRequired: z.boolean(),
  today: z.string(),
  versions: z.array(rateSheetSummarySchema),
  contacts: z.array(z.object({ name: z.string(), email: z.string() })),
});
export type CustomerRateSheet = z.infer<typeof customerRateSheetAnswer>;

export const rateSheetCustomersQuery = z.object({ search: optionalText('Search', 100).optional() });
export const rateSheetCustomerSchema = z.object({
  billingCustomerId: z.number(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  versionCount: z.number(),
  currentVersionName: z.string().nullable(),
});
export type RateSheetCustomer = z.infer<typeof rateSheetCustomerSchema>;

export const rateSheetTechnicianSchema = z.object({ userId: z.number(), name: z.string() });
export type RateSheetTechnician = z.infer<typeof rateSheetTechnicianSchema>;

export const rateSheetSettingsSchema = z.object({ isApprovalRequired: z.boolean({ error: 'Approval required must be true or false.' }) }).meta({ example: { isApprovalRequired: true } });
export type RateSheetSettings = z.infer<typeof rateSheetSettingsSchema>;

const sendTo = emailField('Send To').refine((v) => v != null, required('Send To'));
export const sendRateSheetBody = z.object({ email: sendTo }).meta({ example: { email: 'ap@freshmart.example' } });
export type SendRateSheetBody = z.input<typeof sendRateSheetBody>;

/** The new request, with its link: shown once, since only its fingerprint is kept. */
export const sentRateSheetAnswer = rateSheetApprovalSchema.extend({ customerRateSheetApprovalGuid: z.string(), path: z.string() });
export type SentRateSheet = z.infer<typeof sentRateSheetAnswer>;

/** What the customer reads through the link. */
export const publicRateSheetAnswer = z.object({
  companyName: z.string(),
  customerName: z.string(),
  name: z.string(),
  effectiveFrom: z.string(),
  status: z.enum(RATE_SHEET_APPROVAL_STATUSES),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  approverName: z.string().nullable(),
  reason: z.string().nullable(),
  labor: z.array(z.object({ technicianName: z.string(), employeeType: z.string(), hourlyRate: z.number(), otHourlyRate: z.number(), standByRate: z.number(), apprenticeRate: z.number().nullable(), dailyRate: z.number() })),
  trucks: z.array(z.object({ name: z.string(), hourlyRate: z.number(), tripCharge: z.number() })),
  perDiems: z.array(z.object({ perDiemTypeName: z.string(), amount: z.number() })),
  standardItems: z.array(z.object({ name: z.string(), itemRateTypeName: z.string(), price: z.number() })),
});
export type PublicRateSheet = z.infer<typeof publicRateSheetAnswer>;

export const rateSheetApprovalGuidParam = z.object({ customerRateSheetApprovalGuid: z.string().max(200, 'This approval link is not valid.') });

export const rateSheetDecisionBody = z
  .object({
    decision: z.enum(RATE_SHEET_DECISIONS, { error: 'Decision must be Approved or Declined.' }),
    approverName: requiredText('Your Name', 100),
    reason: optionalText('Reason', 1000).nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'Declined' && !b.reason?.trim()) ctx.addIssue({ code: 'custom', path: ['reason'], message: required('Reason') });
  })
  .meta({ example: { decision: 'Approved', approverName: 'Dana Lopez, accounts payable', reason: null } });
export type RateSheetDecisionBody = z.input<typeof rateSheetDecisionBody>;
