import { and, count, eq } from 'drizzle-orm';
import {
  MATERIAL_STATUSES, PHONE_MESSAGE, REFERENCE_LISTS, referenceListAccess, WORK_ORDER_STATUSES, type ReferenceColumn, type ReferenceListDefinition,
  type ReferenceListKey,
} from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, regions, standardItems, userStatuses, users } from '../../../db/schema';
import { loadDemoAccess, type DemoAccess } from '../../../test/demo-access';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { LIST_STORAGE } from './reference-list-tables';
import { ofList, rowsOf, useRow } from './reference-list-usages';

let t: TestApp;
let demo: DemoAccess;
let polar: number;
let coastal: number;

beforeAll(async () => {
  t = await createTestApp();
  demo = await loadDemoAccess(t);
  ({ polar, coastal } = demo);
});
afterAll(() => t.close());

const url = (key: ReferenceListKey, id?: number) => `/api/v1/ReferenceList/${key}${id === undefined ? '' : `/${id}`}`;
const writerOf = (def: ReferenceListDefinition) => demo.writerOf((level) => referenceListAccess(def, level));
const readerOnlyOf = (def: ReferenceListDefinition) => demo.readerOnlyOf((level) => referenceListAccess(def, level));
const outsiderOf = (def: ReferenceListDefinition) => demo.outsiderOf((level) => referenceListAccess(def, level));

const idOfName = async (key: ReferenceListKey, subscriberId: number, name: string) => (await rowsOf(t, key, subscriberId)).find((r) => r.name === name)!.id;
const auditActions = async (key: ReferenceListKey, id: number) =>
  (await t.db.select().from(auditLog).where(and(eq(auditLog.entity, key), eq(auditLog.entityId, id))).orderBy(auditLog.id)).map((a) => a.action);
const rowCount = async (key: ReferenceListKey) => {
  const s = LIST_STORAGE[key];
  return (await t.db.select({ n: count() }).from(s.table).where(ofList(key)))[0].n;
};

/** A valid body for a list, its other columns filled from the caller's company. */
async function bodyFor(def: ReferenceListDefinition, name: string, subscriberId = polar): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = { name };
  for (const c of def.columns) {
    if (c.type === 'money' || c.type === 'percent') body[c.field] = 12.5;
    if (c.type === 'wholeNumber') body[c.field] = 12;
    if (c.type === 'choice') body[c.field] = c.unique ? await freeChoice(def, c, subscriberId) : c.choices![0].value;
    if (c.type === 'user' && !c.requiredWhen) body[c.field] = (await t.db.select({ id: users.id }).from(users).where(eq(users.subscriberId, subscriberId)).limit(1))[0].id;
    if (c.type === 'longText') body[c.field] = `About ${name}`;
    if (c.type === 'recurrenceRule') body[c.field] = 'FREQ=MONTHLY;INTERVAL=2';
    if (c.type === 'lines') body[c.field] = [`First step of ${name}`, `Second step of ${name}`];
    if (c.type === 'reference' && !c.requiredWhen) body[c.field] = (await rowsOf(t, c.list!, subscriberId))[0].id;
  }
  return body;
}

/** A choice no row of the company holds yet, for a column one row at most may hold a value of. */
async function freeChoice(def: ReferenceListDefinition, c: ReferenceColumn, subscriberId: number): Promise<string> {
  const s = LIST_STORAGE[def.key];
  const held = new Set((await t.db.select({ v: s.columns[c.field] }).from(s.table).where(eq(s.subscriberId!, subscriberId))).map((r) => r.v));
  return c.choices!.find((o) => !held.has(o.value))!.value;
}

/** A user of the company who has no truck yet. */
const editable = REFERENCE_LISTS.filter((d) => !d.isReadOnly);

describe.each(editable.map((d) => [d.key, d] as const))('the %s list', (key, def) => {
  const article = /^[aeiou]/.test(def.singular) ? 'An' : 'A';
  const One = def.singular.charAt(0).toUpperCase() + def.singular.slice(1);

  it("lists the caller's company's rows only, sorted by name", async () => {
    const res = await t.call('GET', url(key), writerOf(def));
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().map((r: { name: string }) => r.name);
    const mine = (await rowsOf(t, key, polar)).map((r) => r.name);
    expect([...names].sort()).toEqual([...mine].sort());
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const theirs = (await rowsOf(t, key, coastal)).map((r) => r.id);
    expect(res.json().some((r: { id: number }) => theirs.includes(r.id))).toBe(false);
    if (def.canRetire) expect(res.json().every((r: { isActive: unknown }) => typeof r.isActive === 'boolean')).toBe(true);
  });

  it('adds, renames and deletes a row, each audited', async () => {
    const as = writerOf(def);
    const added = await t.call('POST', url(key), as, await bodyFor(def, `New ${key}`));
    expect(added.statusCode, added.body).toBe(200);
    const row = added.json();
    expect(row).toMatchObject({ id: expect.any(Number), name: `New ${key}` });
    if (def.canRetire) expect(row.isActive).toBe(true);
    for (const c of def.columns.filter((c) => c.type === 'money' || c.type === 'percent')) expect(row[c.field]).toBe(12.5);
    for (const c of def.columns.filter((c) => c.type === 'wholeNumber')) expect(row[c.field]).toBe(12);
    const renamed = await t.call('PUT', url(key, row.id), as, await bodyFor(def, `Renamed ${key}`));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe(`Renamed ${key}`);
    expect((await t.call('GET', url(key), as)).json().map((r: { name: string }) => r.name)).toContain(`Renamed ${key}`);
    if (def.canRetire) {
      const retired = await t.call('PUT', url(key, row.id), as, { ...(await bodyFor(def, `Renamed ${key}`)), isActive: false });
      expect(retired.json().isActive).toBe(false);
    }
    const deleted = await t.call('DELETE', url(key, row.id), as);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ id: row.id });
    expect((await rowsOf(t, key, polar)).some((r) => r.id === row.id)).toBe(false);
    expect(await auditActions(key, row.id)).toEqual(['added', 'updated', ...(def.canRetire ? ['updated'] : []), 'deleted']);
  });

  it('refuses a name already taken in the company, whatever its case, and accepts one taken in another company', async () => {
    const as = writerOf(def);
    const [first, second] = await rowsOf(t, key, polar);
    const before = await rowCount(key);
    const dup = await t.call('POST', url(key), as, await bodyFor(def, `  ${first.name.toUpperCase()} `));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().title).toBe(`${article} ${def.singular} named ${first.name.toUpperCase()} already exists.`);
    const rename = await t.call('PUT', url(key, second.id), as, await bodyFor(def, first.name));
    expect(rename.statusCode).toBe(409);
    expect(rename.json().title).toBe(`${article} ${def.singular} named ${first.name} already exists.`);
    expect(await rowCount(key)).toBe(before);
    const theirs = await t.call('POST', url(key), 'coastal.admin', await bodyFor(def, `Shared ${key}`, coastal));
    expect(theirs.statusCode, theirs.body).toBe(200);
    const same = await t.call('POST', url(key), as, await bodyFor(def, `Shared ${key}`));
    expect(same.statusCode, same.body).toBe(200);
    await t.call('DELETE', url(key, same.json().id), as);
  });

  it('answers bad input with the sentence of the first failing rule and writes nothing', async () => {
    const as = writerOf(def);
    const before = await rowCount(key);
    const valid = await bodyFor(def, 'Valid name');
    const name = def.columns[0];
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: undefined }, `${name.label} field is required!`],
      [{ ...valid, name: '   ' }, `${name.label} field is required!`],
      [{ ...valid, name: 'x'.repeat(name.maxLength! + 1) }, `${name.label} must be at most ${name.maxLength} characters.`],
      [{ ...valid, name: 42 }, `${name.label} field is required!`],
    ];
    for (const c of def.columns) {
      if (c.type === 'money') {
        cases.push([{ ...valid, [c.field]: -1 }, `${c.label} must not be negative.`], [{ ...valid, [c.field]: 1.234 }, `${c.label} must have at most two decimals.`]);
        cases.push([{ ...valid, [c.field]: '12' }, `${c.label} must be a number.`]);
      }
      if (c.type === 'wholeNumber') {
        cases.push([{ ...valid, [c.field]: -1 }, `${c.label} must not be negative.`], [{ ...valid, [c.field]: 1.5 }, `${c.label} must be a whole number.`]);
        cases.push([{ ...valid, [c.field]: c.max! + 1 }, `${c.label} must be at most ${c.max}.`], [{ ...valid, [c.field]: '30' }, `${c.label} must be a number.`]);
      }
      if (c.type === 'percent') cases.push([{ ...valid, [c.field]: -1 }, `${c.label} must not be negative.`], [{ ...valid, [c.field]: 1000.5 }, `${c.label} must be at most 1000%.`]);
      if (c.type === 'choice') cases.push([{ ...valid, [c.field]: undefined }, `${c.label} field is required!`], [{ ...valid, [c.field]: 'everything' }, `${c.label} must be one of ${c.choices!.map((o) => o.value).join(', ')}.`]);
      if (c.type === 'reference' && c.isRequired) cases.push([{ ...valid, [c.field]: undefined }, `${c.label} field is required!`]);
      if (c.type === 'reference' || c.type === 'user') cases.push([{ ...valid, [c.field]: '1' }, `${c.label} must be a number.`]);
      if (c.type === 'email') cases.push([{ ...valid, [c.field]: 'orders at example.com' }, `${c.label} is not a valid e-mail address.`]);
      if (c.type === 'phone') cases.push([{ ...valid, [c.field]: '555-01' }, PHONE_MESSAGE(c.label)]);
      if (c.type === 'flag') cases.push([{ ...valid, [c.field]: 'yes' }, `${c.label} must be true or false.`]);
      if (c.type === 'recurrenceRule') {
        cases.push([{ ...valid, [c.field]: 'FREQ=HOURLY' }, 'The repeat rule must repeat daily, weekly, monthly or yearly.'], [{ ...valid, [c.field]: 'FREQ=MONTHLY;COUNT=4' }, `${c.label} repeats for the whole term: leave COUNT and UNTIL out.`]);
        cases.push([{ ...valid, [c.field]: '' }, `${c.label} field is required!`]);
      }
      if (c.type === 'lines') {
        cases.push([{ ...valid, [c.field]: [] }, `Add at least one ${c.line!.label.toLowerCase()}.`], [{ ...valid, [c.field]: ['Check', ' check '] }, `Each ${c.line!.label.toLowerCase()} is listed once.`]);
        cases.push([{ ...valid, [c.field]: ['  '] }, `${c.line!.label} field is required!`], [{ ...valid, [c.field]: 'one task' }, `${c.label} must be a list.`]);
      }
      if (c.type === 'longText') cases.push([{ ...valid, [c.field]: 'x'.repeat(c.maxLength! + 1) }, `${c.label} must be at most ${c.maxLength} characters.`]);
    }
    if (def.canRetire) cases.push([{ ...valid, isActive: 'no' }, 'Active must be true or false.']);
    for (const [body, sentence] of cases) {
      const res = await t.call('POST', url(key), as, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().title, JSON.stringify(body).slice(0, 80)).toBe(sentence);
    }
    expect(await rowCount(key)).toBe(before);
  });

  it("answers 404 for another company's row, exactly like a missing one, and changes nothing", async () => {
    const as = writerOf(def);
    const [theirs] = await rowsOf(t, key, coastal);
    const before = await rowsOf(t, key, coastal);
    for (const id of [theirs.id, 999_999]) {
      const put = await t.call('PUT', url(key, id), as, await bodyFor(def, 'Taken over'));
      expect(put.statusCode).toBe(404);
      expect(put.json().title).toBe(`${One} was not found.`);
      const del = await t.call('DELETE', url(key, id), as);
      expect(del.statusCode).toBe(404);
      expect(del.json().title).toBe(`${One} was not found.`);
    }
    expect(await rowsOf(t, key, coastal)).toEqual(before);
    // A column that belongs to a flag (a truck's technician) is proven in parts-lists.test.ts.
    for (const c of def.columns.filter((c) => c.type === 'reference' && !c.requiredWhen)) {
      const foreign = (await rowsOf(t, c.list!, coastal))[0].id;
      const res = await t.call('POST', url(key), as, { ...(await bodyFor(def, 'Foreign reference')), [c.field]: foreign });
      expect(res.statusCode).toBe(404);
      expect(res.json().title).toBe(`${c.label} was not found.`);
    }
  });

  it('lets only those with the permission read and write', async () => {
    const outsider = outsiderOf(def);
    expect((await t.call('GET', url(key), outsider)).statusCode).toBe(403);
    const before = await rowCount(key);
    const [row] = await rowsOf(t, key, polar);
    expect((await t.call('POST', url(key), outsider, await bodyFor(def, 'Not allowed'))).statusCode).toBe(403);
    const reader = readerOnlyOf(def);
    if (reader) {
      expect((await t.call('GET', url(key), reader)).statusCode).toBe(200);
      expect((await t.call('POST', url(key), reader, await bodyFor(def, 'Not allowed'))).statusCode).toBe(403);
      expect((await t.call('PUT', url(key, row.id), reader, await bodyFor(def, 'Not allowed'))).statusCode).toBe(403);
      expect((await t.call('DELETE', url(key, row.id), reader)).statusCode).toBe(403);
    }
    expect(await rowCount(key)).toBe(before);
  });

  it.skipIf(LIST_STORAGE[key].usages.length === 0)('keeps a row in use and says by what', async () => {
    const as = writerOf(def);
    const row = (await t.call('POST', url(key), as, await bodyFor(def, `Busy ${key}`))).json();
    const what = await useRow(t, polar, key, row.id);
    const res = await t.call('DELETE', url(key, row.id), as);
    expect(res.statusCode).toBe(409);
    expect(res.json().title).toBe(`The ${def.singular} Busy ${key} is used by ${what} and cannot be deleted.${def.canRetire ? ' Retire it instead.' : ''}`);
    expect((await rowsOf(t, key, polar)).some((r) => r.id === row.id)).toBe(true);
  });
});

describe('the read-only status lists', () => {
  it('answer the ids of the specification to those with Statuses, and take no changes', async () => {
    const statuses = (await t.call('GET', url('workOrderStatuses'), 'admin')).json();
    expect(statuses.map((s: { id: number }) => s.id)).toEqual(WORK_ORDER_STATUSES.map((s) => s.workOrderStatusId));
    const materials = (await t.call('GET', url('materialStatuses'), 'admin')).json();
    expect(materials).toEqual(MATERIAL_STATUSES.map((s) => ({ id: s.materialStatusId, name: s.materialStatus })));
    expect((await t.call('GET', url('materialStatuses'), 'dispatcher')).statusCode).toBe(403);
    // Read-only: the list's address takes no other method, and no row has an address of its own.
    expect((await t.call('POST', url('workOrderStatuses'), 'admin', { name: 'Mine' })).statusCode).toBe(405);
    expect((await t.call('DELETE', url('materialStatuses', 1), 'admin')).statusCode).toBe(404);
  });

  it('answer the global user statuses at /administration/status/user, the same to every company, read-only', async () => {
    const stored = await t.db.select({ id: userStatuses.id, name: userStatuses.name }).from(userStatuses).orderBy(userStatuses.id);
    const polarRows = (await t.call('GET', url('userStatuses'), 'admin')).json();
    expect(polarRows).toEqual(stored);
    expect((await t.call('GET', url('userStatuses'), 'coastal.admin')).json()).toEqual(stored);
    expect((await t.call('GET', url('userStatuses'), 'tech')).statusCode).toBe(403);
    expect((await t.call('POST', url('userStatuses'), 'admin', { name: 'Mine' })).statusCode).toBe(405);
    expect((await t.call('PUT', url('userStatuses', stored[0].id), 'admin', { name: 'Mine' })).statusCode).toBe(404);
  });
});

describe('rows the product relies on', () => {
  it('keeps the Toll standard item named Toll', async () => {
    const toll = await idOfName('standardItems', polar, 'Toll');
    const renamed = await t.call('PUT', url('standardItems', toll), 'admin', { name: 'Road Toll', price: 0 });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().title).toBe('The Toll standard item is priced on each use and cannot be renamed.');
    const deleted = await t.call('DELETE', url('standardItems', toll), 'admin');
    expect(deleted.statusCode).toBe(409);
    expect((await t.call('PUT', url('standardItems', toll), 'admin', { name: 'Toll', description: 'Road tolls at cost', price: 0 })).statusCode).toBe(200);
    const [item] = await t.db.select().from(standardItems).where(eq(standardItems.id, toll as number));
    expect(item.description).toBe('Road tolls at cost');
  });

  it('moves a district to another region of the company', async () => {
    const [north, south] = await t.db.select().from(regions).where(eq(regions.subscriberId, polar));
    const dallas = await idOfName('districts', polar, 'Dallas');
    const res = await t.call('PUT', url('districts', dallas), 'admin', { name: 'Dallas', regionId: south.id });
    expect(res.json()).toEqual({ id: dallas, name: 'Dallas', regionId: south.id, isActive: true });
    await t.call('PUT', url('districts', dallas), 'admin', { name: 'Dallas', regionId: north.id });
  });

});
