import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyRecords, companyOf, contentOf, idsOf, sharedTablesWithCompany, type Company } from '../test/company-records';
import { requestsFor, type SweepRequest } from '../test/cross-company-request';
import { companyFingerprint } from '../test/fingerprint';
import { idFieldsOf, type IdField } from '../test/id-kinds';
import { apiRoutes, collectedRoutes, groupsOf, inGroup, type Route } from '../test/route-sweep';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The cross-company sweep: for every id of every route (path, query and body, generated from the route table with
 * test/id-kinds.ts), a user of Polar Refrigeration (`admin`) names a record of Coastal Air there, with records of
 * Polar everywhere else. The answer is 404, or 400/403 when the request is refused before any record is read (a
 * filter in the query of a GET may also answer 200); it never holds Coastal Air's content, and Coastal Air's rows
 * stay as they were. One test per route group, so the sweep grows with the routes without one test growing with them.
 */

/**
 * A group's requests, one after another: the customer group alone sends hundreds. A busy machine makes it slower, not red.
 */
const SWEEP_GROUP_MS = 600_000;

// A multipart form's ids (a signed-in customer's service request) are swept by its own test (portal-sweep.test.ts).
const isSwept = (r: Route) => /^\/api\/v1\//i.test(r.url) && r.access?.kind !== 'public' && !r.isMultipart && idFieldsOf(r).length > 0;
const groups = groupsOf((await collectedRoutes()).filter(isSwept));

let t: TestApp;
let caller: Company;
let other: Company;
let own: Record<string, string | number>;
let foreign: Record<string, string | number>;
let otherContent: string[];
const answered: { route: string; id: string; status: number }[] = [];
const isTarget = (f: IdField) => !!f.kind && 'table' in f.kind;
/** An id no record has, in either company. */
const NOWHERE = '2147480001';
/** An answer with the id it was asked about blanked out, where it stands as a number of its own. */
const unnamed = (body: string, id: string | number) => body.replace(new RegExp(`(?<![\\d])${id}(?![\\d])`, 'g'), '#');
const send = async (r: Route, req: SweepRequest) => {
  const query = Object.keys(req.query).length ? `?${new URLSearchParams(req.query)}` : '';
  return t.call(r.method as never, req.url + query, caller.admin, r.schema?.body ? req.body : undefined);
};

beforeAll(async () => {
  t = await createTestApp();
  caller = await companyOf(t, 'admin', 'tech');
  other = await companyOf(t, 'coastal.admin', 'coastal.tech');
  await addCompanyRecords(t, caller);
  await addCompanyRecords(t, other, { quotes: 2 });
  own = await idsOf(t, caller);
  foreign = await idsOf(t, other, caller);
  otherContent = await contentOf(t, other);
});
afterAll(() => t.close());

describe('cross-company sweep over the route table', () => {
  it('calls shared only the tables that have no company column', async () => {
    expect(await sharedTablesWithCompany(t)).toEqual([]);
  });

  it.each(groups)('%s: refuses every id naming another company\'s record, shows none of it and changes none of it', async (group) => {
    const routes = inGroup(apiRoutes(t), group).filter(isSwept);
    const unmapped = routes.flatMap((r) => idFieldsOf(r).filter((f) => !f.kind).map((f) => `${r.method} ${r.url}: ${f.in} ${f.name}`));
    expect(unmapped, 'ids of no known kind: add their names to ID_KINDS in test/id-kinds.ts').toEqual([]);
    let before = await companyFingerprint(t.db, other.subscriberId);
    for (const r of routes) {
      const fields = idFieldsOf(r);
      for (const target of fields.filter(isTarget)) {
        const value = foreign[target.key!];
        const what = `${r.method} ${r.url} with ${other.name}'s ${target.in} ${target.name} = ${value}`;
        const variants = requestsFor(r, fields, target, own, foreign);
        const nowhere = requestsFor(r, fields, target, own, { ...foreign, [target.key!]: typeof value === 'number' ? Number(NOWHERE) : NOWHERE });
        let status = 0;
        for (const [i, req] of variants.entries()) {
          expect.soft(req.refusedBySchema, `${what}: the sweep built a request the route's schema refuses`).toBeUndefined();
          const res = await send(r, req);
          status = res.statusCode;
          const allowed = target.in === 'query' && r.method === 'GET' ? [200, 400, 403, 404] : [400, 403, 404];
          expect.soft(allowed, `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
          const body = res.body.toLowerCase();
          expect.soft(otherContent.filter((text) => body.includes(text)), `${what}: the answer holds ${other.name}'s content`).toEqual([]);
          const after = await companyFingerprint(t.db, other.subscriberId);
          expect.soft(after, `${what} changed ${other.name}'s rows`).toEqual(before);
          before = after;
          // The same request naming a record that exists nowhere gets the same answer: the other company's record
          // is not even known to exist.
          const absent = await send(r, nowhere[i] ?? nowhere[0]);
          const same = absent.body === res.body || unnamed(absent.body, NOWHERE) === unnamed(res.body, value);
          expect.soft(`${absent.statusCode} ${same ? 'the same answer' : absent.body.slice(0, 300)}`, `${what}: answered otherwise than for a record that does not exist`).toBe(`${res.statusCode} the same answer`);
          // Refused for want of another id: the next variant names the caller's own records there.
          if (status !== 400) break;
        }
        answered.push({ route: `${r.method} ${r.url}`, id: `${target.in} ${target.name}`, status });
      }
    }
  }, SWEEP_GROUP_MS);

  it('covered the route table', () => {
    const routes = new Set(answered.map((a) => a.route));
    const names = new Set(answered.map((a) => a.id.split(' ')[1]));
    const byStatus = answered.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});
    console.info(`cross-company sweep: ${answered.length} requests over ${routes.size} routes and ${names.size} id names; answers ${JSON.stringify(byStatus)}`);
    expect(routes.size).toBeGreaterThan(100);
  });
});
