import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether a parsed body holds, at any depth, a key that could reach an object's prototype. */
function hasForbiddenKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key) || hasForbiddenKey((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/**
 * JSON bodies read in one place, with a sentence for each way they fail: text that is not JSON, an empty body, and
 * valid JSON carrying a `__proto__`, `constructor` or `prototype` key, which no request of the product needs and which
 * is refused rather than dropped. The keys are looked for only when the text names one of them.
 */
export function registerJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new AppError(400, 'The request body is empty; JSON was expected.'), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(new AppError(400, 'The request body is not valid JSON.'), undefined);
    }
    if (/__proto__|constructor|prototype/.test(text) && hasForbiddenKey(value)) {
      return done(new AppError(400, 'The request body must not contain a __proto__, constructor or prototype key.'), undefined);
    }
    done(null, value);
  });
}
