import { and, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, userStatusEntries, users, workOrderMaterials, workOrderSignatures } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dataUrlOf, pngOf, workOrdersOf } from '../../office/work-order-items/item-fixtures';
import { multipart, namesIn, picture } from '../files/file-fixtures';

/**
 * The technician's actions a phone keeps while offline, beside the clock's (field/clock/kept-clock.test.ts): each sent
 * three times with one Idempotency-Key has one effect and three identical answers, and other content under the same
 * key is refused.
 */
let t: TestApp;
let mine: number;
let techId: number;
beforeAll(async () => {
  t = await createTestApp();
  [{ id: mine }] = await workOrdersOf(t, 'tech');
  [{ id: techId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'tech'));
});
afterAll(() => t.close());

const keyed = (key: string, extra: Partial<InjectOptions> = {}) => ({ ...extra, headers: { ...(extra.headers as Record<string, string>), 'idempotency-key': key } });

/** Sends one request three times; answers the three answers after checking they are the same, status and body. */
async function thrice(send: () => ReturnType<TestApp['call']>) {
  const answers = [await send(), await send(), await send()];
  expect(answers.map((a) => a.statusCode), answers[0].body).toEqual([200, 200, 200]);
  expect(answers.map((a) => a.body)).toEqual([answers[0].body, answers[0].body, answers[0].body]);
  return answers[0];
}

describe('kept actions other than the clock', () => {
  it('changes the work status once', async () => {
    const entries = async () => (await t.db.select({ n: count() }).from(userStatusEntries).where(eq(userStatusEntries.userId, techId)))[0].n;
    const before = await entries();
    await thrice(() => t.call('GET', '/api/v1/User/updatestatus/11?description=Supply%20house', 'tech', undefined, keyed('status-0001')));
    expect(await entries()).toBe(before + 1);
  });

  it('adds a material once, and refuses other content under the same key', async () => {
    const materials = async () => (await t.db.select({ n: count() }).from(workOrderMaterials).where(eq(workOrderMaterials.workOrderId, mine)))[0].n;
    const before = await materials();
    const body = { workOrderId: mine, materialStatusId: 6, description: 'Capacitor 45/5', quantity: 1, unitCost: 10, unitPrice: 18 };
    await thrice(() => t.call('POST', '/api/v1/WorkOrder/material/add', 'tech', body, keyed('material-0001')));
    expect(await materials()).toBe(before + 1);
    const other = await t.call('POST', '/api/v1/WorkOrder/material/add', 'tech', { ...body, quantity: 2 }, keyed('material-0001'));
    expect([other.statusCode, other.json().title]).toEqual([422, 'This request was already sent with other content. Send new content with a new Idempotency-Key.']);
    expect(await materials()).toBe(before + 1);
  });

  it('stores an uploaded photo once, known by its content', async () => {
    const folder = `workOrders/${mine}`;
    const before = await namesIn(t, 'tech', folder);
    const photo = await multipart([{ name: 'compressor.jpg', content: await picture('jpeg') }]);
    const url = `/api/v1/Files/upload?folder=${encodeURIComponent(folder)}`;
    await thrice(() => t.call('POST', url, 'tech', undefined, keyed('photo-0001', photo)));
    expect((await namesIn(t, 'tech', folder)).length).toBe(before.length + 1);
    const otherPhoto = await multipart([{ name: 'compressor.jpg', content: await picture('jpeg', 320, 240) }]);
    expect((await t.call('POST', url, 'tech', undefined, keyed('photo-0001', otherPhoto))).statusCode).toBe(422);
  });

  it('saves a signature once', async () => {
    const signatures = async () => (await t.db.select({ n: count() }).from(workOrderSignatures).where(eq(workOrderSignatures.workOrderId, mine)))[0].n;
    const before = await signatures();
    const body = { signerName: 'Dana Customer', png: dataUrlOf(pngOf(300, 200)) };
    await thrice(() => t.call('POST', `/api/v1/WorkOrder/${mine}/signature`, 'tech', body, keyed('signature-0001')));
    expect(await signatures()).toBe(before + 1);
  });

  it('keeps keys per person: another user may use the same key for his own request', async () => {
    const res = await t.call('GET', '/api/v1/User/updatestatus/3', 'tech2', undefined, keyed('status-0001'));
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select({ userId: idempotencyKeys.userId }).from(idempotencyKeys).where(eq(idempotencyKeys.key, 'status-0001'));
    expect(rows).toHaveLength(2);
  });

  it('prunes the sender\'s keys older than 7 days when he sends a new one', async () => {
    const old = new Date(Date.now() - 8 * 24 * 3600_000);
    await t.db.update(idempotencyKeys).set({ createdAt: old }).where(and(eq(idempotencyKeys.userId, techId), eq(idempotencyKeys.key, 'status-0001')));
    await t.call('GET', '/api/v1/User/updatestatus/3', 'tech', undefined, keyed('status-0002'));
    const left = await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, techId));
    expect(left.map((k) => k.key)).not.toContain('status-0001');
    expect(left.map((k) => k.key)).toContain('status-0002');
  });
});
