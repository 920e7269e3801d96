import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FILE_TOO_LARGE_MESSAGE, type ConflictKind } from '@sm/shared';
import { errorForLog } from './error-log';

/** The one error a service throws: an HTTP status and the sentence the user should read. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A 409 the office can resolve: a request kept on a phone met a changed world (the work order changed meanwhile,
 * another labor is open, the time is in a locked pay period). With an Idempotency-Key it is recorded as a conflict.
 */
export class ConflictError extends AppError {
  constructor(
    public readonly kind: ConflictKind,
    message: string,
  ) {
    super(409, message);
  }
}

/** The SQLSTATE and constraint of a database error, whether the driver threw it or wrapped it (as a cause). */
export function pgConstraintOf(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } };
  const source = typeof e?.code === 'string' ? e : (e?.cause ?? {});
  return { code: typeof source.code === 'string' ? source.code : undefined, constraint: typeof source.constraint === 'string' ? source.constraint : undefined };
}

export const notFound = (what: string) => new AppError(404, `${what} was not found.`);
export const forbidden = () => new AppError(403, "You don't have permission to access this resource.");
export const unauthorized = () => new AppError(401, 'Your session has expired. Please sign in again.');

const PG_MESSAGES: Record<string, [number, string]> = {
  '23505': [409, 'A record with the same value already exists.'],
  '23503': [409, 'The record refers to something that does not exist, or is still in use.'],
  '23502': [400, 'A required value is missing.'],
  '23514': [400, 'A value is outside what is allowed.'],
  '22001': [400, 'A value is too long.'],
  '22003': [400, 'A number is out of range.'],
  '22P02': [400, 'A value has the wrong format.'],
  '22021': [400, 'A value contains characters that are not allowed.'],
  '22P05': [400, 'A value contains characters that are not allowed.'],
  '22007': [400, 'A date has the wrong format.'],
  '22008': [400, 'A date is out of range.'],
  // Raised by the trigger that guards locked pay periods (migration 0021).
  // Raised by the trigger that keeps financial periods of one kind apart (migration 0023).
  SMOVL: [409, 'Financial periods of one kind cannot overlap: this one shares days with another.'],
  SMLCK: [409, 'This time is in a locked pay period and cannot change. Payroll corrects a locked period with an adjustment.'],
  // Raised by the stock ledger's triggers (migration 0040).
  SMNEG: [409, 'There is not enough of this part at that location.'],
  SMLED: [409, 'Stock changes only through the stock ledger: record a movement that corrects it.'],
  // Raised by the fleet's mileage log triggers (migration 0053).
  SMODO: [409, 'The odometer reading is below the last reading logged for this vehicle.'],
  SMODL: [409, "A vehicle's odometer changes only through its mileage log."],
};

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; JSON was expected.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_ASYNC_CONSTRAINT: 'The request is not valid.',
  FST_REQ_FILE_TOO_LARGE: FILE_TOO_LARGE_MESSAGE,
  FST_FILES_LIMIT: 'At most 10 files may be uploaded at once.',
  FST_PARTS_LIMIT: 'The upload has too many parts.',
  FST_FIELDS_LIMIT: 'The upload has too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the files as multipart/form-data in the field "files".',
};

export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : undefined;
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Turns whatever was thrown into status + sentence; unknown errors become a 500 without internals. */
export function toProblem(err: unknown): { status: number; message: string; errors?: { path: string; message: string }[] } {
  if (err instanceof AppError) return { status: err.status, message: err.message };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = err.validation.map((v) => ({
      path: `${(err as FastifyError).validationContext ?? ''}${v.instancePath}`,
      message: friendly(v.message ?? 'is not valid', v.instancePath),
    }));
    return { status: 400, message: errors[0]?.message ?? 'The request is not valid.', errors };
  }
  if (isResponseSerializationError(err)) return { status: 500, message: 'Something went wrong on our side.' };
  const code = pgCode(err);
  if (code && PG_MESSAGES[code]) {
    const [status, message] = PG_MESSAGES[code];
    return { status, message };
  }
  const fe = err as FastifyError;
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const message = (fe.code && FASTIFY_MESSAGES[fe.code]) || (fe.statusCode === 429 ? fe.message : undefined) || 'The request is not valid.';
    return { status: fe.statusCode, message };
  }
  return { status: 500, message: 'Something went wrong on our side.' };
}

/** zod's generic sentences name no field; say which one. */
function friendly(message: string, path: string): string {
  if (!message.startsWith('Invalid input') && !message.startsWith('Unrecognized key') && !message.startsWith('Too ')) return message;
  const field = path.split('/').filter(Boolean).pop();
  if (message.includes('received undefined')) return field ? `${label(field)} field is required!` : 'The request body is required.';
  if (message.startsWith('Unrecognized key')) return message.replace('Unrecognized key', 'Unknown field');
  return field ? `${label(field)} is not valid.` : 'The request is not valid.';
}

function label(field: string): string {
  if (/^\d+$/.test(field)) return `Item ${Number(field) + 1}`;
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The one error path: every failure leaves as application/problem+json. An unexpected one is logged with its SQL and
 * code but without the failed statement's parameters, which may hold what a user typed or a secret.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err, request, reply) => {
    const problem = toProblem(err);
    if (problem.status >= 500) request.log.error({ err: errorForLog(err), reqId: request.id }, 'request failed');
    reply
      .status(problem.status)
      .type('application/problem+json')
      .send({ status: problem.status, title: problem.message, message: problem.message, errors: problem.errors });
  });
}

/** Errors the router raises before a route runs (bad or oversized addresses) take the same problem shape. */
export function frameworkErrors(err: FastifyError, _request: unknown, reply: FastifyReply) {
  const problem = toProblem(err);
  reply.status(problem.status).type('application/problem+json').send({ status: problem.status, title: problem.message, message: problem.message });
}

/** The 404 of an address that does not exist, in the same problem shape. */
export function sendNotFound(reply: FastifyReply) {
  return reply
    .status(404)
    .type('application/problem+json')
    .send({ status: 404, title: 'This address does not exist.', message: 'This address does not exist.' });
}
