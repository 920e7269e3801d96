import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { errorStatusesOf } from './openapi';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

/** Every operation of the document with its method and path. */
const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })));

beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as typeof doc;
  // The linter in `npm test` reads this file.
  const dir = join(process.cwd(), '.tmp');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc, null, 2));
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('names, summarises and answers every operation with a schema', () => {
    expect(operations().length).toBeGreaterThan(40);
    const ids = new Set<string>();
    for (const { method, path, op } of operations()) {
      const where = `${method} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId!), `${where}: operationId repeats`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary?.length, `${where}: summary`).toBeGreaterThan(5);
      const ok = Object.entries(op.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
      expect(ok?.[1].content?.['application/json']?.schema, `${where}: success schema`).toBeDefined();
    }
  });

  it('declares the errors each route can answer, as problem documents', () => {
    for (const route of t.app.routeTable) {
      if (!/^\/api\/v1\//.test(route.url) || route.method === 'HEAD') continue;
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      const expected = errorStatusesOf({ method: route.method, schema: route.schema as Record<string, unknown>, config: { access: route.access } });
      for (const status of expected) {
        expect(op!.responses?.[status]?.content?.['application/problem+json']?.schema, `${route.method} ${route.url} ${status}`).toEqual({ $ref: '#/components/schemas/Problem' });
      }
      if (route.access?.kind !== 'public') expect(op!.responses?.['401'], `${route.method} ${route.url} 401`).toBeDefined();
      if (route.hasBody) expect(Object.keys(op!.responses ?? {}), `${route.method} ${route.url}`).toEqual(expect.arrayContaining(['400', '415']));
    }
    expect(doc.components.schemas.Problem).toBeDefined();
  });

  it('asks no token of a public route, and a bearer token of every other', () => {
    const login = doc.paths['/api/v1/Account/login'].post;
    expect(login.security).toEqual([]);
    expect(login.responses?.['429']).toBeDefined();
    expect(login.responses?.['401']).toBeUndefined();
    const publicOps = operations().filter(({ op }) => Array.isArray(op.security) && op.security.length === 0);
    expect(publicOps.map(({ path }) => path).sort()).toEqual([
      '/api/v1/Account/acceptInvitation/{token}', '/api/v1/Account/confirmEmail/{token}', '/api/v1/Account/forgotPassword', '/api/v1/Account/invitation/{token}',
      '/api/v1/Account/login', '/api/v1/Account/register', '/api/v1/Account/resetPassword/{token}', '/api/v1/Account/setup', '/api/v1/Account/signupState',
      ...['', '/accessRequests', '/equipment', '/invoices', '/invoices/{invoiceId}/pdf', '/pmContracts', '/pmContracts/{pmContractId}/decision', '/quotes', '/quotes/{quoteNumber}', '/quotes/{quoteNumber}/{quoteVersion}/approve', '/quotes/{quoteNumber}/{quoteVersion}/decline', '/serviceRequests', '/workOrders', '/workOrders/{workOrderId}']
        .map((tail) => `/api/v1/CustomerPortal/{clientAuthenticationId}${tail}`),
      '/api/v1/CustomerRateSheetApproval/{customerRateSheetApprovalGuid}', '/api/v1/CustomerRateSheetApproval/{customerRateSheetApprovalGuid}', '/api/v1/Files/content', '/api/v1/PreventiveMaintenanceApproval/{preventiveMaintenanceApprovalGuid}',
      '/api/v1/PreventiveMaintenanceApproval/{preventiveMaintenanceApprovalGuid}', '/api/v1/WorkOrderLaborApproval/{guid}', '/api/v1/WorkOrderLaborApproval/{guid}',
    ]);
    expect((doc as unknown as { security: unknown }).security).toEqual([{ bearer: [] }]);
  });

  it('declares path ids as digits and body ids as integers', () => {
    const history = doc.paths['/api/v1/Scheduler/{schedulerId}/history'].get as unknown as { parameters: { name: string; schema: { type: string; pattern?: string } }[] };
    expect(history.parameters.find((p) => p.name === 'schedulerId')?.schema).toMatchObject({ type: 'string', pattern: '^\\d+$' });
    const clockIn = doc.paths['/api/v1/WOStartStop/clockInWorkOrder'].post.requestBody?.content?.['application/json']?.schema as { properties: Record<string, { type: string }> };
    expect(clockIn.properties.workOrderId.type).toBe('integer');
  });

  it('declares no time as an RFC 3339 date-time that the server reads as a local wall clock', () => {
    const text = JSON.stringify(doc);
    const save = doc.paths['/api/v1/Scheduler/save'].post.requestBody?.content?.['application/json']?.schema as { properties: Record<string, { format?: string; pattern?: string }> };
    expect(save.properties.start.format).toBeUndefined();
    expect(save.properties.start.pattern).toBeDefined();
    expect(text).not.toContain('"format":"date-time","description":"ISO 8601; without an offset');
  });
});
