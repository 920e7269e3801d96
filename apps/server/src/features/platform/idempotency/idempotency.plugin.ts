import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  DEVICE_TIME_HEADER, DEVICE_TIME_MAX_AGE_MS, DEVICE_TIME_MAX_AHEAD_MS, IDEMPOTENCY_KEY_HEADER, offlineRequestHeaders, OTHER_CONTENT_MESSAGE, STILL_RUNNING_MESSAGE,
} from '@sm/shared';
import { companyDb, type Db } from '../../../db/client';
import type { Actor, Tx } from '../../../lib/context';
import { AppError, ConflictError, pgCode, toProblem } from '../../../lib/errors';
import { idempotencyKeys } from './idempotency.table';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A technician's action the phone may keep while offline and send later: it takes an `Idempotency-Key` (applied
     * once) and an `X-Device-Time` (the rules apply as of it), both documented on the route.
     */
    keptOnPhone?: boolean;
  }
}

/** What a refused kept request leaves for the office: written in the transaction that stores its answer. */
export interface KeptRequestConflict {
  actor: Actor;
  error: ConflictError;
  method: string;
  route: string;
  path: string;
  body: unknown;
  idempotencyKey: string;
  deviceTime: Date | null;
  receivedAt: Date;
}

export interface IdempotencyDeps {
  db: Db;
  /** Records a conflict for the office (features/field/clock/request-conflicts.service.ts). */
  recordConflict(tx: Tx, conflict: KeptRequestConflict): Promise<void>;
}

const KEEP_MS = 7 * 24 * 3600_000;

/** The sentence a technician reads when a kept action's time is in a locked pay period. */
export const lockedPeriodMessage = (at: Date) =>
  `Your action of ${at.toISOString()} falls in a locked pay period, so it was not recorded. The office has been told and will correct your time.`;

/** A file is known by its sha-256, everything else by its JSON; object keys in a fixed order. */
function canonical(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { sha256: createHash('sha256').update(value).digest('hex'), size: value.length };
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/** sha-256 of the method, the address (with its query), the device's time and the content. */
export function fingerprintOf(req: FastifyRequest): string {
  const content = JSON.stringify([req.method, req.url, req.headers[DEVICE_TIME_HEADER] ?? null, canonical(req.body ?? null)]);
  return createHash('sha256').update(content).digest('hex');
}

/** The device's time of a kept request, within the skew and the age allowed; null when not sent. */
function checkedDeviceTime(req: FastifyRequest, now: Date): Date | null {
  const raw = req.headers[DEVICE_TIME_HEADER];
  if (typeof raw !== 'string') return null;
  const at = new Date(raw);
  if (at.getTime() > now.getTime() + DEVICE_TIME_MAX_AHEAD_MS) throw new AppError(400, "Device time cannot be in the future: check the phone's clock.");
  if (at.getTime() < now.getTime() - DEVICE_TIME_MAX_AGE_MS) throw new AppError(400, 'Device time is more than 7 days old: this action can no longer be sent. Ask the office to enter it.');
  return at;
}

/** A failure a kept request's answer keeps (any 4xx a service said, a locked period as a conflict); else null. */
function keptFailure(err: unknown, at: Date): AppError | null {
  if (pgCode(err) === 'SMLCK') return new ConflictError('lockedPayPeriod', lockedPeriodMessage(at));
  if (err instanceof AppError && err.status >= 400 && err.status < 500) return err;
  return null;
}

interface Outcome {
  status: number;
  contentType: string;
  text: string;
}

/** Answers a stored or fresh outcome exactly as it was first sent. */
const send = (reply: FastifyReply, o: Outcome) => reply.code(o.status).type(o.contentType).send(o.text);

/** The problem document of a failure, as the error handler would send it. */
function problemOutcome(err: AppError): Outcome {
  const p = toProblem(err);
  return { status: p.status, contentType: 'application/problem+json', text: JSON.stringify({ status: p.status, title: p.message, message: p.message }) };
}

/**
 * Runs a kept request once per key: claims the key (the unique index decides between two at once: the second waits
 * for the first's commit and reads its answer), runs the handler in a savepoint of the same transaction, and stores
 * its answer beside its effect. A 4xx rolls the effect back and is kept as the answer; a conflict is recorded for the
 * office. Anything else (a 5xx) rolls everything back, key included, so sending again tries again.
 */
async function runOnce(deps: IdempotencyDeps, route: string, handler: RouteHandlerMethod, app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, key: string) {
  const actor = req.actor!;
  const fingerprint = fingerprintOf(req);
  const receivedAt = new Date();
  const afterCommit: (() => void)[] = [];
  const outcome = await companyDb(deps.db, actor.subscriberId).transaction(async (tx) => {
    const mine = and(eq(idempotencyKeys.subscriberId, actor.subscriberId), eq(idempotencyKeys.userId, actor.userId));
    // Pruned on write: the caller's keys older than 7 days, skipping any another request holds.
    await tx.execute(sql`delete from ${idempotencyKeys} where id in (select id from ${idempotencyKeys}
      where ${and(mine, lt(idempotencyKeys.createdAt, new Date(receivedAt.getTime() - KEEP_MS)))} for update skip locked)`);
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ subscriberId: actor.subscriberId, userId: actor.userId, key, route, fingerprint, statusCode: 0, answer: '', contentType: '' })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (!claimed) {
      const [prior] = await tx.select().from(idempotencyKeys).where(and(mine, eq(idempotencyKeys.key, key)));
      if (!prior || prior.statusCode === 0) throw new AppError(409, STILL_RUNNING_MESSAGE);
      if (prior.fingerprint !== fingerprint || prior.route !== route) throw new AppError(422, OTHER_CONTENT_MESSAGE);
      return { status: prior.statusCode, contentType: prior.contentType, text: prior.answer };
    }
    let fresh: Outcome;
    try {
      const answer = await tx.transaction(async (savepoint) => {
        req.requestTx = { db: savepoint as unknown as Db, afterCommit };
        return handler.call(app, req, reply);
      });
      reply.code(200);
      const text = reply.serialize(answer);
      fresh = { status: 200, contentType: 'application/json; charset=utf-8', text: typeof text === 'string' ? text : Buffer.from(text as Buffer).toString('utf8') };
    } catch (err) {
      const failure = keptFailure(err, req.deviceTime ?? receivedAt);
      if (!failure) throw err;
      if (failure instanceof ConflictError) {
        await deps.recordConflict(tx, { actor, error: failure, method: req.method, route, path: req.url, body: canonical(req.body ?? null), idempotencyKey: key, deviceTime: req.deviceTime, receivedAt });
      }
      fresh = problemOutcome(failure);
    } finally {
      req.requestTx = null;
    }
    await tx.update(idempotencyKeys).set({ statusCode: fresh.status, answer: fresh.text, contentType: fresh.contentType }).where(eq(idempotencyKeys.id, claimed.id));
    return fresh;
  });
  for (const work of afterCommit) work();
  return send(reply, outcome);
}

/**
 * Requests kept on a phone, in one place: every route declaring `config.keptOnPhone` documents and checks the
 * `Idempotency-Key` and `X-Device-Time` headers, applies the device's time (`ctxOf` reads it), and with a key runs
 * once (`runOnce`). Register before the routes.
 */
export function registerIdempotency(app: FastifyInstance, deps: IdempotencyDeps) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.keptOnPhone) return;
    route.schema = { ...route.schema, headers: offlineRequestHeaders };
    route.config = { ...route.config, errors: [...new Set([...(route.config.errors ?? []), 409, 422] as const)] };
    const handler = route.handler;
    const name = `${[route.method].flat()[0]} ${route.url}`;
    route.handler = async function keptOnPhone(this: FastifyInstance, req, reply) {
      req.deviceTime = checkedDeviceTime(req, new Date());
      const key = req.headers[IDEMPOTENCY_KEY_HEADER];
      if (typeof key !== 'string') return handler.call(this, req, reply);
      return runOnce(deps, name, handler, this, req, reply, key);
    };
  });
}
