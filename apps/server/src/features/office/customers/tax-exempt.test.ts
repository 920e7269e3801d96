import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, users } from '../../../db/schema';
import { dbFingerprint } from '../../../test/fingerprint';
import type { Ctx } from '../../../lib/context';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { namesIn, upload } from '../../platform/files/file-fixtures';
import { diskStore } from '../../platform/files/storage/disk-store';
import { accessOf } from '../../platform/permissions/access-cache';
import { getTaxExempt } from './tax-exempt.service';

let t: TestApp;
let customerId: number;
let coastalCustomerId: number;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const companyOf = async (userName: string) => (await t.db.select({ s: users.subscriberId }).from(users).where(eq(users.userName, userName)))[0].s;
const firstCustomer = async (subscriberId: number) => (await t.db.select({ id: customers.id }).from(customers).where(eq(customers.subscriberId, subscriberId)).limit(1))[0].id;

beforeAll(async () => {
  t = await createTestApp({ files: diskStore(mkdtempSync(join(tmpdir(), 'sm-tax-exempt-'))) });
  customerId = await firstCustomer(await companyOf('admin'));
  coastalCustomerId = await firstCustomer(await companyOf('coastal.tech'));
});
afterAll(() => t.close());

const url = (id: number) => `/api/v1/Customer/${id}/taxExempt`;

describe('the Tax Exempt dialog', () => {
  it('sets the exemption and its certificate, audited, for Super Admin and writers of customers', async () => {
    const before = (await t.call('GET', url(customerId), 'admin')).json();
    expect(before).toMatchObject({ customerId, isTaxExempt: false, certificateNumber: null, expiresOn: null, folder: `taxExempt/${customerId}`, canAddFiles: true });
    const set = await t.call('PUT', url(customerId), 'dispatcher', { isTaxExempt: true, certificateNumber: ' TX-01-339245 ', expiresOn: '2028-12-31' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ isTaxExempt: true, certificateNumber: 'TX-01-339245', expiresOn: '2028-12-31', canAddFiles: false });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    expect(row).toMatchObject({ isTaxExempt: true, taxExemptCertificate: 'TX-01-339245', taxExemptExpiresOn: '2028-12-31' });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, customerId), eq(auditLog.action, 'taxExempt')));
    expect(audits.at(-1)).toMatchObject({ before: { isTaxExempt: false }, after: { isTaxExempt: true, certificateNumber: 'TX-01-339245' } });
  });

  it('is closed to those without write on customers, and another company\'s customer is missing', async () => {
    for (const as of ['tech', 'payroll']) expect((await t.call('GET', url(customerId), as)).statusCode, as).toBe(403);
    expect((await t.call('PUT', url(customerId), 'tech', { isTaxExempt: false })).statusCode).toBe(403);
    expect((await t.call('GET', url(coastalCustomerId), 'admin')).statusCode).toBe(404);
    expect((await t.call('PUT', url(coastalCustomerId), 'admin', { isTaxExempt: true })).statusCode).toBe(404);
  });

  it('answers bad input with a sentence and changes nothing', async () => {
    const before = await dbFingerprint(t.db);
    const cases: [unknown, string][] = [
      [{}, 'Tax Exempt field is required!'],
      [{ isTaxExempt: 'yes' }, 'Tax Exempt must be true or false.'],
      [{ isTaxExempt: true, expiresOn: '2028-02-30' }, 'Expires On is not a real date.'],
      [{ isTaxExempt: true, expiresOn: '12/31/2028' }, 'Expires On must be a date written YYYY-MM-DD.'],
      [{ isTaxExempt: true, certificateNumber: 'x'.repeat(101) }, 'Certificate Number must be at most 100 characters.'],
    ];
    for (const [body, sentence] of cases) {
      const res = await t.call('PUT', url(customerId), 'admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect(await dbFingerprint(t.db)).toBe(before);
  });
});

describe('exempt certificate files', () => {
  const folder = () => `taxExempt/${customerId}`;

  it('are added only by Super Admin and Payroll Manager, and seen by those and writers of customers', async () => {
    expect((await upload(t, 'payroll', folder(), [{ name: 'certificate.pdf', content: pdf }])).statusCode).toBe(200);
    expect((await upload(t, 'admin', folder(), [{ name: 'renewal.pdf', content: pdf }])).statusCode).toBe(200);
    const refused = await upload(t, 'dispatcher', folder(), [{ name: 'mine.pdf', content: pdf }]);
    expect(refused.statusCode).toBe(403);
    expect(await namesIn(t, 'dispatcher', folder())).toEqual(['certificate.pdf', 'renewal.pdf']);
    expect(await namesIn(t, 'payroll', folder())).toEqual(['certificate.pdf', 'renewal.pdf']);
    expect((await t.call('GET', `/api/v1/Files/list?folder=${encodeURIComponent(folder())}`, 'tech')).statusCode).toBe(403);
    const del = await t.call('POST', `/api/v1/Files/delete?folder=${encodeURIComponent(folder())}`, 'dispatcher', { fileNames: 'renewal.pdf' });
    expect(del.statusCode).toBe(403);
    expect(await namesIn(t, 'admin', folder())).toHaveLength(2);
  });

  it("keeps another company's customer's folder missing", async () => {
    expect((await upload(t, 'admin', `taxExempt/${coastalCustomerId}`, [{ name: 'x.pdf', content: pdf }])).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/Files/list?folder=taxExempt/${coastalCustomerId}`, 'admin')).statusCode).toBe(404);
  });
});

describe("the Tax Exempt dialog's today", () => {
  it("is the company's date (America/Chicago), which an expired certificate is compared with, not UTC's", async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.userName, 'admin'));
    const access = (await accessOf(t.db, admin.subscriberId, admin.id))!;
    const ctxAt = (iso: string): Ctx => ({ db: t.db, actor: { userId: admin.id, subscriberId: admin.subscriberId, userName: admin.userName }, now: new Date(iso) });
    // 03:00 UTC on 4 November is 21:00 on the 3rd in Chicago.
    expect((await getTaxExempt(t.db, ctxAt('2026-11-04T03:00:00Z'), access, customerId)).today).toBe('2026-11-03');
    expect((await getTaxExempt(t.db, ctxAt('2026-11-04T07:00:00Z'), access, customerId)).today).toBe('2026-11-04');
  });
});
