import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import { authRoutes } from './features/auth/auth.routes';
import { clockRoutes } from './features/clock/clock.routes';
import { permissionsRoutes } from './features/permissions/permissions.routes';
import { referenceRoutes } from './features/reference/reference.routes';
import { usersRoutes } from './features/users/users.routes';
import { workOrdersRoutes } from './features/work-orders/work-orders.routes';
import { PUBLIC, registerAccessControl } from './lib/access-control';
import { frameworkErrors, registerErrorHandler, sendNotFound } from './lib/errors';

export interface AppOptions {
  db: Db;
  jwtSecret: string;
  /** Folder of the built web app; when absent the server answers the API only. */
  webDist?: string;
  logger?: boolean | { level: string };
  loginRateLimit?: number;
}

/** Public paths under /api: the OpenAPI docs. Everything else under /api and /hubs declares its requirement. */
const PUBLIC_PREFIXES = ['/api/docs'];

/** Builds the whole server without listening, so tests drive it through `inject`. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    requestIdHeader: false,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onRoute', (route) => {
    if (PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) route.config = { ...route.config, access: PUBLIC };
  });
  registerAccessControl(app, { db: opts.db, jwtSecret: opts.jwtSecret });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Service Managed API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { config: { access: PUBLIC }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  authRoutes(app, { db: opts.db, jwtSecret: opts.jwtSecret, loginRateLimit: opts.loginRateLimit ?? 10 });
  permissionsRoutes(app, opts);
  usersRoutes(app, opts);
  referenceRoutes(app, opts);
  workOrdersRoutes(app, opts);
  clockRoutes(app, opts);

  const hasWeb = !!opts.webDist && existsSync(join(opts.webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: opts.webDist!, wildcard: false, maxAge: '1h' });
  app.setNotFoundHandler((request, reply) => {
    const isPage = hasWeb && request.method === 'GET' && !/^\/(api|hubs)(\/|$)/i.test(request.url);
    // The web app routes in the browser: every page address answers its index.html.
    return isPage ? reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0 }) : sendNotFound(reply);
  });
  return app;
}
