import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntrySchema, roleIdParams, rolePermissionsUpdateBody, roleSummarySchema } from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ctxOf, SUPER_ADMIN } from '../../../lib/access-control';
import { listRoles, roleHistory, updateRolePermissions } from './permissions.service';

/** The /permissions page: a Super Admin reads and edits the company's role matrix. */
export function permissionsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/Account/roles', {
    config: { access: SUPER_ADMIN },
    schema: { summary: "List the company's roles with their permissions", tags: ['Permissions'], response: { 200: z.array(roleSummarySchema) } },
    handler: (req) => listRoles(ctxOf(req, deps.db)),
  });
  r.get('/api/v1/Account/roles/:roleId/history', {
    config: { access: SUPER_ADMIN },
    schema: { summary: "History of a role's permission changes", tags: ['Permissions'], params: roleIdParams, response: { 200: z.array(auditEntrySchema) } },
    handler: (req) => roleHistory(ctxOf(req, deps.db), req.params.roleId),
  });
  r.put('/api/v1/Account/roles/:roleId/permissions', {
    config: { access: SUPER_ADMIN },
    schema: { summary: "Replace a role's permission matrix", tags: ['Permissions'], params: roleIdParams, body: rolePermissionsUpdateBody, response: { 200: roleSummarySchema } },
    handler: (req) => updateRolePermissions(ctxOf(req, deps.db), req.params.roleId, req.body),
  });
}
