import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam, messageAnswer, PAY_FIGURES, payrollReportAnswer, payPeriodLockBody, payPeriodQuery, payPeriodSchema, payrollSettingsSchema, ptoEntryBody, TIMESHEET_ALL, TIMESHEET_APPROVE, TIMESHEET_LOCK, TIMESHEET_OWN,
  timesheetAdjustmentBody, timesheetAdjustmentSchema, timesheetApprovalBody, timesheetApprovalQuery, timesheetDetailAnswer, timesheetSummaryAnswer, timesheetSummaryRowSchema,
} from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { contentDisposition } from '../../../lib/content-disposition';
import { sendPdf } from '../../money/documents/documents.routes';
import { financialPeriodsRoutes } from './financial-periods.routes';
import { payrollReport, payrollReportCsv } from './payroll-report.service';
import { getPayrollSettings, savePayrollSettings } from './payroll-settings.service';
import { printTimesheets, printWeeklyTimesheet } from './timesheet-document';
import { addPtoEntry, adjustTimesheet, approveTimesheet, deletePtoEntry, lockPayPeriod, withdrawTimesheetApproval } from './timesheet-approvals.service';
import { timesheetDetail, timesheetSummary } from './timesheets.service';

/**
 * Timesheets and pay periods (spec platform 2.1 /payroll, 5.6, 6.3): built from labor and paid work statuses; approved
 * by "Main Timesheet", locked and adjusted by "Lock Timesheet". A locked period's time is guarded by the database.
 */
export function timesheetsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Timesheets'];
  financialPeriodsRoutes(app, deps);
  r.get('/api/v1/Payroll/payrollSettings', {
    config: { access: TIMESHEET_OWN },
    schema: { operationId: 'getPayrollSettings', summary: "How the company pays: weekly or bi-weekly, the pay week's first day, and when overtime starts", tags, response: { 200: payrollSettingsSchema } },
    handler: (req) => getPayrollSettings(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/Payroll/payrollSettings', {
    config: { access: TIMESHEET_LOCK },
    schema: { operationId: 'savePayrollSettings', summary: 'Change how the company pays; locked periods keep their dates', tags, body: payrollSettingsSchema, response: { 200: payrollSettingsSchema } },
    handler: (req) => savePayrollSettings(ctxOf(req, deps.db), req.body),
  });
  r.get('/api/v1/Payroll/timesheets', {
    config: { access: TIMESHEET_ALL },
    schema: { operationId: 'getTimesheets', summary: "Every employee's hours in the pay period of a date (today when left out), with approvals", tags, querystring: payPeriodQuery, response: { 200: timesheetSummaryAnswer } },
    handler: (req) => timesheetSummary(ctxOf(req, deps.db), req.query.date),
  });
  // A static segment wins over a parameter in Fastify's router whatever the order; registered first all the same.
  r.get('/api/v1/Payroll/timesheets/print', {
    config: { access: TIMESHEET_ALL },
    schema: {
      operationId: 'printTimesheets',
      summary: "Every employee's timesheet of the pay period of a date (today when left out) as a PDF, each from a new page, to sign",
      tags,
      querystring: payPeriodQuery,
      response: { 200: z.string().describe('A PDF') },
    },
    handler: async (req, reply) => {
      const { pdf, fileName } = await printTimesheets(ctxOf(req, deps.db), req.query.date);
      return sendPdf(reply, pdf, fileName);
    },
  });
  r.get('/api/v1/Payroll/timesheets/:userId/weeklyPrint', {
    config: { access: TIMESHEET_OWN },
    schema: {
      operationId: 'printWeeklyTimesheet',
      summary: "One employee's pay week holding a date (today when left out) as a PDF with the week's totals: the caller's own, or anyone's with Main Timesheet",
      tags,
      params: z.object({ userId: idParam('Employee') }),
      querystring: payPeriodQuery,
      response: { 200: z.string().describe('A PDF') },
    },
    handler: async (req, reply) => {
      const { pdf, fileName } = await printWeeklyTimesheet(ctxOf(req, deps.db), req.access!, req.params.userId, req.query.date);
      return sendPdf(reply, pdf, fileName);
    },
  });
  r.get('/api/v1/Payroll/timesheets/:userId', {
    config: { access: TIMESHEET_OWN },
    schema: {
      operationId: 'getTimesheet',
      summary: "One employee's days in the pay period of a date: the caller's own, or anyone's with Main Timesheet",
      tags,
      params: z.object({ userId: idParam('Employee') }),
      querystring: payPeriodQuery,
      response: { 200: timesheetDetailAnswer },
    },
    handler: (req) => timesheetDetail(ctxOf(req, deps.db), req.access!, req.params.userId, req.query.date),
  });
  r.get('/api/v1/Payroll/payrollReport', {
    config: { access: PAY_FIGURES },
    schema: {
      operationId: 'getPayrollReport',
      summary: "Each employee's hours of the pay period of a date, with adjustments, and their pay to the cent (Can Access Payroll)",
      tags,
      querystring: payPeriodQuery,
      response: { 200: payrollReportAnswer },
    },
    handler: (req) => payrollReport(ctxOf(req, deps.db), req.query.date),
  });
  r.get('/api/v1/Payroll/payrollReport/csv', {
    config: { access: PAY_FIGURES },
    schema: {
      operationId: 'getPayrollReportCsv',
      summary: 'The payroll report of the pay period of a date as a CSV file for the payroll provider (Can Access Payroll)',
      description: 'Answers text/csv (RFC 4180), one header row then one row per employee. Cells starting with = + - @, a tab or a carriage return are prefixed with an apostrophe so spreadsheets do not run them; hours and amounts are written as numbers.',
      tags,
      querystring: payPeriodQuery,
      response: { 200: z.string().describe('CSV text') },
    },
    handler: async (req, reply) => {
      const { csv, fileName } = await payrollReportCsv(ctxOf(req, deps.db), req.query.date);
      return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store').header('content-disposition', contentDisposition(fileName)).send(csv);
    },
  });
  r.post('/api/v1/Payroll/timesheetApprovals', {
    config: { access: TIMESHEET_APPROVE, errors: [409] },
    schema: { operationId: 'approveTimesheet', summary: "Approve an employee's hours of an open pay period as they are now", tags, body: timesheetApprovalBody, response: { 200: timesheetSummaryRowSchema } },
    handler: (req) => approveTimesheet(ctxOf(req, deps.db), req.body),
  });
  r.delete('/api/v1/Payroll/timesheetApprovals', {
    config: { access: TIMESHEET_APPROVE, errors: [409] },
    schema: { operationId: 'withdrawTimesheetApproval', summary: 'Take back an approval while its pay period is open', tags, querystring: timesheetApprovalQuery, response: { 200: messageAnswer } },
    handler: async (req) => {
      await withdrawTimesheetApproval(ctxOf(req, deps.db), req.query);
      return { message: 'The approval was withdrawn.' };
    },
  });
  r.post('/api/v1/Payroll/payPeriodLocks', {
    config: { access: TIMESHEET_LOCK, errors: [409] },
    schema: { operationId: 'lockPayPeriod', summary: 'Lock a pay period that is over, once its timesheets are approved: its time can no longer change', tags, body: payPeriodLockBody, response: { 200: payPeriodSchema } },
    handler: (req) => lockPayPeriod(ctxOf(req, deps.db), req.body.startsOn),
  });
  r.post('/api/v1/Payroll/timesheetAdjustments', {
    config: { access: TIMESHEET_LOCK },
    schema: { operationId: 'adjustTimesheet', summary: "Correct an employee's hours on a day, with the reason (how a locked period changes)", tags, body: timesheetAdjustmentBody, response: { 200: timesheetAdjustmentSchema } },
    handler: (req) => adjustTimesheet(ctxOf(req, deps.db), req.body),
  });
  r.post('/api/v1/Payroll/ptoEntries', {
    config: { access: TIMESHEET_APPROVE, errors: [409] },
    schema: { operationId: 'addPtoEntry', summary: 'Add paid time off on a day of an open pay period', tags, body: ptoEntryBody, response: { 200: z.object({ ptoEntryId: z.number(), minutes: z.number() }) } },
    handler: (req) => addPtoEntry(ctxOf(req, deps.db), req.body),
  });
  r.delete('/api/v1/Payroll/ptoEntries/:id', {
    config: { access: TIMESHEET_APPROVE, errors: [409] },
    schema: { operationId: 'deletePtoEntry', summary: 'Remove time off from an open pay period', tags, params: z.object({ id: idParam('Time off') }), response: { 200: messageAnswer } },
    handler: async (req) => {
      await deletePtoEntry(ctxOf(req, deps.db), req.params.id);
      return { message: 'The time off was removed.' };
    },
  });
}
