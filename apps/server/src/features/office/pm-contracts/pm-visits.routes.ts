import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pmBoardAnswer, pmContractIdParams, pmGenerationAnswer, pmVisitsAnswer, skipPmVisitBody } from '@sm/shared';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { getPmBoard } from './pm-board.service';
import { generatePmNow, listPmVisits, skipPmVisit } from './pm-visits.service';
// The generation's job kind is defined when the routes load, so every server process can run it.
import './pm-generation.job';

const VISIT = {
  visitId: 311, contractId: 12, dueOn: '2027-01-10', status: 'scheduled' as const, workOrderId: 9120, workOrderNumber: '240188', technicianName: 'Tom Alvarez', skippedReason: null,
};
const UPCOMING = { ...VISIT, visitId: null, dueOn: '2027-02-10', status: 'upcoming' as const, workOrderId: null, workOrderNumber: null };
const VISITS_EXAMPLE = { contractId: 12, contractName: 'Walk-in care', customerName: 'Pecan Lodge Deep Ellum', today: '2026-12-01', data: [VISIT, UPCOMING] };
const COUNTS = { technicianId: 8, technicianName: 'Tom Alvarez', due: 6, generated: 4, scheduled: 3, done: 1, overdue: 0 };

/**
 * The visits of preventive-maintenance contracts (issue 28): a contract's visits past and upcoming, skipping a date,
 * "Generate now", and the PM board. Reading needs PM Lists read; skipping and generating need PM Lists write.
 */
export function pmVisitsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['PM Contracts'];
  r.get('/api/v1/PmContract/:pmContractId/visits', {
    config: { access: area('PM Lists'), errors: [404] },
    schema: {
      operationId: 'listPmVisits',
      summary: "A PM contract's visits, past and upcoming",
      description: 'Each visit generated or skipped, with where it stands (generated, scheduled, done, late, skipped), then the dates the contract\'s rule names in the next year that are not generated yet (upcoming).',
      tags,
      params: pmContractIdParams,
      response: { 200: pmVisitsAnswer.meta({ example: VISITS_EXAMPLE }) },
    },
    handler: (req) => listPmVisits(ctxOf(req, deps.db), req.params.pmContractId),
  });
  r.post('/api/v1/PmContract/:pmContractId/visits/skip', {
    config: { access: area('PM Lists', 'write'), errors: [404, 409] },
    schema: {
      operationId: 'skipPmVisit',
      summary: 'Skip an upcoming visit of a PM contract, with the reason',
      description: 'The date must be one the contract\'s rule names (400 otherwise) and not generated or skipped yet (409). It is never generated afterwards. Answers the contract\'s visits.',
      tags,
      params: pmContractIdParams,
      body: skipPmVisitBody,
      response: { 200: pmVisitsAnswer.meta({ example: VISITS_EXAMPLE }) },
    },
    handler: (req) => skipPmVisit(ctxOf(req, deps.db), req.params.pmContractId, req.body),
  });
  r.post('/api/v1/PmContract/generate', {
    config: { access: area('PM Lists', 'write') },
    schema: {
      operationId: 'generatePmVisits',
      summary: "Generate the company's due PM visits now",
      description: 'What the daily run does, at once: each approved contract\'s visits from today to its lead days ahead, each with its PM work order, exactly once (a second call generates nothing).',
      tags,
      response: { 200: pmGenerationAnswer.meta({ example: { contracts: 14, visits: 3 } }) },
    },
    handler: (req) => generatePmNow(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/PmBoard', {
    config: { access: area('PM Lists') },
    schema: {
      operationId: 'getPmBoard',
      summary: "The PM board: this month's and next month's visits per technician, the overdue and the upcoming ones",
      tags,
      response: {
        200: pmBoardAnswer.meta({
          example: { today: '2026-12-01', months: [{ month: '2026-12', rows: [COUNTS], total: { ...COUNTS, technicianId: null, technicianName: 'All technicians' } }], overdue: [], upcoming: [{ ...VISIT, contractName: 'Walk-in care', customerName: 'Pecan Lodge Deep Ellum' }] },
        }),
      },
    },
    handler: (req) => getPmBoard(ctxOf(req, deps.db)),
  });
}
