import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users, workOrderStatuses, workOrders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { providerActions } from '../providers/providers.table';

let t: TestApp;
const user: Record<string, { id: number; subscriberId: number }> = {};
type Row = {
  workOrderId: number; workOrderNumber: string; customerName: string; providerWorkOrderId: number; providerStatus: string | null; workOrderStatus: string;
  lastAction: { action: string; isOk: boolean; message: string | null; createdAt: string } | null;
};
type Page = { data: Row[]; total: number };
const linked: { id: number; number: string; customer: string; status: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.select({ id: users.id, userName: users.userName, subscriberId: users.subscriberId }).from(users)) user[u.userName] = u;
  const polar = user.admin.subscriberId;
  const unlinked = await t.db
    .select({ id: workOrders.id, number: workOrders.workOrderNumber, customer: customers.name, status: workOrderStatuses.name })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.workOrderStatusId))
    .where(and(eq(workOrders.subscriberId, polar), isNull(workOrders.provider)))
    .orderBy(asc(workOrders.id))
    .limit(3);
  linked.push(...unlinked);
  const [a, b, c] = linked;
  await t.db.update(workOrders).set({ provider: 'serviceChannel', providerWorkOrderId: 99100001, providerStatus: 'IN PROGRESS / ON SITE' }).where(eq(workOrders.id, a.id));
  await t.db.update(workOrders).set({ provider: 'serviceChannel', providerWorkOrderId: 99100002, providerStatus: null }).where(eq(workOrders.id, b.id));
  await t.db.update(workOrders).set({ provider: 'corrigo', providerWorkOrderId: 99100003, providerStatus: 'Accepted' }).where(eq(workOrders.id, c.id));
  const action = (workOrderId: number, provider: 'corrigo' | 'serviceChannel', name: string, isOk: boolean, message: string | null, minutesAgo: number) => ({
    subscriberId: polar, workOrderId, userId: user.tech.id, provider, action: name, isOk, message, createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });
  await t.db.insert(providerActions).values([
    action(a.id, 'serviceChannel', 'checkIn', true, null, 120),
    action(a.id, 'serviceChannel', 'checkOut', false, 'Check-in is out of range: the technician is 2400 m from Lone Star Market.', 5),
    action(a.id, 'serviceChannel', 'validateCheckIn', true, null, 60),
    action(c.id, 'corrigo', 'checkIn', true, 'Checked in', 30),
  ]);
});
afterAll(() => t.close());

const page = async (provider: string, as = 'admin', query = ''): Promise<Page> => {
  const res = await t.call('GET', `/api/v1/ThirdParty/${provider}/workOrders${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const linkedCount = async (subscriberId: number, provider: 'corrigo' | 'serviceChannel') =>
  (await t.db.select({ id: workOrders.id }).from(workOrders).where(and(eq(workOrders.subscriberId, subscriberId), eq(workOrders.provider, provider)))).length;

describe('work orders linked to a provider', () => {
  it('lists the company\'s work orders linked to the provider with both statuses and the last provider call', async () => {
    const [a, b, c] = linked;
    const sc = await page('serviceChannel', 'admin', '?take=100');
    expect(sc.total).toBe(await linkedCount(user.admin.subscriberId, 'serviceChannel'));
    expect(sc.data.length).toBe(sc.total);
    const first = sc.data.find((r) => r.workOrderId === a.id);
    expect(first).toEqual({
      workOrderId: a.id, workOrderNumber: a.number, customerName: a.customer, providerWorkOrderId: 99100001, providerStatus: 'IN PROGRESS / ON SITE',
      workOrderStatus: a.status,
      lastAction: { action: 'checkOut', isOk: false, message: 'Check-in is out of range: the technician is 2400 m from Lone Star Market.', createdAt: expect.any(String) },
    });
    expect(Date.now() - Date.parse(first!.lastAction!.createdAt)).toBeGreaterThan(4 * 60_000);
    expect(sc.data.find((r) => r.workOrderId === b.id)).toMatchObject({ providerWorkOrderId: 99100002, providerStatus: null, lastAction: null });
    expect(sc.data.some((r) => r.workOrderId === c.id)).toBe(false);

    const corrigo = await page('corrigo', 'admin', '?take=100');
    expect(corrigo.total).toBe(await linkedCount(user.admin.subscriberId, 'corrigo'));
    expect(corrigo.data.find((r) => r.workOrderId === c.id)).toMatchObject({ providerWorkOrderId: 99100003, providerStatus: 'Accepted', lastAction: { action: 'checkIn', isOk: true } });
    expect(corrigo.data.some((r) => r.workOrderId === a.id || r.workOrderId === b.id)).toBe(false);
  });

  it('pages in one stable order with a total that counts every page', async () => {
    const all = (await page('serviceChannel', 'admin', '?take=100')).data;
    const ids = all.map((r) => r.workOrderId);
    const onePage = await page('serviceChannel', 'admin', '?take=1&skip=1');
    expect(onePage.total).toBe(all.length);
    expect(onePage.data.map((r) => r.workOrderId)).toEqual(ids.slice(1, 2));
    expect((await page('serviceChannel', 'admin', `?skip=${all.length}`)).data).toEqual([]);
  });

  it('never shows another company\'s linked work orders, and refuses a technician', async () => {
    for (const provider of ['corrigo', 'serviceChannel'] as const) {
      const coastal = await page(provider, 'coastal.admin', '?take=100');
      expect(coastal.total).toBe(await linkedCount(user['coastal.admin'].subscriberId, provider));
      expect(coastal.data.some((r) => linked.some((l) => l.id === r.workOrderId))).toBe(false);
      expect((await t.call('GET', `/api/v1/ThirdParty/${provider}/workOrders`, 'tech')).statusCode).toBe(403);
    }
  });
});
