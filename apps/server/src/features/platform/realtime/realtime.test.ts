import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { openHub, type HubListener } from '../../../test/hub-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let base: string;
const open: HubListener[] = [];
const hubAs = async (userName: string | null) => {
  const hub = await openHub(base, userName ? await t.token(userName) : null);
  open.push(hub);
  return hub;
};
const userId = async (userName: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0].id;
/** User status 3 (At Shop) needs no description: the lightest change that team leaders hear about. */
const AT_SHOP = 3;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const h of open) h.close();
  await t.close();
});

describe('team-leader hub (spec platform 4.7)', () => {
  it('refuses a socket without a token (401) and one whose roles lack the Team Leader area (403)', async () => {
    await expect(hubAs(null)).rejects.toThrow('HTTP 401');
    await expect(hubAs('tech')).rejects.toThrow('HTTP 403');
    await expect(openHub(base, 'forged.token.value')).rejects.toThrow('HTTP 401');
  });

  it('closes the connection of a refused upgrade, so refused clients cannot pile up open sockets', async () => {
    const { port } = new URL(base);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'GET /hubs/teamLeader HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still open after 3 s'), 3000));
    expect(await Promise.race([closed.then(() => 'closed'), timeout])).toBe('closed');
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
  });

  it('tells signed-in team leaders of the same company about a change, and nobody of another company', async () => {
    const leader = await hubAs('leader');
    const coastal = await hubAs('coastal.admin');
    const tech = await userId('tech');

    expect((await t.call('GET', `/api/v1/User/updatestatus/${AT_SHOP}`, 'tech')).statusCode).toBe(200);
    const m = await leader.next((x) => x.event === 'gridUpdate' && x.payload.userId === tech);
    expect(m.payload).toMatchObject({ action: 'userStatus', userStatusId: AT_SHOP });

    // Coastal's own change reaches Coastal's socket, which by then must not have heard Polar's.
    const coastalTech = await userId('coastal.tech');
    expect((await t.call('GET', `/api/v1/User/updatestatus/${AT_SHOP}`, 'coastal.tech')).statusCode).toBe(200);
    await coastal.next((x) => x.payload.userId === coastalTech);
    expect(coastal.messages.map((x) => x.payload.userId)).toEqual([coastalTech]);
    expect(leader.messages.some((x) => x.payload.userId === coastalTech)).toBe(false);
  });

  it('announces a saved schedule item as upsert and a deleted one as delete, to its own company only', async () => {
    const leader = await hubAs('leader');
    const coastal = await hubAs('coastal.admin');
    const saved = await t.call('POST', '/api/v1/Scheduler/save', 'dispatcher', { schedulerId: 0, task: 'Hub check', start: new Date(Date.now() + 86_400_000).toISOString(), durationHours: 1 });
    expect(saved.statusCode).toBe(200);
    const { schedulerId } = saved.json();
    expect((await leader.next((x) => x.event === 'upsert' && x.payload.schedulerId === schedulerId)).payload.task).toBe('Hub check');
    expect((await t.call('DELETE', `/api/v1/Scheduler/${schedulerId}`, 'dispatcher')).statusCode).toBe(200);
    await leader.next((x) => x.event === 'delete' && x.payload.schedulerId === schedulerId);
    expect(coastal.messages.filter((x) => x.payload.schedulerId === schedulerId)).toEqual([]);
  });

  it('announces clock-in and clock-out as gridUpdate and refreshMaps, after the change is committed', async () => {
    const leader = await hubAs('leader');
    const rows = (await t.call('POST', '/api/v1/workOrder/technicianWorkOrders', 'tech2', { take: 1 })).json().data;
    const workOrderId = rows[0].workOrderId;
    const res = await t.call('POST', '/api/v1/WOStartStop/clockInWorkOrder', 'tech2', { workOrderId, startTime: new Date().toISOString(), isReachedAtSite: true });
    expect(res.statusCode).toBe(200);
    const laborId = res.json().workOrderLaborId;
    const grid = await leader.next((x) => x.event === 'gridUpdate' && x.payload.action === 'clockIn');
    expect(grid.payload).toMatchObject({ userId: await userId('tech2'), workOrderId, workOrderLaborId: laborId });
    await leader.next((x) => x.event === 'refreshMaps');

    // A refused clock-out changes nothing and announces nothing.
    const before = leader.messages.length;
    const refused = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech2', { workOrderId, workOrderLaborId: laborId });
    expect(refused.statusCode).toBe(400);
    const out = await t.call('POST', '/api/v1/WOStartStop/clockOutWorkOrder', 'tech2', {
      workOrderId, workOrderLaborId: laborId, description: 'Cleaned the condenser coil.', userStatusId: AT_SHOP, workOrderStatusId: 26,
    });
    expect(out.statusCode).toBe(200);
    const next = await leader.next((x) => x.event === 'gridUpdate' && x.payload.action === 'clockOut');
    expect(leader.messages.indexOf(next)).toBe(before);
  });
});
