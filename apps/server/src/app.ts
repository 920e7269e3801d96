import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { FILE_MAX_BYTES, type ProviderLoginPages } from '@sm/shared';
import type { Db, Watch } from './db/client';
import { authRoutes } from './features/platform/auth/auth.routes';
import { boardsRoutes } from './features/field/boards/boards.routes';
import { clockRoutes } from './features/field/clock/clock.routes';
import { requestConflictsRoutes } from './features/field/clock/request-conflicts.routes';
import { recordConflict } from './features/field/clock/request-conflicts.service';
import { registerIdempotency } from './features/platform/idempotency/idempotency.plugin';
import { nteMeterRoutes } from './features/field/clock/nte-meter.routes';
import { contactsRoutes } from './features/office/customers/contacts.routes';
import { equipmentRoutes } from './features/office/equipment/equipment.routes';
import { pmVisitsRoutes } from './features/office/pm-contracts/pm-visits.routes';
import { roleBoardsRoutes } from './features/office/role-boards/role-boards.routes';
import { workOrderEquipmentRoutes } from './features/office/equipment/work-order-equipment.routes';
import { refrigerantRoutes } from './features/office/refrigerant/refrigerant.routes';
import { fleetRoutes } from './features/field/fleet/fleet.routes';
import { commissionsRoutes } from './features/money/commissions/commissions.routes';
import { salesRoutes } from './features/office/sales/sales.routes';
import { projectsRoutes } from './features/office/projects/projects.routes';
import { customersRoutes } from './features/office/customers/customers.routes';
import { httpGeocoder } from './features/platform/geocoding/geocoder-client';
import { emailOutboxRoutes } from './features/platform/email-outbox/email-outbox.routes';
import { emailTemplatesRoutes } from './features/platform/email-templates/email-templates.routes';
import { quotesRoutes } from './features/money/quotes/quotes.routes';
import { flagRemindersRoutes } from './features/people/flag-reminders/flag-reminders.routes';
import { writeUpsRoutes } from './features/people/write-ups/write-ups.routes';
import { sopRoutes } from './features/people/sop/sop.routes';
import { payRaisesRoutes } from './features/people/pay-raises/pay-raises.routes';
import { timesheetsRoutes } from './features/people/timesheets/timesheets.routes';
import { laborApprovalsRoutes } from './features/people/labor-approvals/labor-approvals.routes';
import { laborCorrectionsRoutes } from './features/people/labor-corrections/labor-corrections.routes';
import { rateSheetsRoutes } from './features/office/rate-sheets/rate-sheets.routes';
import { pmContractsRoutes } from './features/office/pm-contracts/pm-contracts.routes';
import { customerPortalRoutes } from './features/office/customer-portal/customer-portal.routes';
import { customerAccessRoutes } from './features/office/customer-portal/customer-access.routes';
import { estimatesRoutes } from './features/money/estimates/estimates.routes';
import { invoicesRoutes } from './features/money/invoices/invoices.routes';
import { collectionsRoutes } from './features/money/collections/collections.routes';
import { collectionTemplatesRoutes } from './features/money/collections/collection-templates.routes';
import { intacctChartRoutes } from './features/money/accounting/intacct-chart.routes';
import { intacctSettingsRoutes } from './features/money/accounting/intacct-settings.routes';
import { syncLogRoutes } from './features/money/accounting/sync-log.routes';
import { quickBooksRoutes } from './features/money/accounting/quickbooks.routes';
import { purchaseOrdersRoutes } from './features/office/purchasing/purchase-orders.routes';
import { purchasingRoutes } from './features/office/purchasing/purchasing.routes';
import { inventoryRoutes } from './features/office/inventory/inventory.routes';
import { stockTransferRoutes } from './features/office/inventory/stock-transfers.routes';
import { vendorCreditsRoutes } from './features/office/purchasing/vendor-credits.routes';
import { reportsRoutes } from './features/office/reports/reports.routes';
import { cacheAccess } from './features/platform/permissions/access-cache';
import { permissionsRoutes } from './features/platform/permissions/permissions.routes';
import { corrigoRoutes } from './features/field/providers/corrigo/corrigo.routes';
import { providerSettingsRoutes } from './features/field/provider-settings/provider-settings.routes';
import { documentRoutes } from './features/money/documents/documents.routes';
import { referenceRoutes } from './features/platform/reference/reference.routes';
import { referenceListsRoutes } from './features/platform/reference-lists/reference-lists.routes';
import { settingsFormsRoutes } from './features/platform/settings-forms/settings-forms.routes';
import { filesRoutes } from './features/platform/files/files.routes';
import { diskStore } from './features/platform/files/storage/disk-store';
import type { FileStore } from './features/platform/files/storage/file-store';
import { gridPreferencesRoutes } from './features/office/grid-preferences/grid-preferences.routes';
import { searchRoutes } from './features/office/search/search.routes';
import { salesSchedulingRoutes } from './features/field/sales-scheduling/sales-scheduling.routes';
import { schedulingRoutes } from './features/field/scheduling/scheduling.routes';
import { unassignedWorkRoutes } from './features/field/scheduling/unassigned-work.routes';
import { signupRoutes } from './features/platform/signup/signup.routes';
import { usersRoutes } from './features/platform/users/users.routes';
import { accountLinksRoutes } from './features/platform/users-admin/account-links.routes';
import { usersAdminRoutes } from './features/platform/users-admin/users-admin.routes';
import { importsRoutes } from './features/platform/imports/imports.routes';
import { workOrdersRoutes } from './features/office/work-orders/work-orders.routes';
import { workOrderOfficeRoutes } from './features/office/work-orders/work-order-office.routes';
import { workOrderItemsRoutes } from './features/office/work-order-items/work-order-items.routes';
import { localBus, type EventBus } from './features/platform/realtime/event-bus';
import { teamLeaderHub } from './features/platform/realtime/team-leader-hub';
import { workOrderHub } from './features/office/work-orders/work-order-hub';
import { PUBLIC, registerAccessControl } from './lib/access-control';
import { callerSource } from './features/platform/auth/caller-source';
import { serializeErrorForLog } from './lib/error-log';
import { frameworkErrors, registerErrorHandler, sendNotFound } from './lib/errors';
import { registerJsonBodies } from './lib/json-body';
import { fastifyTrustProxy, type TrustProxy } from './lib/public-address';
import { documentRoute, problemComponent } from './lib/openapi';
import { registerSecurityHeaders } from './lib/security-headers';
import { methodsByAddress, sendMethodNotAllowed } from './lib/method-not-allowed';
import { registerCompression, registerWebApp } from './lib/web-delivery';

export interface AppOptions {
  db: Db;
  jwtSecret: string;
  /** Folder of the built web app; when absent the server answers the API only. */
  webDist?: string;
  /** pino level, and where the lines go (standard output when no stream is given). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Sign-in attempts a minute per user name and address (default 10). */
  loginRateLimit?: number;
  /** Failed sign-ins a minute per address, whatever the user names (default 20). */
  loginFailuresPerAddress?: number;
  /** Carries hub events between processes; one of this process alone when absent. Closed with the app. */
  bus?: EventBus;
  /** The database's notifications (`Database.watch`): with it, callers' access is kept in memory between requests. */
  watch?: Watch;
  /** Whether a mail server (SMTP_URL) sends the outbox; the administrator's outbox page says so when not. */
  isSmtpConfigured?: boolean;
  /** Where uploaded files are kept; a fresh folder under the system's temporary directory when absent. */
  files?: FileStore;
  /** Proxies believed about the client's address (TRUST_PROXY), so that `request.ip` is the client's; none when absent. */
  trustProxy?: TrustProxy;
  /** Where people reach the product (PUBLIC_URL): e-mailed links start with it; `http://localhost:3000` when absent. */
  publicUrl?: string;
  /** Whether anyone may register a company (PUBLIC_SIGNUP=1); closed when absent. */
  publicSignup?: boolean;
  /** The providers' login pages the web app links to (SERVICECHANNEL_LOGIN_URL, ...); their public ones when absent. */
  providerLoginPages?: ProviderLoginPages;
  /** A Nominatim-protocol geocoder (GEOCODER_URL, or the simulator's); addresses are not placed on the map when absent. */
  geocoder?: { url: string; timeoutMs?: number };
}

const OPENAPI_INFO = {
  title: 'Service Managed API',
  version: '1.0.0',
  description: 'Work orders, the technician clock, scheduling and outside work-order networks for field-service companies. Errors are RFC 9457 problem documents whose title is the sentence to show.',
};

/** Public paths under /api: the OpenAPI docs. Everything else under /api and /hubs declares its requirement. */
const PUBLIC_PREFIXES = ['/api/docs'];

/**
 * What a request log line says about the request: Fastify's default fields, with the token a real-time address
 * carries in its query (browsers cannot set headers on a WebSocket) blanked, so logs never hold a usable token.
 */
function requestLogFields(req: FastifyRequest) {
  return {
    method: req.method,
    url: req.url.replace(/([?&]access_token=)[^&#]*/gi, '$1[redacted]'),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Builds the whole server without listening, so tests drive it through `inject`. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors are logged without the parameters of a failed statement (lib/error-log.ts).
    logger: opts.logger ? { ...(opts.logger === true ? {} : opts.logger), serializers: { req: requestLogFields, err: serializeErrorForLog } } : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(opts.trustProxy ?? false),
    frameworkErrors,
  });
  // Before access control, so refused requests (401, 403) carry the security headers too.
  registerSecurityHeaders(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodies(app);
  const methodsOf = methodsByAddress(app);
  app.addHook('onRoute', (route) => {
    if (PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) route.config = { ...route.config, access: PUBLIC };
  });
  registerAccessControl(app, callerSource(opts.db, opts.jwtSecret));
  // Before the routes: those a phone may keep offline take an Idempotency-Key and the device's time.
  registerIdempotency(app, { db: opts.db, recordConflict });
  if (opts.watch) {
    const stopCaching = cacheAccess(opts.db, opts.watch);
    app.addHook('onClose', () => stopCaching());
  }
  const bus = opts.bus ?? localBus();
  app.decorate('events', bus);
  app.addHook('onClose', () => bus.close());

  // Before any route, so that every answer above the threshold is compressed.
  await registerCompression(app);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 10, fields: 110, parts: 120 }, throwFileSizeLimit: true });
  await app.register(swagger, {
    openapi: {
      info: OPENAPI_INFO,
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: problemComponent },
      security: [{ bearer: [] }],
    },
    transform: documentRoute,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { config: { access: PUBLIC }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  const publicUrl = opts.publicUrl ?? 'http://localhost:3000';
  const geocoder = opts.geocoder ? httpGeocoder({ baseUrl: opts.geocoder.url, timeoutMs: opts.geocoder.timeoutMs, log: app.log }) : null;
  authRoutes(app, { db: opts.db, jwtSecret: opts.jwtSecret, loginRateLimit: opts.loginRateLimit ?? 10, loginFailuresPerAddress: opts.loginFailuresPerAddress ?? 20, publicUrl });
  signupRoutes(app, { db: opts.db, jwtSecret: opts.jwtSecret, publicUrl, publicSignup: opts.publicSignup ?? false, providerLoginPages: opts.providerLoginPages });
  permissionsRoutes(app, opts);
  providerSettingsRoutes(app, opts);
  documentRoutes(app, opts);
  emailTemplatesRoutes(app, opts);
  usersRoutes(app, opts);
  usersAdminRoutes(app, { db: opts.db, publicUrl });
  importsRoutes(app, { db: opts.db, publicUrl });
  accountLinksRoutes(app, { db: opts.db, publicUrl });
  referenceRoutes(app, opts);
  referenceListsRoutes(app, opts);
  settingsFormsRoutes(app, opts);
  gridPreferencesRoutes(app, opts);
  const fileStore = opts.files ?? diskStore(mkdtempSync(join(tmpdir(), 'sm-files-')));
  filesRoutes(app, { ...opts, files: fileStore });
  searchRoutes(app, opts);
  workOrdersRoutes(app, opts);
  workOrderOfficeRoutes(app, opts);
  customersRoutes(app, { db: opts.db, geocoder });
  contactsRoutes(app, opts);
  equipmentRoutes(app, { db: opts.db, publicUrl });
  pmVisitsRoutes(app, opts);
  roleBoardsRoutes(app, opts);
  workOrderEquipmentRoutes(app, opts);
  refrigerantRoutes(app, opts);
  fleetRoutes(app, opts);
  commissionsRoutes(app, opts);
  salesRoutes(app, opts);
  projectsRoutes(app, opts);
  workOrderItemsRoutes(app, opts);
  clockRoutes(app, { db: opts.db, geocoder });
  requestConflictsRoutes(app, opts);
  nteMeterRoutes(app, opts);
  corrigoRoutes(app, opts);
  schedulingRoutes(app, opts);
  unassignedWorkRoutes(app, opts);
  boardsRoutes(app, opts);
  salesSchedulingRoutes(app, opts);
  emailOutboxRoutes(app, { db: opts.db, isSmtpConfigured: opts.isSmtpConfigured ?? false });
  quotesRoutes(app, opts);
  flagRemindersRoutes(app, opts);
  writeUpsRoutes(app, opts);
  sopRoutes(app, opts);
  payRaisesRoutes(app, opts);
  timesheetsRoutes(app, opts);
  laborApprovalsRoutes(app, { db: opts.db, publicUrl });
  laborCorrectionsRoutes(app, opts);
  rateSheetsRoutes(app, { db: opts.db, publicUrl });
  pmContractsRoutes(app, { db: opts.db, publicUrl });
  customerPortalRoutes(app, { db: opts.db, publicUrl, files: { store: fileStore, secret: opts.jwtSecret } });
  customerAccessRoutes(app, { db: opts.db, publicUrl });
  estimatesRoutes(app, opts);
  invoicesRoutes(app, opts);
  collectionsRoutes(app, opts);
  collectionTemplatesRoutes(app, opts);
  intacctSettingsRoutes(app, opts);
  intacctChartRoutes(app, opts);
  syncLogRoutes(app, opts);
  quickBooksRoutes(app, opts);
  purchasingRoutes(app, opts);
  purchaseOrdersRoutes(app, opts);
  inventoryRoutes(app, opts);
  stockTransferRoutes(app, opts);
  vendorCreditsRoutes(app, opts);
  reportsRoutes(app, opts);
  await teamLeaderHub(app, { bus });
  workOrderHub(app, { db: opts.db, bus });

  const hasWeb = !!opts.webDist && existsSync(join(opts.webDist, 'index.html'));
  if (hasWeb) await registerWebApp(app, opts.webDist!);
  app.setNotFoundHandler((request, reply) => {
    const isPage = hasWeb && request.method === 'GET' && !/^\/(api|hubs)(\/|$)/i.test(request.url);
    // The web app routes in the browser: every page address answers its index.html.
    if (isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0 });
    const allowed = methodsOf(request);
    return allowed.length > 0 ? sendMethodNotAllowed(reply, allowed) : sendNotFound(reply);
  });
  return app;
}
