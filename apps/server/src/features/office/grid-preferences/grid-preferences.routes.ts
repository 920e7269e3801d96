import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gridKeyParams, gridLayoutSchema, gridPreferenceAnswer } from '@sm/shared';
import type { Db } from '../../../db/client';
import { ctxOf, SIGNED_IN } from '../../../lib/access-control';
import { getGridPreference, resetGridPreference, saveGridPreference } from './grid-preferences.service';

/** Each person's saved grid layouts (spec platform 1, 9): read, saved and reset by the grid itself. */
export function gridPreferencesRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Grid preferences'];
  const url = '/api/v1/GridPreferences/:gridKey';
  r.get(url, {
    config: { access: SIGNED_IN },
    schema: { operationId: 'getGridPreference', summary: "The caller's saved layout of a grid, or null", tags, params: gridKeyParams, response: { 200: gridPreferenceAnswer } },
    handler: (req) => getGridPreference(ctxOf(req, deps.db), req.params.gridKey),
  });
  r.put(url, {
    config: { access: SIGNED_IN },
    schema: {
      operationId: 'saveGridPreference',
      summary: "Save the caller's layout of a grid: filters, sort, page size, columns in order with widths",
      tags,
      params: gridKeyParams,
      body: gridLayoutSchema,
      response: { 200: gridPreferenceAnswer },
    },
    handler: (req) => saveGridPreference(ctxOf(req, deps.db), req.params.gridKey, req.body),
  });
  r.delete(url, {
    config: { access: SIGNED_IN },
    schema: { operationId: 'resetGridPreference', summary: "Reset layout: forget the caller's layout of a grid", tags, params: gridKeyParams, response: { 200: gridPreferenceAnswer } },
    handler: (req) => resetGridPreference(ctxOf(req, deps.db), req.params.gridKey),
  });
}
