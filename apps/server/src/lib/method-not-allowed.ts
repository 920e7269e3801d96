import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const noop = () => undefined;

/**
 * The methods each address of the API is served with, read from the routes as they are registered (register it before
 * any route): an address asked with another method answers 405 with `Allow` and "Method not supported" (spec platform
 * 8), an address no route serves 404. Catch-all routes (the web app's files) are left out, so an unknown API address
 * stays a 404.
 */
export function methodsByAddress(app: FastifyInstance): (request: FastifyRequest) => HTTPMethod[] {
  const router = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    for (const method of [route.method].flat() as HTTPMethod[]) {
      if (!router.hasRoute(method, route.url)) router.on(method, route.url, noop);
    }
  });
  return (request) => {
    const path = request.url.split('?')[0];
    return METHODS.filter((method) => router.find(method, path) !== null);
  };
}

/** The 405 of an address served with other methods, naming them in `Allow`. */
export function sendMethodNotAllowed(reply: FastifyReply, allowed: readonly string[]) {
  return reply
    .status(405)
    .header('allow', allowed.join(', '))
    .type('application/problem+json')
    .send({ status: 405, title: 'Method not supported', message: 'Method not supported' });
}
