import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMPANY_DASHBOARD_ACCESS, companyDashboardAnswer, DATA_SPECIALIST_BOARD_ACCESS, DSM_DASHBOARD_ACCESS, dsmDashboardAnswer, QUOTE_SPECIALIST_BOARD_ACCESS, workOrderBoardAnswer, workOrderBoardQuery,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { companyDashboard } from './company-dashboard.service';
import { dsmDashboard } from './dsm-dashboard.service';
import { dataSpecialistBoard, quoteSpecialistBoard } from './role-boards.service';

const CARD = {
  workOrderId: 9120, workOrderNumber: '240188', workOrderStatusId: 4, workOrderStatus: 'Fix Work Description', problem: 'Walk-in cooler not holding temperature',
  customerName: 'FreshMart #112', customerCity: 'Dallas', technicians: ['Tom Alvarez'], daysInStatus: 3, missing: ['Work description'], quote: null,
};
const EXAMPLE = {
  columns: [{ key: '4', title: 'Fix Work Description', workOrderStatusId: 4, count: 1, cards: [CARD] }],
  technicians: [{ id: 8, name: 'Tom Alvarez' }],
  customers: [{ id: 31, name: 'FreshMart #112' }],
};
const QUOTE_EXAMPLE = {
  ...EXAMPLE,
  columns: [{ key: '35', title: 'Quote Pending', workOrderStatusId: 35, count: 1, cards: [{ ...CARD, workOrderStatusId: 35, workOrderStatus: 'Quote Pending', missing: [], quote: { quoteNumber: 1042, quoteVersion: 1, status: 'Pending' as const, daysInStatus: 2 } }] }],
};

const COMPANY_EXAMPLE = {
  today: '2026-11-30',
  weekStart: '2026-11-29',
  field: { technicians: 14, working: 6, hoursToday: 31.25, openWorkOrders: 87, openedToday: 5, openedThisWeek: 19 },
  money: { invoicedThisMonth: 184210.55, invoicedLastMonth: 201330.1, pastDue: 24150.8, pastDueCustomers: 11, quotesWaiting: 23 },
  attention: [
    { key: 'postingsFailed' as const, count: 1 }, { key: 'emailsFailed' as const, count: 0 }, { key: 'providerRefusals' as const, count: 2 },
    { key: 'laborCorrections' as const, count: 3 }, { key: 'invitationsPending' as const, count: 1 }, { key: 'creditHolds' as const, count: 2 }, { key: 'jobsFailed' as const, count: 0 },
  ],
  users: { active: 42, byRole: [{ role: 'Technician', count: 14 }, { role: 'Dispatcher', count: 3 }] },
};

const DSM_EXAMPLE = {
  scope: { kind: 'district' as const, name: 'Dallas' },
  today: '2026-11-30',
  weekStart: '2026-11-30',
  revenue: { thisMonth: '18240.55', lastMonth: '21410.00', thisMonthInvoices: 12, lastMonthInvoices: 15 },
  openWorkOrders: { total: 41, groups: [{ group: 'To schedule', count: 12 }, { group: 'In progress', count: 9 }] },
  overdueVisits: { count: 1, visits: [{ schedulerId: 77, start: '2026-11-27T14:00:00.000Z', workOrderId: 9120, workOrderNumber: '240188', workOrderStatus: 'ToDo', customerName: 'FreshMart #112', technicianName: 'Tom Alvarez' }] },
  utilisation: [{ userId: 8, name: 'Tom Alvarez', scheduledHours: 32, clockedHours: 27.5, percent: 86 }],
};

/**
 * The office's role boards (issue 31): the data specialist's and the quote specialist's work orders, a column per
 * status, and the DSM dashboard; who may read each is said beside their pages' paths (`page-paths.ts`).
 */
export function roleBoardsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Boards'];
  r.get('/api/v1/Boards/dataSpecialist', {
    config: { access: DATA_SPECIALIST_BOARD_ACCESS },
    schema: {
      operationId: 'getDataSpecialistBoard',
      summary: "The data specialist's board: work orders whose data has to be fixed, a column per status and one for missing data",
      description:
        'Columns Need Attachment, Fix Work Description, Fix Time, Get MM Serial and Put Parts Info In, then Missing data: open work orders with finished labor that have no work description or name no equipment. Each column is counted in full and holds its `take` longest-waiting cards.',
      tags,
      querystring: workOrderBoardQuery,
      response: { 200: workOrderBoardAnswer.meta({ example: EXAMPLE }) },
    },
    handler: (req) => dataSpecialistBoard(ctxOf(req, deps.db), req.query),
  });
  r.get('/api/v1/Boards/quoteSpecialist', {
    config: { access: QUOTE_SPECIALIST_BOARD_ACCESS },
    schema: {
      operationId: 'getQuoteSpecialistBoard',
      summary: "The quote specialist's board: the quotes to write and chase, a column per status",
      description: 'Columns Need Quote, Quote Pending, Quote Open, Get NTE Raised and NTE Raise Requested; each card holds the newest quote of its work order, its status and its days in it.',
      tags,
      querystring: workOrderBoardQuery,
      response: { 200: workOrderBoardAnswer.meta({ example: QUOTE_EXAMPLE }) },
    },
    handler: (req) => quoteSpecialistBoard(ctxOf(req, deps.db), req.query),
  });
  r.get('/api/v1/Boards/dsmDashboard', {
    config: { access: DSM_DASHBOARD_ACCESS },
    schema: {
      operationId: 'getDsmDashboard',
      summary: "The DSM dashboard: the caller's district's revenue, open work, overdue visits and technicians' utilisation",
      description:
        "The district is the caller's own (users page), else their region, else the whole company; its work orders are those assigned to its field technicians. Revenue sums the invoices' frozen totals, exactly, by invoice date.",
      tags,
      response: { 200: dsmDashboardAnswer.meta({ example: DSM_EXAMPLE }) },
    },
    handler: (req) => dsmDashboard(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/Boards/companyDashboard', {
    config: { access: COMPANY_DASHBOARD_ACCESS },
    schema: {
      operationId: 'getCompanyDashboard',
      summary: 'The company dashboard: the field now, work opened, money invoiced and past due, what needs attention, users by role',
      description:
        'The whole company as of its today (its time zone): counts and exact sums in one statement. Attention counts failed postings, undelivered e-mails, refused provider calls and failed jobs of the last 7 days, waiting fix-time requests, pending invitations and credit holds.',
      tags,
      response: { 200: companyDashboardAnswer.meta({ example: COMPANY_EXAMPLE }) },
    },
    handler: (req) => companyDashboard(ctxOf(req, deps.db)),
  });
}
