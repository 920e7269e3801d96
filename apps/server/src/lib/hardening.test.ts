import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@sm/shared';
import { accountingPostings, customers, emailOutbox, quickBooksImportRows, pmContracts, projects, scheduleItems, warehouses, workOrders } from '../db/schema';
import { connectDemoToSimulator } from '../db/seed/providers';
import { startDemoSimulator } from '../features/field/providers/simulator/demo-simulator';
import type { RunningSimulator } from '../features/field/providers/simulator/simulator-server';
import { multipart, picture, upload } from '../features/platform/files/file-fixtures';
import { knownBody, knownWorkOrder } from '../features/money/invoices/invoice-fixtures';
import { bearer, customerUserThrough, portalContact, siteWorkOrder, submittedQuote } from '../features/office/customer-portal/portal-fixtures';
import { collectedRoutes, groupsOf, inGroup, type Route } from '../test/route-sweep';
import { createTestApp, TEST_SECRET, type TestApp } from '../test/test-app';
import { allowedSimulator } from '../test/allowed-simulator';

// Request size (413) is proven in bad-input.test.ts and the sign-in lockout in auth.test.ts.

const getRoutes = (routes: Route[]) => routes.filter((r) => r.method === 'GET' && /^\/api\/v1\//i.test(r.url));
/** The groups of the GET routes, from the route table as the server registers it (test/route-sweep.ts). */
const getGroups = groupsOf(getRoutes(await collectedRoutes()));

let t: TestApp;
/** The provider endpoints answer from the providers, so the demo simulator stands in for them. */
let sim: RunningSimulator;
beforeAll(async () => {
  t = await createTestApp();
  sim = await startDemoSimulator(0).then(allowedSimulator);
  await connectDemoToSimulator(t.db, sim.url);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

/** The Content-Security-Policy header as directive name -> its sources. */
function cspOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = cspOf(res);
  expect(csp.get('script-src'), `${what}: script-src`).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), `${what}: script-src-attr`).toEqual(["'none'"]);
  expect(csp.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  expect(csp.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toMatch(/^(DENY|SAMEORIGIN)$/);
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['strict-transport-security'], what).toMatch(/max-age=\d{7,}/);
  expect(res.headers['x-powered-by'], what).toBeUndefined();
}

describe('security headers', () => {
  it('are on the health route, an API answer, a refused request and an unknown address', async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ['health', await t.call('GET', '/api/health', null)],
      ['API answer', await t.call('GET', '/api/v1/User/userStatuses', 'admin')],
      ['401 without a token', await t.call('GET', '/api/v1/User/userStatuses', null)],
      ['403 without the permission', await t.call('GET', '/api/v1/Account/roles', 'tech')],
      ['unknown address', await t.call('GET', '/api/v1/NoSuchThing', 'admin')],
    ];
    expect(answers.map(([, r]) => r.statusCode)).toEqual([200, 200, 401, 403, 404]);
    for (const [what, res] of answers) expectSecurityHeaders(res, what);
  });
});

describe('cross-origin requests', () => {
  const evil = { origin: 'https://evil.example' };

  it('a preflight from another origin is not allowed', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/Account/login',
      headers: { ...evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('a request carrying another origin gets no allow-origin header', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/Account/login', headers: evil, payload: { userName: 'tech', password: 'demo1234' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
    const read = await t.call('GET', '/api/v1/User/getUserStatus', 'tech', undefined, { headers: evil });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('no secret is ever sent', () => {
  // The demo company's provider secrets too (its provider passwords contain 'password').
  const FORBIDDEN = ['$argon2', 'password', 'passwordhash', 'password_hash', 'demo1234', TEST_SECRET.toLowerCase(), 'corrigo-demo-secret', 'sc-demo-secret'];
  let me: LightMyRequestResponse;
  let params: Record<string, string>;
  /** Routes that need a query to answer at all. */
  let queries: Record<string, string>;
  /** The customer portal's ids: a link of one customer, with that customer's work order, quote and invoice. */
  let portalParams: Record<string, string>;
  let customerUser: string;

  /**
   * An answer holds no hash, password or signing secret. ("hasPassword", "hasSenderPassword"… name flags: whether a
   * provider's or Intacct's password is stored.)
   */
  const expectNoSecret = (what: string, res: LightMyRequestResponse) => {
    expect.soft(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(200);
    const body = res.body.toLowerCase().replace(/"has\w*password":/g, '');
    for (const secret of FORBIDDEN) expect.soft(body.includes(secret), `${what} contains ${secret}`).toBe(false);
  };

  // A record of each kind the GET routes name, made once for every group of routes.
  beforeAll(async () => {
    me = await t.call('POST', '/api/v1/Account/validateUser', 'admin');
    expect(me.statusCode).toBe(200);
    const roles = (await t.call('GET', '/api/v1/Account/roles', 'admin')).json();
    const workOrder = (await t.call('GET', '/api/v1/WorkOrder/240001', 'admin')).json();
    params = {
      userId: String(me.json().userId),
      roleId: String(roles[0].roleId),
      workOrderNumber: workOrder.workOrderNumber,
      billingCustomerId: String(workOrder.billingCustomerId),
      customerId: String(workOrder.billingCustomerId),
      statusValue: '10',
      provider: 'serviceChannel',
      // A Corrigo work order of the demo company and its Corrigo customer.
      workOrderId: String((await t.db.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.workOrderNumber, '240021')))[0].id),
      corrigoCustomerId: '70431',
      schedulerId: String((await t.db.select({ id: scheduleItems.id }).from(scheduleItems).where(eq(scheduleItems.subscriberId, me.json().subscriberId)).limit(1))[0].id),
    };
    queries = { '/api/v1/Scheduler/items': '?start=2026-11-01&end=2026-12-01', '/api/v1/SalesScheduler/items': '?start=2026-11-01&end=2026-12-01', '/api/v1/WorkOrderJobs/getWorkOrderJobs': `?workOrderId=${params.workOrderId}`, '/api/v1/Search/records': '?q=freshmart' };
    // A file of the work order, for the file store's reads.
    const folder = `workOrders/${params.workOrderId}`;
    expect((await upload(t, 'admin', folder, [{ name: 'plate.png', content: await picture('png', 8, 8) }])).statusCode).toBe(200);
    const fileLink = (await t.call('GET', `/api/v1/Files/getFileUrl?path=${folder}/plate.png`, 'admin')).json().url as string;
    Object.assign(queries, {
      '/api/v1/Files/list': `?folder=${folder}`,
      '/api/v1/Files/getFileUrl': `?path=${folder}/plate.png`,
      '/api/v1/Files/copyFolder': `?fromFolder=${folder}&toFolder=customers/${params.customerId}`,
      '/api/v1/Files/content': fileLink.slice(fileLink.indexOf('?')),
    });
    // A quote and an invoice of the demo company, for their pages, PDFs and e-mail forms; and a document template.
    params.kind = 'invoice';
    params.reportKey = 'revenue';
    queries['/api/v1/Reports/:reportKey/export'] = '?format=xlsx';
    queries['/api/v1/Sales/commissionReport/export'] = '?format=csv';
    const quote = (await t.call('POST', '/api/v1/Quotes/create', 'admin', { workOrderId: Number(params.workOrderId) })).json();
    Object.assign(params, { quoteNumber: String(quote.quoteNumber), quoteVersion: String(quote.quoteVersion) });
    // A customer estimate, for its page.
    params.customerEstimateId = String((await t.call('POST', '/api/v1/CustomerEstimates', 'admin', { customerId: Number(params.customerId), title: 'Replace rooftop unit' })).json().customerEstimateId);
    const { workOrder: invoiced, laborIds } = await knownWorkOrder(t, '249950');
    params.invoiceId = String((await t.call('POST', '/api/v1/Invoice/submit', 'admin', knownBody(invoiced.id, laborIds[0]!))).json().invoiceId);
    // One of its labor entries, for the form that corrects it.
    params.workOrderLaborId = String(laborIds[0]);
    // An import with a rejected row, for its state and its report.
    const file = await multipart([{ name: 'customers.csv', content: Buffer.from('External ID,Name\r\nH-1,Hardening Shop\r\nH-2,\r\n'), field: 'file' }]);
    params.importId = String((await t.call('POST', '/api/v1/Imports/customers', 'admin', undefined, { payload: file.payload, headers: file.headers })).json().importId);
    // A message of the e-mail outbox, for its detail.
    params.emailOutboxId = String((await t.call('POST', '/api/v1/EmailOutbox/test', 'admin', { to: 'office@lonestar.example' })).json().emailOutboxId);
    // An e-mail template, for its page.
    params.emailTemplateId = String((await t.call('POST', '/api/v1/EmailTemplates', 'admin', { name: 'Hardening check', subject: 'Hello', bodyHtml: '<p>Hello</p>' })).json().emailTemplateId);
    // An SOP, for its page.
    params.sopDetailId = String((await t.call('POST', '/api/v1/SOPDetails', 'admin', { sopName: 'Hardening check', sopTypeId: (await t.call('GET', '/api/v1/ReferenceList/sopTypes', 'admin')).json()[0].id, sopStatusId: 1 })).json().sopDetailId);
    // A labor approval link of the invoiced work order (it has finished labor), for the customer's page.
    params.guid = (await t.call('POST', '/api/v1/WorkOrder/laborApprovals', 'admin', { workOrderId: invoiced.id })).json().workOrderLaborApprovalGuid;
    // A rate sheet version sent to its customer, for the office's page and the customer's through the link.
    const sheet = (await t.call('POST', '/api/v1/RateSheet', 'admin', { billingCustomerId: Number(params.billingCustomerId), name: 'Hardening check', effectiveFrom: '2099-01-01', labor: [], trucks: [], perDiems: [], standardItems: [{ name: 'Trip', itemRateTypeId: 1, price: 10 }] })).json();
    params.customerRateSheetId = String(sheet.customerRateSheetId);
    params.customerRateSheetApprovalGuid = (await t.call('POST', `/api/v1/RateSheet/${sheet.customerRateSheetId}/sendForApproval`, 'admin', { email: 'ap@lonestar.example' })).json().customerRateSheetApprovalGuid;
    // A preventive-maintenance contract of the demo sent to its customer, for the office's page and the customer's through the link.
    const site = (await t.call('GET', '/api/v1/PmContract?take=1', 'admin')).json().data[0].customerId;
    const pieces = (await t.call('GET', `/api/v1/PmContract/location/${site}/equipment`, 'admin')).json();
    const frequency = (await t.call('GET', '/api/v1/PmContract/choices', 'admin')).json().frequencies[0].id;
    const pm = (await t.call('POST', '/api/v1/PmContract', 'admin', { customerId: site, name: 'Hardening check', frequencyId: frequency, equipment: [{ equipmentId: pieces[0].equipmentId }], price: 100, priceBasis: 'visit', startsOn: '2027-01-01', endsOn: '2027-12-31' })).json();
    params.pmContractId = String(pm.pmContractId);
    params.preventiveMaintenanceApprovalGuid = (await t.call('POST', `/api/v1/PmContract/${pm.pmContractId}/sendForApproval`, 'admin', { email: 'facilities@lonestar.example' })).json().preventiveMaintenanceApprovalGuid;
    // A purchase order, for its page, PDF and e-mail form.
    const vendorId = (await t.call('GET', '/api/v1/PurchaseOrder/choices', 'admin')).json().vendors[0].id;
    params.purchaseOrderId = String((await t.call('POST', '/api/v1/PurchaseOrder', 'admin', { vendorId, lines: [{ description: 'Hardening check', quantity: 1, unitCost: 1 }] })).json().purchaseOrderId);
    // A vendor credit, for its page and the purchase orders it may be matched to.
    const creditVendorId = (await t.call('GET', '/api/v1/VendorCredit/vendors', 'admin')).json()[0].vendorId;
    params.vendorCreditId = String((await t.call('POST', '/api/v1/VendorCredit', 'admin', { vendorId: creditVendorId, lines: [{ description: 'Hardening check', quantity: 1, unitCost: 1 }] })).json().vendorCreditId);
    // A piece of the demo's equipment, for its page and its history.
    params.equipmentId = String((await t.call('GET', '/api/v1/Equipment?take=1', 'admin')).json().data[0].equipmentId);
    queries['/api/v1/Equipment/labels'] = `?equipmentIds=${params.equipmentId}`;
    // One of the demo's preventive-maintenance contracts, for its visits.
    params.pmContractId = String((await t.db.select({ id: pmContracts.id }).from(pmContracts).orderBy(pmContracts.id).limit(1))[0].id);
    // One of the demo's projects, for its page.
    params.projectId = String((await t.db.select({ id: projects.id }).from(projects).orderBy(projects.id).limit(1))[0].id);
    // An open invitation, for the page that greets the invited user: its token is read from the e-mail in the outbox.
    const invited = { name: 'Hardening Check', email: 'hardening.check@example.com', userName: 'hardening.check', roleIds: [ROLE.Technician] };
    expect((await t.call('POST', '/api/v1/Users/invite', 'admin', invited)).statusCode).toBe(200);
    const [mail] = await t.db.select({ text: emailOutbox.text }).from(emailOutbox).where(sql`${invited.email} = any(${emailOutbox.to})`);
    // An item of the demo's inventory, for its page and its ledger; and a truck of the admin's own, for My Truck.
    params.itemId = String((await t.call('GET', '/api/v1/Inventory/items?take=1', 'admin')).json().data[0].itemId);
    const [truck] = await t.db.select().from(warehouses).where(and(eq(warehouses.subscriberId, me.json().subscriberId), eq(warehouses.isTruck, true))).limit(1);
    await t.db.insert(warehouses).values({ ...truck, id: undefined, name: 'Hardening truck', technicianId: me.json().userId });
    // A vehicle of the demo's fleet, for its mileage log and inspections.
    params.vehicleId = String((await t.call('GET', '/api/v1/Fleet/vehicles', 'admin')).json()[0].vehicleId);
    // A posting of the sync log (a credit memo's), for its page.
    const memo = (await t.call('POST', '/api/v1/CreditMemo/create', 'admin', { billingCustomerId: workOrder.billingCustomerId, amount: 1, reason: 'Hardening check' })).json();
    const [posting] = await t.db
      .insert(accountingPostings)
      .values({ subscriberId: me.json().subscriberId, documentKind: 'creditMemo', documentNumber: `CM-${memo.creditMemoId}`, creditMemoId: memo.creditMemoId })
      .returning({ id: accountingPostings.id });
    params.postingId = String(posting.id);
    // A customer read from QuickBooks into the import list, for its detail.
    const [imported] = await t.db
      .insert(quickBooksImportRows)
      .values({ subscriberId: me.json().subscriberId, kind: 'customer', qbId: '58', name: 'Hardening QuickBooks customer', detail: { Id: '58', DisplayName: 'Hardening QuickBooks customer' } })
      .returning({ id: quickBooksImportRows.id });
    params.qbImportRowId = String(imported.id);
    // A dunning e-mail template, for its page.
    const dunning = await t.call('POST', '/api/v1/CollectionTemplates', 'admin', { name: 'Hardening reminder', bucket: 'days1to30', subject: 'Past due', body: 'Dear {{customerName}}', isActive: true });
    params.collectionTemplateId = String(dunning.json().collectionTemplateId);
    // A dunning run asked for now, for its page.
    params.runId = String((await t.call('POST', '/api/v1/Collection/dunning/run', 'admin')).json().runId);
    // A portal link of a site, with a work order, a submitted quote and an invoice of its billing customer.
    const [portalSite] = await t.db.select().from(customers).where(eq(customers.name, 'FreshMart #112 Lakewood'));
    const portalWorkOrder = await siteWorkOrder(t, portalSite, 'HARDENING-1');
    const portalQuote = await submittedQuote(t, 'admin', portalWorkOrder);
    const billed = await siteWorkOrder(t, portalSite, 'HARDENING-2');
    const portalInvoice = (await t.call('POST', '/api/v1/Invoice/submit', 'admin', { workOrderId: billed, invoiceDate: '2026-11-03', quotedValues: [{ description: 'Coil cleaning', amount: 300 }] })).json();
    const contactId = await portalContact(t, portalSite, 'Hardening Contact', 'hardening.contact@example.com');
    const link = (await t.call('POST', `/api/v1/Customer/${portalSite.id}/portalLinks`, 'admin', { contactId })).json();
    customerUser = (await customerUserThrough(t, link.clientAuthenticationId, portalSite.id, { name: 'Hardening Customer', email: 'hardening.customer@example.com', userName: 'hardening.customer' })).accessToken;
    portalParams = {
      clientAuthenticationId: link.clientAuthenticationId, workOrderId: String(portalWorkOrder), quoteNumber: String(portalQuote), quoteVersion: '1', invoiceId: String(portalInvoice.invoiceId),
    };
    params.token = /\/users\/acceptInvitation\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? 'no-invitation-link';
  });

  it('validateUser, as a super admin, answers without a hash, a password or the signing secret', () => {
    expectNoSecret('POST validateUser', me);
  });

  // One test per route group (test/route-sweep.ts): the GET routes grow with every feature.
  it.each(getGroups)('%s: every GET route, as a super admin, answers without a hash, a password or the signing secret', async (group) => {
    const gets = inGroup(getRoutes(t.app.routeTable), group);
    expect(gets.length).toBeGreaterThan(0);
    for (const r of gets) {
      const isPortal = r.url.startsWith('/api/v1/CustomerPortal/') || r.url.startsWith('/api/v1/CustomerProfile');
      const ids = isPortal ? { ...params, ...portalParams } : params;
      const url = r.url.replace(/:([A-Za-z]+)/g, (_, p: string) => ids[p] ?? `missing-${p}`) + (queries[r.url] ?? '');
      // The signed-in portal is a customer user's: the super admin is bound to no customer.
      const answer = r.url.startsWith('/api/v1/CustomerProfile') ? await t.call('GET', url, null, undefined, { headers: bearer(customerUser) }) : await t.call('GET', url, 'admin');
      expectNoSecret(`GET ${url}`, answer);
    }
  });
});

describe('logs', () => {
  it('hold no password and no token, even at trace level', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logger: { level: 'trace', stream: { write: (line) => lines.push(line) } } });
    try {
      const wrongPassword = 'Wr0ng-Horse-Battery-7731';
      const login = (password: string) => logged.app.inject({ method: 'POST', url: '/api/v1/Account/login', payload: { userName: 'tech', password } });
      expect((await login(wrongPassword)).statusCode).toBe(401);
      const token: string = (await login('demo1234')).json().accessToken;
      const bearer = { authorization: `Bearer ${token}` };
      expect((await logged.app.inject({ method: 'POST', url: '/api/v1/Account/validateUser', headers: bearer })).statusCode).toBe(200);
      expect((await logged.app.inject({ url: '/api/v1/User/getUserStatus', headers: bearer })).statusCode).toBe(200);
      // Browsers cannot set headers on a WebSocket, so real-time addresses take the token in the query.
      await logged.app.inject({ url: `/hubs/notifications?access_token=${token}` });

      const log = lines.join('');
      expect(log).toContain('/api/v1/Account/login');
      expect(log).toContain('/hubs/notifications?access_token=[redacted]');
      for (const secret of [wrongPassword, 'demo1234', token, token.split('.')[2], TEST_SECRET]) {
        expect(log.includes(secret), `the log contains ${secret.slice(0, 12)}…`).toBe(false);
      }
    } finally {
      await logged.close();
    }
  });
});
