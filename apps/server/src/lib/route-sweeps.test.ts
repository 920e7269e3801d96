import { satisfies, type Access } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, loadDemoAccess } from '../test/demo-access';
import { collectedRoutes, groupsOf, inGroup, sendCase, type Route } from '../test/route-sweep';
import { dbFingerprint } from '../test/fingerprint';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The access sweep: every non-public route under /api and /hubs answers 401 without a token, and every route that
 * needs a permission answers 403 to a demo user whose roles lack it, writing nothing. One test per route group
 * (test/route-sweep.ts), so that the routes each new feature adds make the run longer, not a test reach its limit.
 * Another company's records: cross-company-sweep.test.ts.
 */
const guarded = (r: Route) => /^\/(api|hubs)\//i.test(r.url) && r.access?.kind !== 'public';
const needsPermission = (r: Route) => /^\/api\/v1\//i.test(r.url) && (r.access?.kind === 'area' || r.access?.kind === 'superAdmin');
const routeTable = await collectedRoutes();

let t: TestApp;
let accessOf: Map<string, Access>;
const routesOf = (group: string, keep: (r: Route) => boolean) => inGroup(t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && keep(r)), group);

beforeAll(async () => {
  t = await createTestApp();
  ({ accessOf } = await loadDemoAccess(t));
  for (const userName of DEMO_USERS) await t.token(userName);
});
afterAll(() => t.close());

describe('access sweep over the route table', () => {
  it.each(groupsOf(routeTable.filter(guarded)))('%s: answers 401 without a token', async (group) => {
    const routes = routesOf(group, guarded);
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method as never, url: r.url.replace(/:[A-Za-z]+/g, '1'), payload: r.hasBody ? {} : undefined });
      expect.soft(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it.each(groupsOf(routeTable.filter(needsPermission)))("%s: answers 403 to a signed-in user whose roles lack the route's permission, and writes nothing", async (group) => {
    const routes = routesOf(group, needsPermission);
    expect(routes.length).toBeGreaterThan(0);
    // The database is compared once a route: the fingerprint after one route is the one before the next.
    let before = await dbFingerprint(t.db);
    for (const r of routes) {
      const lacking = DEMO_USERS.find((u) => !satisfies(accessOf.get(u)!, r.access!));
      expect(lacking, `${r.method} ${r.url} has no demo user without its permission`).toBeDefined();
      const res = await sendCase(t, r, { label: 'no permission' }, lacking!);
      expect.soft(res.statusCode, `${r.method} ${r.url} as ${lacking}`).toBe(403);
      const after = await dbFingerprint(t.db);
      expect.soft(after, `${r.method} ${r.url} as ${lacking} wrote to the database`).toBe(before);
      before = after;
    }
  });
});
