import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCustomerUser, satisfies, type Access, type Requirement } from '@sm/shared';
import { companyDb, type Db } from '../db/client';
import type { Actor, Ctx } from './context';
import { AppError, forbidden, unauthorized } from './errors';

/** What a customer user hears from any route but their portal's and their session's. */
export const CUSTOMER_USERS_PORTAL_ONLY = 'A customer sign-in opens your service portal only.';

/** The zod schemas a route validates with, kept for the sweeps that generate bad input from them. */
export interface RouteSchema {
  body?: import('zod').ZodType;
  querystring?: import('zod').ZodType;
  params?: import('zod').ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route requires. Every route under /api and /hubs must say it, or the server refuses to start. */
    access?: Requirement;
    /** Whether the file store's own token (features/platform/files/file-links.ts) may stand in for a session here. */
    acceptsStorageToken?: boolean;
    /**
     * Whether a customer user (the Customer role only) may call the route: their own portal and their session. Every
     * other route answers them 403, whatever a company's permission matrix gives the Customer role.
     */
    openToCustomerUsers?: boolean;
  }
  interface FastifyInstance {
    /** Every route with its requirement, as registered: the access sweep walks this table. */
    routeTable: { method: string; url: string; access?: Requirement; hasBody: boolean; isMultipart: boolean; schema?: RouteSchema }[];
    /** The bus of hub events (features/platform/realtime). */
    events: import('../features/platform/realtime/event-bus').EventBus;
  }
  interface FastifyRequest {
    actor: Actor | null;
    access: Access | null;
    /** When the caller's token expires (seconds since the epoch): a hub socket closes then. */
    tokenExpiresAt: number | null;
    /** The device's time of a request kept on a phone (X-Device-Time), once checked (features/platform/idempotency). */
    deviceTime: Date | null;
    /**
     * The transaction a request with an Idempotency-Key runs in, so that its effect and its stored answer commit
     * together, and the work to start once they have (`whenCommitted`).
     */
    requestTx: { db: Db; afterCommit: (() => void)[] } | null;
  }
}

export const PUBLIC: Requirement = { kind: 'public' };
export const SIGNED_IN: Requirement = { kind: 'signedIn' };
export const SUPER_ADMIN: Requirement = { kind: 'superAdmin' };
export const area = (
  name: Extract<Requirement, { kind: 'area' }>['area'],
  level: 'read' | 'write' = 'read',
  functionality?: Extract<Requirement, { kind: 'area' }>['functionality'],
): Requirement => ({ kind: 'area', area: name, level, functionality });

const guarded = (url: string) => /^\/(api|hubs)\//i.test(url);

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (typeof h === 'string' && /^Bearer\s+/i.test(h)) return h.replace(/^Bearer\s+/i, '').trim();
  const q = (request.query as Record<string, unknown> | undefined)?.access_token;
  return request.url.startsWith('/hubs/') && typeof q === 'string' ? q : null;
}

/** A verified token's caller: who, of which company, and when the token ends (seconds since the epoch). */
export interface CallerClaims {
  userId: number;
  subscriberId: number;
  userName: string;
  exp: number;
}

/**
 * Where access control learns who calls and what they may do. The app builds it from the features that own tokens and
 * roles (features/platform/auth/caller-source.ts), so this module imports no feature.
 */
export interface CallerSource {
  /** The caller a bearer token names: an access token, or a file-store token on the routes that accept one; else null. */
  claimsOf(token: string, acceptsStorageToken: boolean): CallerClaims | null;
  /** The caller's roles and permissions (null when the user is gone or disabled). */
  accessOf(subscriberId: number, userId: number): Promise<Access | null>;
}

/**
 * Access control in one place: each route declares its requirement; this hook verifies the token (401),
 * loads the caller's roles and checks the requirement (403) before the body is even read.
 */
export function registerAccessControl(app: FastifyInstance, callers: CallerSource) {
  app.decorateRequest('actor', null);
  app.decorateRequest('access', null);
  app.decorateRequest('tokenExpiresAt', null);
  app.decorateRequest('deviceTime', null);
  app.decorateRequest('requestTx', null);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    if (guarded(route.url) && !route.config?.access) {
      throw new Error(`${String(route.method)} ${route.url} declares no access requirement`);
    }
    for (const method of [route.method].flat()) {
      const isMultipart = ((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data');
      app.routeTable.push({ method, url: route.url, access: route.config?.access, hasBody: !!route.schema?.body, isMultipart, schema: route.schema as RouteSchema });
    }
  });
  app.addHook('onRequest', async (request) => {
    const req = request.routeOptions.config?.access;
    if (!req || req.kind === 'public') return;
    const token = bearer(request);
    const claims = token ? callers.claimsOf(token, !!request.routeOptions.config?.acceptsStorageToken) : null;
    if (!claims) throw unauthorized();
    const access = await callers.accessOf(claims.subscriberId, claims.userId);
    if (!access) throw unauthorized();
    request.actor = { userId: claims.userId, subscriberId: claims.subscriberId, userName: claims.userName };
    request.access = access;
    request.tokenExpiresAt = claims.exp;
    if (!satisfies(access, req)) throw forbidden();
    if (isCustomerUser(access) && !request.routeOptions.config?.openToCustomerUsers) throw new AppError(403, CUSTOMER_USERS_PORTAL_ONLY);
  });
}

/**
 * The service context of a request that passed access control; its database is the caller's company's, under
 * row-level security (db/company-scope.ts).
 */
export function ctxOf(request: FastifyRequest, db: Db): Ctx {
  if (!request.actor) throw unauthorized();
  const receivedAt = new Date();
  const device = request.deviceTime ? { deviceTime: request.deviceTime, receivedAt } : {};
  const scoped = request.requestTx?.db ?? companyDb(db, request.actor.subscriberId);
  return { db: scoped, actor: request.actor, now: request.deviceTime ?? receivedAt, ...device, events: request.server.events };
}

/**
 * Runs work that reads what the request wrote from another connection (naming clock positions in the background)
 * once the request's transaction has committed: at once for a request that runs in none.
 */
export function whenCommitted(request: FastifyRequest, work: () => void) {
  if (request.requestTx) request.requestTx.afterCommit.push(work);
  else work();
}
