import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { departmentBody, departmentParams, departmentSchema, glAccountBody, glAccountParams, glAccountSchema, messageAnswer, refreshAnswer, type PermissionArea } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { createChartRow, deleteChartRow, listChart, refreshChart, updateChartRow, type ChartKind } from './intacct-chart.service';

/** How one list kept from Intacct is served: its address, permission area, names and schemas. */
interface ChartRoutes {
  kind: ChartKind;
  path: string;
  area: PermissionArea;
  /** The path parameter naming a row, as the route sweeps know it (test/id-kinds.ts). */
  param: string;
  /** The operationId's noun: list{Plural}, create{Singular}… */
  singular: string;
  plural: string;
  /** The row in summaries ("a GL account") and the Intacct object it is read from. */
  what: string;
  object: string;
  row: z.ZodType;
  body: z.ZodType;
  params: z.ZodType;
}

const LISTS: ChartRoutes[] = [
  {
    kind: 'glAccounts', path: 'chartOfAccount', area: 'Chart Of Accounts', param: 'glAccountId', singular: 'GlAccount', plural: 'GlAccounts', what: 'GL account', object: 'GLACCOUNT',
    row: glAccountSchema, body: glAccountBody, params: glAccountParams,
  },
  {
    kind: 'departments', path: 'departments', area: 'Departments', param: 'departmentId', singular: 'IntacctDepartment', plural: 'IntacctDepartments', what: 'department', object: 'DEPARTMENT',
    row: departmentSchema, body: departmentBody, params: departmentParams,
  },
];

/** Errors of a call that reaches Intacct: refused (422), failed (502) or silent (504), and not set up (409). */
const INTACCT_CALL_ERRORS = [409, 422, 502, 504] as const;

/** The id a validated path names. */
const idIn = (req: FastifyRequest, param: string) => (req.params as Record<string, number>)[param]!;
/** A body the route's schema validated (glAccountBody or departmentBody). */
const inputOf = (req: FastifyRequest) => req.body as Parameters<typeof createChartRow>[2];

/**
 * Administration intacct/chartOfAccount and intacct/departments: list, add by hand, refresh from Intacct, change and
 * remove, each list under the permission area the spec names for it.
 */
export function intacctChartRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Intacct'];
  for (const list of LISTS) {
    const base = `/api/v1/Intacct/${list.path}`;
    const read = area(list.area);
    const write = area(list.area, 'write');
    r.get(base, {
      config: { access: read },
      schema: { operationId: `list${list.plural}`, summary: `The ${list.what}s kept from Intacct or typed here, by number`, tags, response: { 200: z.array(list.row) } },
      handler: (req) => listChart(ctxOf(req, deps.db), list.kind),
    });
    r.post(base, {
      config: { access: write },
      schema: { operationId: `create${list.singular}`, summary: `Add a ${list.what} by hand`, tags, body: list.body, response: { 200: list.row } },
      handler: (req) => createChartRow(ctxOf(req, deps.db), list.kind, inputOf(req)),
    });
    r.post(`${base}/refresh`, {
      config: { access: write, errors: INTACCT_CALL_ERRORS },
      schema: { operationId: `refresh${list.plural}`, summary: `Refresh from Intacct: read ${list.object} and keep what is new or changed`, tags, response: { 200: refreshAnswer(list.row) } },
      handler: (req) => refreshChart(ctxOf(req, deps.db), list.kind),
    });
    r.put(`${base}/:${list.param}`, {
      config: { access: write },
      schema: { operationId: `update${list.singular}`, summary: `Change a ${list.what}`, tags, params: list.params, body: list.body, response: { 200: list.row } },
      handler: (req) => updateChartRow(ctxOf(req, deps.db), list.kind, idIn(req, list.param), inputOf(req)),
    });
    r.delete(`${base}/:${list.param}`, {
      config: { access: write, errors: [409] },
      schema: { operationId: `delete${list.singular}`, summary: `Remove a ${list.what} nothing maps to`, tags, params: list.params, response: { 200: messageAnswer } },
      handler: (req) => deleteChartRow(ctxOf(req, deps.db), list.kind, idIn(req, list.param)),
    });
  }
}
