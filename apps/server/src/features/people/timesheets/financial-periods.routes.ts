import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { financialPeriodBody, financialPeriodSchema, financialPeriodsQuery, idParam, messageAnswer, TIMESHEET_LOCK, TIMESHEET_OWN } from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf } from '../../../lib/access-control';
import { createFinancialPeriod, deleteFinancialPeriod, listFinancialPeriods, updateFinancialPeriod } from './financial-periods.service';

/** Financial periods (account settings): read with the Timesheet module, kept by those who lock pay periods. */
export function financialPeriodsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Timesheets'];
  const params = z.object({ id: idParam('Financial period') });
  r.get('/api/v1/Payroll/financialPeriods', {
    config: { access: TIMESHEET_OWN },
    schema: { operationId: 'listFinancialPeriods', summary: "The company's financial periods of a kind (Pay or Billing), oldest first", tags, querystring: financialPeriodsQuery, response: { 200: z.array(financialPeriodSchema) } },
    handler: (req) => listFinancialPeriods(ctxOf(req, deps.db), req.query.kind),
  });
  r.post('/api/v1/Payroll/financialPeriods', {
    config: { access: TIMESHEET_LOCK, errors: [409] },
    schema: { operationId: 'createFinancialPeriod', summary: 'Add a financial period; one sharing days with another of its kind is refused', tags, body: financialPeriodBody, response: { 200: financialPeriodSchema } },
    handler: (req) => createFinancialPeriod(ctxOf(req, deps.db), req.body),
  });
  r.put('/api/v1/Payroll/financialPeriods/:id', {
    config: { access: TIMESHEET_LOCK, errors: [409] },
    schema: { operationId: 'updateFinancialPeriod', summary: "Change a financial period's name or dates, unless payroll locked time in it", tags, params, body: financialPeriodBody, response: { 200: financialPeriodSchema } },
    handler: (req) => updateFinancialPeriod(ctxOf(req, deps.db), req.params.id, req.body),
  });
  r.delete('/api/v1/Payroll/financialPeriods/:id', {
    config: { access: TIMESHEET_LOCK, errors: [409] },
    schema: { operationId: 'deleteFinancialPeriod', summary: 'Remove a financial period, unless payroll locked time in it', tags, params, response: { 200: messageAnswer } },
    handler: async (req) => {
      await deleteFinancialPeriod(ctxOf(req, deps.db), req.params.id);
      return { message: 'The financial period was removed.' };
    },
  });
}
