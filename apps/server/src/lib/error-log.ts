/**
 * What the logs (and the job queue's recorded errors) may say about a thrown error. A database error carries the
 * statement's parameters: Drizzle's DrizzleQueryError in `params` and in its message ("Failed query: …\nparams: …"),
 * the pg and PGlite errors under it in `params` or `parameters` and in `detail` ("Failing row contains (…)"). Those
 * values are whatever a user typed or a secret the server holds, so they are left out; the SQL text, the code and
 * the database's message stay, which is what finding the fault needs.
 */

/** Fields that hold a statement's values (or the driver's options), never logged. */
const DROPPED = new Set(['params', 'parameters', 'queryOptions', 'detail', 'raw']);
/** Fields built here rather than copied. */
const BUILT = new Set(['message', 'stack', 'cause', 'errors', 'query']);
const MAX_DEPTH = 5;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return value instanceof Error || (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string' && 'stack' in value);
}

/** An error's message without the parameters Drizzle appends to it. */
function messageOf(err: ErrorLike): string {
  return err.message.replace(/\nparams: [\s\S]*$/, '');
}

/** The stack's frames under the safe message: the stack's first lines repeat the message, parameters included. */
function stackOf(err: ErrorLike, type: string): string | undefined {
  if (typeof err.stack !== 'string') return undefined;
  const frames = err.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${messageOf(err)}`, ...frames].join('\n');
}

/** The SQL text of a failed statement (a string, or the `text` of a query object), never its values. */
function sqlTextOf(query: unknown): string | undefined {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : undefined;
}

/**
 * The error as a log line may hold it: type, message, stack frames, code and the other fields of the database's
 * answer, the SQL text, and its cause the same way; never the statement's parameters. Used as pino's `err`
 * serializer (app.ts) and by the workers that log errors themselves. Anything that is not an error is answered as is.
 */
export function errorForLog(err: unknown, depth = 0): unknown {
  if (!isErrorLike(err)) return err;
  const type = typeof err.constructor === 'function' && err.constructor.name ? err.constructor.name : (err.name ?? 'Error');
  const out: Record<string, unknown> = { type, message: messageOf(err), stack: stackOf(err, type) };
  const sqlText = sqlTextOf(err.query);
  if (sqlText !== undefined) out.query = sqlText;
  for (const key in err) {
    if (DROPPED.has(key) || BUILT.has(key) || err[key] === undefined) continue;
    const value = err[key];
    out[key] = isErrorLike(value) ? (depth < MAX_DEPTH ? errorForLog(value, depth + 1) : messageOf(value)) : value;
  }
  if (isErrorLike(err.cause)) out.cause = depth < MAX_DEPTH ? errorForLog(err.cause, depth + 1) : messageOf(err.cause);
  if (Array.isArray(err.errors)) out.errors = err.errors.map((e: unknown) => errorForLog(e, depth + 1));
  return out;
}

/**
 * An error in words, for where a failure is written down (a job's last error): the database's own message when a
 * statement failed, without its parameters.
 */
export function errorText(err: unknown): string {
  if (!isErrorLike(err)) return String(err);
  if (err.message.startsWith('Failed query:') && isErrorLike(err.cause)) return errorText(err.cause);
  return messageOf(err);
}

/** pino's `err` serializer, typed as Fastify's logger options want it: errorForLog. */
export function serializeErrorForLog(err: Error): { [key: string]: unknown; type: string; message: string; stack: string } {
  return errorForLog(err) as { [key: string]: unknown; type: string; message: string; stack: string };
}
