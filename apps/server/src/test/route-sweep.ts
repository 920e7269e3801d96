import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bodyCases, jsonOf, paramCases, plausible, queryCases, type BadCase } from './bad-input-cases';
import { dbFingerprint, writeWatch } from './fingerprint';
import { createTestApp, type TestApp } from './test-app';

/** The routes of the API under /api/v1, as the sweeps go over them. */
export const apiRoutes = (t: TestApp | { app: FastifyInstance }) => t.app.routeTable.filter((r) => /^\/api\/v1\//i.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS');
export type Route = ReturnType<typeof apiRoutes>[number];

/**
 * A route's group: the first segment of its path under /api/v1 (`WorkOrder`, `Quotes`), or under / (`hubs`); the
 * routes generated per administration list or settings form group by their list (`referencelist/terms`), so that no
 * one sweep test goes over every list at once.
 */
export const groupOf = (url: string) =>
  (/^\/api\/v1\/((?:ReferenceList|Settings)\/[^/]+)/i.exec(url)?.[1] ?? /^\/api\/v1\/([^/]+)/i.exec(url)?.[1] ?? url.split('/')[1] ?? '').toLowerCase();

/**
 * The route table as the server registers it, read from a server built without a database while the test file is
 * collected, so that a sweep can name one test per route group (`it.each(groupsOf(...))`) before its database
 * exists. A sweep then takes each group's routes from its own server with `inGroup`.
 */
export async function collectedRoutes(): Promise<Route[]> {
  const app = await buildApp({ db: undefined as never, jwtSecret: 'route-table-only-no-request-is-served' });
  try {
    await app.ready();
    return app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
  } finally {
    await app.close();
  }
}

/** The groups of some routes, sorted. */
export const groupsOf = (routes: Route[]) => [...new Set(routes.map((r) => groupOf(r.url)))].sort();

/** The routes of one group, in registration order. */
export const inGroup = (routes: Route[], group: string) => routes.filter((r) => groupOf(r.url) === group);

const fill = (url: string, params: Record<string, string> = {}) => url.replace(/:([A-Za-z]+)/g, (_, p: string) => params[p] ?? '1');

/** Sends one case to a route as a demo user (admin unless said): a plausible body unless the case brings its own. */
export async function sendCase(t: TestApp, route: Route, c: BadCase, as = 'admin') {
  const query = c.query ? '?' + new URLSearchParams(c.query).toString() : '';
  const headers: Record<string, string> = { authorization: `Bearer ${await t.token(as)}` };
  if (c.contentType) headers['content-type'] = c.contentType;
  const payload = c.rawBody ?? (c.body === undefined ? (route.hasBody ? plausible(jsonOf(route.schema!.body!)) : undefined) : c.body);
  return t.app.inject({ method: route.method as never, url: fill(route.url, c.params) + query, headers, payload: payload as never });
}

/** Whether the route's own schemas take the case: a valid case may be answered 2xx and may write. */
function isValid(route: Route, c: BadCase): boolean {
  const s = route.schema ?? {};
  if (c.rawBody !== undefined) return false;
  const decode = (v: string) => {
    try {
      return decodeURIComponent(v);
    } catch {
      return null;
    }
  };
  const params = Object.fromEntries((route.url.match(/:([A-Za-z]+)/g) ?? []).map((p) => [p.slice(1), decode(c.params?.[p.slice(1)] ?? '1')]));
  if (Object.values(params).includes(null)) return false;
  const body = c.body === undefined ? (s.body ? plausible(jsonOf(s.body)) : undefined) : c.body;
  return (!s.params || s.params.safeParse(params).success) && (!s.body || s.body.safeParse(body).success) && (!s.querystring || s.querystring.safeParse(c.query ?? {}).success);
}

/**
 * Whether this run sends the cases a route's own schemas refuse. They are answered before the route's handler runs,
 * so their answers do not depend on the database behind: when `npm test` runs the API tests on PGlite and then on
 * PostgreSQL (BAD_INPUT_REFUSED_CASES=postgresql on the PGlite run), they are sent on PostgreSQL only, and the cases
 * that reach the database on both.
 */
const REFUSED_CASES_HERE = !(process.env.BAD_INPUT_REFUSED_CASES === 'postgresql' && process.env.TEST_DRIVER !== 'pg');

/** The tests each part of the bad-input sweep is cut into. */
const CHUNKS = 3;

/**
 * The bad-input sweep over one part of the route table (every `parts`th route from `part`), against a database of its
 * own: the parts run side by side, so no one test waits for the whole table on a busy machine.
 */
export function badInputSweep(part: number, parts: number) {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe(`bad-input sweep over the route table, part ${part + 1} of ${parts}`, () => {
    // Each test takes a third of the part's routes (about 20 today): a test's limit bounds a few thousand requests, so a
    // busy machine makes the sweep slower, not red, and the limit keeps its meaning as routes are added.
    for (let chunk = 0; chunk < CHUNKS; chunk += 1) {
      it(`answers every generated bad input with a 4xx sentence, never a 5xx, and writes nothing (routes ${chunk + 1} of ${CHUNKS})`, async () => {
        const perRoute: Record<string, number> = {};
        const minimum: Record<string, number> = {};
        const mine = apiRoutes(t).filter((x) => x.schema?.body || x.schema?.params || x.schema?.querystring).filter((_, i) => i % (parts * CHUNKS) === part + parts * chunk);
        for (const r of mine) {
          const s = r.schema!;
          const cases = [...(s.body ? bodyCases(s.body) : []), ...(s.params ? paramCases(s.params) : []), ...(s.querystring ? queryCases(s.querystring) : [])];
          const key = `${r.method} ${r.url}`;
          perRoute[key] = cases.length;
          // A route with few fields has fewer ways to be wrong: at least 15 cases a field, and 50 from four fields on.
          const fields = [s.body, s.params, s.querystring].reduce((n, z) => n + (z ? Object.keys(jsonOf(z).properties ?? {}).length : 0), 0);
          minimum[key] = Math.min(50, 15 * Math.max(1, fields));
          // The database is compared around each run of refused cases (a valid case may write, and starts a new run);
          // a run that sends none of them has nothing to compare.
          const watch = REFUSED_CASES_HERE ? await writeWatch(t.db) : null;
          let refused: string[] = [];
          const checkNothingWritten = async () => {
            if (watch && refused.length > 0 && !(await watch.unchanged())) expect(await dbFingerprint(t.db), `${key} wrote to the database on one of [${refused.join('; ')}]`).toBe(watch.print);
            refused = [];
          };
          for (const c of cases) {
            const valid = isValid(r, c);
            if (!valid && !REFUSED_CASES_HERE) continue;
            if (valid) await checkNothingWritten();
            const res = await sendCase(t, r, c);
            expect(res.statusCode, `${key} [${c.label}] ${res.body.slice(0, 200)}`).toBeLessThan(500);
            if (valid) {
              await watch?.rebase();
              continue;
            }
            refused.push(c.label);
            expect(res.statusCode, `${key} [${c.label}] was accepted`).toBeGreaterThanOrEqual(400);
            expect(res.headers['content-type'], `${key} [${c.label}] ${res.statusCode} ${res.body.slice(0, 100)}`).toContain('application/problem+json');
            expect(res.json().title.length, `${key} [${c.label}]`).toBeGreaterThan(5);
          }
          await checkNothingWritten();
        }
        const thin = Object.entries(perRoute).filter(([k, n]) => n < minimum[k]!);
        expect(thin).toEqual([]);
        console.info(`bad-input sweep, part ${part + 1} of ${parts}, routes ${chunk + 1} of ${CHUNKS}: ${Object.values(perRoute).reduce((a, b) => a + b, 0)} cases over ${Object.keys(perRoute).length} routes`);
        expect(Object.keys(perRoute).length).toBeGreaterThan(5);
      }, 600_000);
    }
  });
}
