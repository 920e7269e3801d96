import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditEntrySchema, inviteUserBody, maskedRoleParams, maskedRoleSchema, maskedRolesAnswer, PAY_FIGURES, setPayRateBody, updateMaskedRoleBody, updateUserBody, userDetailSchema, userIdParams,
  userPayRateAnswer, usersAnswer, usersQuery,
} from '@sm/shared';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { area, ctxOf } from '../../../lib/access-control';
import { deactivateUser, reactivateUser, resendInvitation, userHistory } from './user-state.service';
import { getUser, inviteUser, listUsers, updateUser } from './users-admin.service';
import { listMaskedRoles, updateMaskedRole } from './masked-roles.service';
import { getUserPayRate, setUserPayRate } from './user-pay-rate.service';

/** Reading the company's users: the Users area with All Users (a customer's portal profile reads only its own). */
const READ = area('Users', 'read', 'All Users');
/** Adding and changing users: write on the Users area. */
const WRITE = area('Users', 'write', 'All Users');

/**
 * The company's users (`/administration/users`, `users/edit/{userId}`): the list, one user, invitation, edit,
 * deactivation and reactivation, each user's history and pay rate (payroll only), and the company's masked roles
 * (`account-settings/maskedUserRoles`).
 */
export function usersAdminRoutes(app: FastifyInstance, deps: { db: Db; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users'];
  r.get('/api/v1/Users', {
    config: { access: READ },
    schema: { operationId: 'listUsers', summary: "A page of the company's users by name, searched in name, user name and e-mail, with their roles", tags, querystring: usersQuery, response: { 200: usersAnswer } },
    handler: (req) => listUsers(ctxOf(req, deps.db), req.query),
  });
  r.get('/api/v1/Users/:userId', {
    config: { access: READ },
    schema: { operationId: 'getUser', summary: 'One user of the company, with the end of an open invitation', tags, params: userIdParams, response: { 200: userDetailSchema } },
    handler: (req) => getUser(ctxOf(req, deps.db), req.params.userId),
  });
  r.get('/api/v1/Users/:userId/history', {
    config: { access: READ },
    schema: { operationId: 'getUserHistory', summary: "A user's changes, oldest first: invitation, edits, deactivations and passwords set", tags, params: userIdParams, response: { 200: z.array(auditEntrySchema) } },
    handler: (req) => userHistory(ctxOf(req, deps.db), req.params.userId),
  });
  r.post('/api/v1/Users/invite', {
    config: { access: WRITE },
    schema: { operationId: 'inviteUser', summary: 'Add a user, who chooses a password through the e-mailed invitation (valid 7 days, once)', tags, body: inviteUserBody, response: { 200: userDetailSchema } },
    handler: (req) => inviteUser(ctxOf(req, deps.db), req.access!, req.body, deps.publicUrl),
  });
  r.put('/api/v1/Users/:userId', {
    config: { access: WRITE },
    schema: { operationId: 'updateUser', summary: "Change a user's name, e-mail, phone, job title and roles; the company keeps an active Super Admin", tags, params: userIdParams, body: updateUserBody, response: { 200: userDetailSchema } },
    handler: (req) => updateUser(ctxOf(req, deps.db), req.access!, req.params.userId, req.body),
  });
  r.post('/api/v1/Users/:userId/resendInvitation', {
    config: { access: WRITE, errors: [409] },
    schema: { operationId: 'resendUserInvitation', summary: 'Send a new invitation to a user who has not chosen a password yet; the earlier link stops working', tags, params: userIdParams, response: { 200: userDetailSchema } },
    handler: (req) => resendInvitation(ctxOf(req, deps.db), req.access!, req.params.userId, deps.publicUrl),
  });
  r.post('/api/v1/Users/:userId/deactivate', {
    config: { access: WRITE, errors: [409] },
    schema: { operationId: 'deactivateUser', summary: "Deactivate a user: no more sign-ins, and the user's tokens stop working at once; the history stays", tags, params: userIdParams, response: { 200: userDetailSchema } },
    handler: (req) => deactivateUser(ctxOf(req, deps.db), req.access!, req.params.userId),
  });
  r.post('/api/v1/Users/:userId/reactivate', {
    config: { access: WRITE, errors: [409] },
    schema: { operationId: 'reactivateUser', summary: 'Reactivate a user, who signs in again with the password they had', tags, params: userIdParams, response: { 200: userDetailSchema } },
    handler: (req) => reactivateUser(ctxOf(req, deps.db), req.access!, req.params.userId),
  });
  r.get('/api/v1/Users/:userId/payRate', {
    config: { access: PAY_FIGURES },
    schema: { operationId: 'getUserPayRate', summary: "A user's hourly pay rate in force today and every rate with its first day (Can Access Payroll)", tags, params: userIdParams, response: { 200: userPayRateAnswer } },
    handler: (req) => getUserPayRate(ctxOf(req, deps.db), req.params.userId),
  });
  r.post('/api/v1/Users/:userId/payRate', {
    config: { access: PAY_FIGURES, errors: [409] },
    schema: { operationId: 'setUserPayRate', summary: 'Give a user a new hourly pay rate from a day on (Can Access Payroll)', tags, params: userIdParams, body: setPayRateBody, response: { 200: userPayRateAnswer } },
    handler: (req) => setUserPayRate(ctxOf(req, deps.db), req.params.userId, req.body),
  });
  r.get('/api/v1/MaskedUserRoles', {
    config: { access: READ },
    schema: { operationId: 'listMaskedUserRoles', summary: "Every role with the company's name for it and whether the company's role pickers offer it", tags, response: { 200: maskedRolesAnswer } },
    handler: (req) => listMaskedRoles(ctxOf(req, deps.db)),
  });
  r.put('/api/v1/MaskedUserRoles/:roleId', {
    config: { access: WRITE },
    schema: { operationId: 'updateMaskedUserRole', summary: "The company's name for a role and whether it is hidden from its role pickers; Super Admin is never hidden", tags, params: maskedRoleParams, body: updateMaskedRoleBody, response: { 200: maskedRoleSchema } },
    handler: (req) => updateMaskedRole(ctxOf(req, deps.db), req.params.roleId, req.body),
  });
}
