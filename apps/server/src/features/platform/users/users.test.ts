import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, instantOf, wallClockOf } from '@sm/shared';
import { subscribers, userStatusEntries, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('work status', () => {
  it('lists the statuses with On Site as id 1 and a description needed for id 11', async () => {
    const list = (await t.call('GET', '/api/v1/User/userStatuses', 'tech')).json();
    expect(list.find((s: { userStatusId: number }) => s.userStatusId === 1).userStatus).toBe('On Site');
    expect(list.find((s: { userStatusId: number }) => s.userStatusId === 11).needsDescription).toBe(true);
  });

  it('changes the caller\'s status, keeps the entry and answers it from getUserStatus', async () => {
    expect((await t.call('GET', '/api/v1/User/isTimeSheetEntryAlreadyExists/2', 'tech')).json()).toBe(false);
    const res = await t.call('GET', '/api/v1/User/updatestatus/2', 'tech');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userStatusId: 2, userStatus: 'En Route' });
    expect((await t.call('GET', '/api/v1/User/getUserStatus', 'tech')).json()).toMatchObject({ userStatusId: 2, userStatus: 'En Route' });
    expect((await t.call('GET', '/api/v1/User/isTimeSheetEntryAlreadyExists/2', 'tech')).json()).toBe(true);
    expect((await t.call('GET', '/api/v1/User/getUserStatus', 'tech2')).json().userStatusId).toBe(10);
  });

  it("counts a status as logged today from the company's midnight, not the server's", async () => {
    const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
    const [company] = await t.db.select().from(subscribers).where(eq(subscribers.id, tech.subscriberId));
    const today = wallClockOf(new Date(), company.timeZone).toISOString().slice(0, 10);
    const at = (date: string, time: string) => instantOf(new Date(`${date}T${time}:00Z`), company.timeZone);
    const entry = { subscriberId: tech.subscriberId, userId: tech.id, userStatusId: 7 };
    await t.db.insert(userStatusEntries).values({ ...entry, startedAt: at(addDays(today, -1), '23:30'), endedAt: at(addDays(today, -1), '23:45') });
    expect((await t.call('GET', '/api/v1/User/isTimeSheetEntryAlreadyExists/7', 'tech')).json()).toBe(false);
    await t.db.insert(userStatusEntries).values({ ...entry, startedAt: at(today, '00:05'), endedAt: at(today, '00:10') });
    expect((await t.call('GET', '/api/v1/User/isTimeSheetEntryAlreadyExists/7', 'tech')).json()).toBe(true);
  });

  it('needs a description for Company Business, and changes nothing without one', async () => {
    const before = (await t.call('GET', '/api/v1/User/getUserStatus', 'tech2')).json();
    const bad = await t.call('GET', '/api/v1/User/updatestatus/11?description=%20%20', 'tech2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('Description field is required!');
    expect((await t.call('GET', '/api/v1/User/getUserStatus', 'tech2')).json()).toEqual(before);
    const ok = await t.call('GET', '/api/v1/User/updatestatus/11?description=Supplier%20meeting', 'tech2');
    expect(ok.json()).toMatchObject({ userStatusId: 11, description: 'Supplier meeting' });
  });

  it('refuses unknown and malformed statuses with a sentence', async () => {
    const unknown = await t.call('GET', '/api/v1/User/updatestatus/999', 'tech');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().title).toBe('This work status is not available.');
    const malformed = await t.call('GET', '/api/v1/User/updatestatus/abc', 'tech');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().title).toBe('Status must be a whole number, written in digits only.');
  });

  it('lists only the caller\'s own company\'s team leaders', async () => {
    expect((await t.call('GET', '/api/v1/User/myTeamLeaders', 'tech')).json().map((u: { name: string }) => u.name)).toEqual(['Marcus Reed']);
    expect((await t.call('GET', '/api/v1/User/myTeamLeaders', 'coastal.tech')).json()).toEqual([]);
  });
});
