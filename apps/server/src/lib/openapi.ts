import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { problemSchema, type Requirement } from '@sm/shared';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error statuses the route's service answers beyond those its requirement and schemas imply (documented only). */
    errors?: readonly ErrorStatus[];
  }
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 504;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request is not valid: the sentence says which value and why. Nothing was changed.',
  401: 'No token, or the session has expired: sign in again.',
  403: 'The caller may not do this.',
  404: 'The record does not exist, or belongs to another company.',
  409: 'The change conflicts with the current state of the records. Nothing was changed.',
  410: 'The link has expired: ask for a new one. Nothing was changed.',
  413: 'The upload is larger than allowed; nothing was stored.',
  415: 'The body is not JSON.',
  422: 'The request is understood but cannot be carried out.',
  429: 'Too many attempts: wait a minute and try again.',
  502: 'The outside provider refused or failed; the sentence gives its words.',
  504: 'The outside provider did not answer in time.',
};

const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };

/** The problem document every error answers with (lib/errors.ts), as a component the error responses refer to. */
export const problemComponent = { Problem: z.toJSONSchema(problemSchema, { target: 'openapi-3.0' }) as Record<string, unknown> };

const PROBLEM_EXAMPLE = { status: 400, title: 'Start field is required!', message: 'Start field is required!' };

/**
 * The error statuses a route can answer, derived from how it is declared: 401 unless public, 403 when it needs more
 * than being signed in, 400 when it reads a body, query or path, 404 with a path id or a body naming records, 415 and
 * 409 with a body, 429 with a rate limit; and whatever the route adds in `config.errors`.
 */
export function errorStatusesOf(route: { method: string | string[]; schema?: Record<string, unknown>; config?: { access?: Requirement; errors?: readonly ErrorStatus[]; rateLimit?: unknown } }) {
  const access = route.config?.access;
  const schema = route.schema ?? {};
  const isPublic = access?.kind === 'public';
  const methods = [route.method].flat().map((m) => m.toUpperCase());
  const writes = methods.some((m) => m !== 'GET' && m !== 'HEAD');
  const statuses = new Set<ErrorStatus>(route.config?.errors ?? []);
  if (schema.body || schema.querystring || schema.params) statuses.add(400);
  if (!isPublic) statuses.add(401);
  if (access && access.kind !== 'public' && access.kind !== 'signedIn') statuses.add(403);
  if (!isPublic && (schema.params || schema.body)) statuses.add(404);
  if (schema.body) statuses.add(415);
  if (schema.body && writes && !isPublic) statuses.add(409);
  if (route.config?.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** `post /api/v1/Scheduler/:schedulerId/history` → `postSchedulerSchedulerIdHistory`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//i, '')
    .split(/[/:\-_]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join('');
}

type TransformInput = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];

/**
 * The OpenAPI view of a route: the zod schemas as JSON Schema (fastify-type-provider-zod), plus an operationId, no
 * security on public routes, and each error status it can answer with the problem document.
 */
export function documentRoute(input: TransformInput) {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const route = input.route as RouteOptions;
  const schema = out.schema as Record<string, unknown> & { response?: Record<string, unknown> };
  if (schema.hide) return out;
  const errors = errorStatusesOf({ method: route.method, schema: route.schema as Record<string, unknown>, config: route.config as never });
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  for (const status of errors) {
    response[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/problem+json': { schema: PROBLEM_REF, example: { ...PROBLEM_EXAMPLE, status } } },
    };
  }
  const isPublic = (route.config as { access?: Requirement } | undefined)?.access?.kind === 'public';
  const method = [route.method].flat()[0];
  return {
    ...out,
    schema: {
      ...schema,
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, input.url),
      ...(isPublic ? { security: [] } : {}),
      response,
    },
  };
}
