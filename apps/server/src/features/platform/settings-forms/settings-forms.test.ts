import { and, eq } from 'drizzle-orm';
import { settingsFormAccess, SETTINGS_FORMS, type SettingsFormDefinition } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyListRows, subscribers } from '../../../db/schema';
import { loadDemoAccess, type DemoAccess } from '../../../test/demo-access';
import { createTestApp, type TestApp } from '../../../test/test-app';

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

const url = (def: SettingsFormDefinition) => `/api/v1/Settings/${def.key}`;
const writerOf = (def: SettingsFormDefinition) => demo.writerOf((level) => settingsFormAccess(def, level));
const readerOnlyOf = (def: SettingsFormDefinition) => demo.readerOnlyOf((level) => settingsFormAccess(def, level));
const outsiderOf = (def: SettingsFormDefinition) => demo.outsiderOf((level) => settingsFormAccess(def, level));

async function listRow(subscriberId: number, listKey: string) {
  const [row] = await t.db.select().from(companyListRows).where(and(eq(companyListRows.subscriberId, subscriberId), eq(companyListRows.listKey, listKey))).orderBy(companyListRows.id);
  return row.id;
}

/** A full, valid body of a form, its list rows taken from the company. */
async function bodyFor(def: SettingsFormDefinition, subscriberId = polar): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (f.isReadOnly) continue;
    if (f.type === 'reference') body[f.field] = await listRow(subscriberId, f.list!);
    else if (f.type === 'choice') body[f.field] = f.choices![f.choices!.length - 1].value;
    else body[f.field] = (def.example as Record<string, unknown>)[f.field];
  }
  return body;
}

describe.each(SETTINGS_FORMS.map((d) => [d.key, d] as const))('the %s form', (key, def) => {
  it('saves the whole form, reads it back, audits the change and leaves the other company alone', async () => {
    const as = writerOf(def);
    const theirsBefore = (await t.call('GET', url(def), 'coastal.admin')).json();
    const before = (await t.call('GET', url(def), as)).json();
    const body = await bodyFor(def);
    const saved = await t.call('PUT', url(def), as, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(body);
    expect((await t.call('GET', url(def), as)).json()).toEqual(saved.json());
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, key), eq(auditLog.subscriberId, polar))).orderBy(auditLog.id);
    expect(entry).toMatchObject({ action: 'updated', entityId: polar, before, after: saved.json() });
    expect((await t.call('GET', url(def), 'coastal.admin')).json()).toEqual(theirsBefore);
  });

  it('answers every field, read-only ones too, with the defaults where never saved', async () => {
    const res = await t.call('GET', url(def), 'coastal.admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(def.fields.map((f) => f.field).sort());
    for (const f of def.fields.filter((f) => f.defaultValue !== null)) expect(res.json()[f.field]).toBe(f.defaultValue);
  });

  it('answers bad input with the sentence of the failing field and saves nothing', async () => {
    const as = writerOf(def);
    const before = (await t.call('GET', url(def), as)).json();
    const valid = await bodyFor(def);
    const cases: [Record<string, unknown>, string][] = [];
    for (const f of def.fields) {
      if (f.isReadOnly) cases.push([{ ...valid, [f.field]: 'Europe/Paris' }, `${f.field} cannot be set on this form.`]);
      else if (f.type === 'text' || f.type === 'longText') {
        cases.push([{ ...valid, [f.field]: 'x'.repeat(f.maxLength! + 1) }, `${f.label} must be at most ${f.maxLength} characters.`]);
        if (f.isRequired) cases.push([{ ...valid, [f.field]: '  ' }, `${f.label} field is required!`]);
      } else if (f.type === 'email') cases.push([{ ...valid, [f.field]: 'office at example' }, `${f.label} is not a valid e-mail address.`]);
      else if (f.type === 'state') cases.push([{ ...valid, [f.field]: 'Texas' }, `${f.label} must be two letters, like TX.`]);
      else if (f.type === 'zip') cases.push([{ ...valid, [f.field]: '7520' }, `${f.label} must be 5 digits or 5+4 digits, like 75201 or 75201-1234.`]);
      else if (f.type === 'choice') cases.push([{ ...valid, [f.field]: 'sometimes' }, `${f.label} must be one of ${f.choices!.map((o) => o.value).join(', ')}.`]);
      else if (f.type === 'reference') cases.push([{ ...valid, [f.field]: '3' }, `${f.label} must be a number.`]);
      else if (f.type === 'boolean') cases.push([{ ...valid, [f.field]: 'yes' }, `${f.label} must be true or false.`]);
    }
    cases.push([{ ...valid, colour: 'blue' }, 'colour cannot be set on this form.']);
    for (const [body, sentence] of cases) {
      const res = await t.call('PUT', url(def), as, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().title, JSON.stringify(body).slice(0, 80)).toBe(sentence);
    }
    expect((await t.call('GET', url(def), as)).json()).toEqual(before);
  });

  it.skipIf(!def.fields.some((f) => f.type === 'reference'))("answers 404 for another company's list rows and saves nothing", async () => {
    const as = writerOf(def);
    const before = (await t.call('GET', url(def), as)).json();
    for (const f of def.fields.filter((f) => f.type === 'reference')) {
      for (const id of [await listRow(coastal, f.list!), 999_999]) {
        const res = await t.call('PUT', url(def), as, { ...(await bodyFor(def)), [f.field]: id });
        expect(res.statusCode).toBe(404);
        expect(res.json().title).toBe(`${f.label} was not found.`);
      }
    }
    expect((await t.call('GET', url(def), as)).json()).toEqual(before);
  });

  it('lets only those with the permission read and save', async () => {
    const outsider = outsiderOf(def);
    expect((await t.call('GET', url(def), outsider)).statusCode).toBe(403);
    expect((await t.call('PUT', url(def), outsider, await bodyFor(def))).statusCode).toBe(403);
    const reader = readerOnlyOf(def);
    if (reader) {
      expect((await t.call('GET', url(def), reader)).statusCode).toBe(200);
      expect((await t.call('PUT', url(def), reader, await bodyFor(def))).statusCode).toBe(403);
    }
  });
});

describe('the company settings', () => {
  it("keep the company's name and address on the company itself, with its time zone shown as it is", async () => {
    const def = SETTINGS_FORMS.find((d) => d.key === 'subscriberSettings')!;
    const res = await t.call('PUT', url(def), 'admin', { companyName: '  Polar Refrigeration & Ice ', phone: '(214) 555 0199', street: '1 Ice Way', city: 'Dallas', state: 'tx', zip: '75201', weekStart: 'monday' });
    expect(res.statusCode, res.body).toBe(200);
    const [company] = await t.db.select().from(subscribers).where(eq(subscribers.id, polar));
    expect(company).toMatchObject({ name: 'Polar Refrigeration & Ice', street: '1 Ice Way', state: 'TX', zip: '75201' });
    expect(res.json()).toMatchObject({ companyName: 'Polar Refrigeration & Ice', phone: '214-555-0199', timeZone: company.timeZone, weekStart: 'monday' });
  });

  it('clears optional fields left empty', async () => {
    const def = SETTINGS_FORMS.find((d) => d.key === 'emailSettings')!;
    await t.call('PUT', url(def), 'admin', def.example);
    const res = await t.call('PUT', url(def), 'admin', { fromName: '', replyTo: '  ' });
    expect(res.json()).toEqual({ fromName: null, replyTo: null, signature: null, bccAddress: null });
  });
});

describe('the e-mail settings at work', () => {
  it("send the company's messages under the sender's name it set, and under its own name once cleared", async () => {
    const def = SETTINGS_FORMS.find((d) => d.key === 'emailSettings')!;
    await t.call('PUT', url(def), 'admin', { fromName: 'Polar Service Desk' });
    expect((await t.call('GET', '/api/v1/EmailOutbox/settings', 'admin')).json().fromName).toBe('Polar Service Desk');
    await t.call('PUT', url(def), 'admin', {});
    const [company] = await t.db.select().from(subscribers).where(eq(subscribers.id, polar));
    expect((await t.call('GET', '/api/v1/EmailOutbox/settings', 'admin')).json().fromName).toBe(company.name);
  });
});
