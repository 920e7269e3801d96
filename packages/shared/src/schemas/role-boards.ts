import { z } from 'zod';
import { idParam, pagingQuery } from './common';

/**
 * The work-order boards of the office's roles (spec platform 2.1 /management/dataSpecialist and quoteSpecialist):
 * the company's work orders in the statuses the role works on, a column per status, each column counted in full and
 * holding its oldest `take` cards. `technicianId` keeps the work orders assigned to that technician, `customerId`
 * those of that customer (the site or its billing customer).
 */
export const workOrderBoardQuery = z.object({
  technicianId: idParam('Technician').optional(),
  customerId: idParam('Customer').optional(),
  take: pagingQuery(100, 25).take,
});
export type WorkOrderBoardQuery = z.output<typeof workOrderBoardQuery>;

/** The quote a card's work order has (its newest), where it stands and for how many days it has stood there. */
export const boardQuoteSchema = z.object({
  quoteNumber: z.number(),
  quoteVersion: z.number(),
  status: z.enum(['Open', 'Pending', 'Submitted', 'Approved', 'Rejected']),
  daysInStatus: z.number(),
});
export type BoardQuote = z.infer<typeof boardQuoteSchema>;

/** One work order on a board. */
export const boardCardSchema = z.object({
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  workOrderStatusId: z.number(),
  workOrderStatus: z.string(),
  problem: z.string(),
  customerName: z.string(),
  customerCity: z.string().nullable(),
  technicians: z.array(z.string()),
  /** Whole days since the work order entered its status (since it was created when no change is recorded). */
  daysInStatus: z.number(),
  /** What the data specialist has to fix, in words ("Work description", "Equipment"); empty on the quote board. */
  missing: z.array(z.string()),
  quote: boardQuoteSchema.nullable(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** A column: a status (or the work orders missing data), how many work orders it holds, and the first of them. */
export const boardColumnSchema = z.object({
  key: z.string(),
  title: z.string(),
  workOrderStatusId: z.number().nullable(),
  count: z.number(),
  cards: z.array(boardCardSchema),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

const boardOption = z.object({ id: z.number(), name: z.string() });

/** A board: its columns, and the technicians and customers its work orders have, for the filters. */
export const workOrderBoardAnswer = z.object({
  columns: z.array(boardColumnSchema),
  technicians: z.array(boardOption),
  customers: z.array(boardOption),
});
export type WorkOrderBoardAnswer = z.infer<typeof workOrderBoardAnswer>;

/** How many of the district's open work orders stand in a group of statuses. */
export const dsmStatusGroupSchema = z.object({ group: z.string(), count: z.number() });

/** A visit planned before now whose work order is still open and which its technician never clocked in to. */
export const dsmOverdueVisitSchema = z.object({
  schedulerId: z.number(),
  start: z.string(),
  workOrderId: z.number(),
  workOrderNumber: z.string(),
  workOrderStatus: z.string(),
  customerName: z.string(),
  technicianName: z.string(),
});

/** A technician's week: hours clocked on work orders against hours scheduled, and their ratio in percent. */
export const dsmUtilisationSchema = z.object({
  userId: z.number(),
  name: z.string(),
  scheduledHours: z.number(),
  clockedHours: z.number(),
  /** Whole percent of the scheduled hours clocked; null when nothing was scheduled. */
  percent: z.number().nullable(),
});

/**
 * `Boards/dsmDashboard`: the figures of the caller's district (or region, or the whole company; `scope` says which):
 * revenue of this month and the last (the frozen totals of the invoices of its work orders, exact decimals), its open
 * work orders by status group, its overdue visits and its technicians' utilisation this week.
 */
export const dsmDashboardAnswer = z.object({
  scope: z.object({ kind: z.enum(['district', 'region', 'company']), name: z.string() }),
  today: z.string(),
  weekStart: z.string(),
  revenue: z.object({ thisMonth: z.string(), lastMonth: z.string(), thisMonthInvoices: z.number(), lastMonthInvoices: z.number() }),
  openWorkOrders: z.object({ total: z.number(), groups: z.array(dsmStatusGroupSchema) }),
  overdueVisits: z.object({ count: z.number(), visits: z.array(dsmOverdueVisitSchema) }),
  utilisation: z.array(dsmUtilisationSchema),
});
export type DsmDashboardAnswer = z.infer<typeof dsmDashboardAnswer>;

/** What the company dashboard asks an administrator to look at, each counted (see its service for what each counts). */
export const COMPANY_ATTENTION_KEYS = ['postingsFailed', 'emailsFailed', 'providerRefusals', 'laborCorrections', 'invitationsPending', 'creditHolds', 'jobsFailed'] as const;
export type CompanyAttentionKey = (typeof COMPANY_ATTENTION_KEYS)[number];

/** The days back the dashboard counts failed e-mails, refused provider calls and failed jobs. */
export const COMPANY_ATTENTION_DAYS = 7;

/**
 * `Boards/companyDashboard` (administration dashboard): the whole company at a glance as of its today: the field now,
 * work opened, money invoiced and past due (exact, as JSON numbers), what needs an administrator's attention, and
 * its active users by role.
 */
export const companyDashboardAnswer = z.object({
  today: z.string(),
  weekStart: z.string().meta({ description: 'The Sunday the week began on (spec platform 9)' }),
  field: z.object({
    technicians: z.number().meta({ description: 'Active users in a field role' }),
    working: z.number().meta({ description: 'Users clocked in on a work order now' }),
    hoursToday: z.number().meta({ description: 'Hours clocked on work orders today so far, to the hundredth' }),
    openWorkOrders: z.number(),
    openedToday: z.number(),
    openedThisWeek: z.number(),
  }),
  money: z.object({
    invoicedThisMonth: z.number(),
    invoicedLastMonth: z.number(),
    pastDue: z.number().meta({ description: 'What billing customers owe past their terms' }),
    pastDueCustomers: z.number(),
    quotesWaiting: z.number().meta({ description: 'Quotes whose current version is neither approved nor rejected' }),
  }),
  attention: z.array(z.object({ key: z.enum(COMPANY_ATTENTION_KEYS), count: z.number() })),
  users: z.object({ active: z.number(), byRole: z.array(z.object({ role: z.string(), count: z.number() })) }),
});
export type CompanyDashboardAnswer = z.infer<typeof companyDashboardAnswer>;
