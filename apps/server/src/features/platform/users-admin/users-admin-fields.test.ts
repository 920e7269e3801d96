import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTRICT_OUTSIDE_REGION, DISTRICT_WITHOUT_REGION, NOT_A_TEAM_LEADER, OWN_TEAM_LEADER, ROLE, roleHiddenMessage, SUPER_ADMIN_NOT_HIDDEN } from '@sm/shared';
import { auditLog, baseCities, districts, maskedUserRoles, payRates, regions, workOrders, workOrderTechnicians } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { invitation, PUBLIC_URL, userCalls } from './users-admin-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(() => t.close());
const { tokenOf, userByName } = userCalls(() => t);

/** The user's details as the edit page sends them back, with some fields changed. */
async function editBody(userName: string, over: Record<string, unknown>) {
  const u = await userByName(userName);
  const detail = (await t.call('GET', `/api/v1/Users/${u.id}`, 'admin')).json();
  return { id: u.id, body: { name: detail.name, email: detail.email, phone: detail.phone, jobTitleId: detail.jobTitleId, roleIds: detail.roleIds, ...over } };
}

async function rowsOf(table: typeof regions | typeof baseCities, company: 'admin' | 'coastal.admin') {
  const who = await userByName(company);
  return t.db.select().from(table).where(eq(table.subscriberId, who.subscriberId)).orderBy(table.id);
}

async function districtsOf(company: 'admin' | 'coastal.admin') {
  const who = await userByName(company);
  return t.db.select().from(districts).where(eq(districts.subscriberId, who.subscriberId)).orderBy(districts.id);
}

describe("a user's region, district and base city", () => {
  it('saves them, shows them in the details, and keeps what a body leaves out', async () => {
    const [north] = await rowsOf(regions, 'admin');
    const dallas = (await districtsOf('admin')).find((d) => d.regionId === north.id)!;
    const [city] = await rowsOf(baseCities, 'admin');
    const { id, body } = await editBody('tech2', { regionId: north.id, districtId: dallas.id, baseCityId: city.id });
    const res = await t.call('PUT', `/api/v1/Users/${id}`, 'admin', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ region: { id: north.id, name: north.name }, district: { id: dallas.id, name: dallas.name }, baseCity: { id: city.id, name: city.name } });
    // The earlier edit page's body, without the new fields, changes none of them.
    const again = await t.call('PUT', `/api/v1/Users/${id}`, 'admin', { ...body, regionId: undefined, districtId: undefined, baseCityId: undefined, name: 'Priya N. Natarajan' });
    expect(again.json()).toMatchObject({ name: 'Priya N. Natarajan', region: { id: north.id }, district: { id: dallas.id }, baseCity: { id: city.id } });
    // Null empties.
    const cleared = await t.call('PUT', `/api/v1/Users/${id}`, 'admin', { ...body, name: 'Priya Natarajan', regionId: null, districtId: null, baseCityId: null });
    expect(cleared.json()).toMatchObject({ region: null, district: null, baseCity: null });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, id))).orderBy(auditLog.id).limit(1);
    expect(entry.after).toMatchObject({ regionId: north.id, districtId: dallas.id, baseCityId: city.id });
  });

  it('refuses a district outside the region, or without one, with 400 and a sentence', async () => {
    const [north, south] = await rowsOf(regions, 'admin');
    const houston = (await districtsOf('admin')).find((d) => d.regionId === south.id)!;
    const { id, body } = await editBody('tech2', {});
    const outside = await t.call('PUT', `/api/v1/Users/${id}`, 'admin', { ...body, regionId: north.id, districtId: houston.id });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().title).toBe(DISTRICT_OUTSIDE_REGION);
    const alone = await t.call('PUT', `/api/v1/Users/${id}`, 'admin', { ...body, regionId: null, districtId: houston.id });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().title).toBe(DISTRICT_WITHOUT_REGION);
    const invite = await t.call('POST', '/api/v1/Users/invite', 'admin', invitation({ userName: 'wrongdistrict', email: 'wd@example.com', regionId: north.id, districtId: houston.id }));
    expect(invite.statusCode).toBe(400);
    expect((await userByName('wrongdistrict'))).toBeUndefined();
  });

  it("answers 404 for another company's region, district or base city, and changes nothing", async () => {
    const [theirRegion] = await rowsOf(regions, 'coastal.admin');
    const [theirDistrict] = await districtsOf('coastal.admin');
    const [theirCity] = await rowsOf(baseCities, 'coastal.admin');
    const { id, body } = await editBody('tech2', {});
    for (const over of [{ regionId: theirRegion.id }, { regionId: theirRegion.id, districtId: theirDistrict.id }, { baseCityId: theirCity.id }]) {
      const res = await t.call('PUT', `/api/v1/Users/${id}`, 'admin', { ...body, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(404);
    }
    expect(await userByName('tech2')).toMatchObject({ regionId: null, districtId: null, baseCityId: null });
  });

  it('keeps a base city in use by a user from being deleted; retired, it stays on the user', async () => {
    const add = await t.call('POST', '/api/v1/ReferenceList/baseCities', 'admin', { name: 'Arlington', isActive: true });
    expect(add.statusCode, add.body).toBe(200);
    const city = add.json();
    const { id, body } = await editBody('dispatcher', { baseCityId: city.id });
    expect((await t.call('PUT', `/api/v1/Users/${id}`, 'admin', body)).statusCode).toBe(200);
    const del = await t.call('DELETE', `/api/v1/ReferenceList/baseCities/${city.id}`, 'admin');
    expect(del.statusCode).toBe(409);
    expect(del.json().title).toBe('The base city Arlington is used by 1 user and cannot be deleted. Retire it instead.');
    expect((await t.call('PUT', `/api/v1/ReferenceList/baseCities/${city.id}`, 'admin', { name: 'Arlington', isActive: false })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/Users/${id}`, 'admin')).json().baseCity).toEqual({ id: city.id, name: 'Arlington' });
  });
});

describe("a user's team leaders", () => {
  it("are the active Team Leaders chosen on the user's page, and what the user's panel shows", async () => {
    const leader = await userByName('leader');
    const leaders = (await t.call('GET', `/api/v1/Users?roleId=${ROLE['Team Leader']}`, 'admin')).json();
    expect(leaders.data.map((u: { userName: string }) => u.userName)).toEqual(['leader']);
    expect((await t.call('GET', `/api/v1/Users/${(await userByName('sales')).id}`, 'admin')).json().teamLeaders).toEqual([{ userId: leader.id, name: 'Marcus Reed' }]);

    const { id, body } = await editBody('sales', { teamLeaderIds: [] });
    expect((await t.call('PUT', `/api/v1/Users/${id}`, 'admin', body)).json().teamLeaders).toEqual([]);
    expect((await t.call('GET', '/api/v1/User/myTeamLeaders', 'sales')).json()).toEqual([]);
    expect((await t.call('PUT', `/api/v1/Users/${id}`, 'admin', { ...body, teamLeaderIds: [leader.id] })).json().teamLeaders).toEqual([{ userId: leader.id, name: 'Marcus Reed' }]);
    expect((await t.call('GET', '/api/v1/User/myTeamLeaders', 'sales')).json().map((u: { name: string }) => u.name)).toEqual(['Marcus Reed']);
  });

  it('refuses someone who is not an active Team Leader, the user themselves, and another company\'s user', async () => {
    const leader = await userByName('leader');
    const { id, body } = await editBody('dispatcher', {});
    const notLeader = await t.call('PUT', `/api/v1/Users/${id}`, 'admin', { ...body, teamLeaderIds: [(await userByName('tech')).id] });
    expect(notLeader.statusCode).toBe(400);
    expect(notLeader.json().title).toBe(NOT_A_TEAM_LEADER);
    const self = await editBody('leader', { teamLeaderIds: [leader.id] });
    const own = await t.call('PUT', `/api/v1/Users/${self.id}`, 'admin', self.body);
    expect(own.statusCode).toBe(400);
    expect(own.json().title).toBe(OWN_TEAM_LEADER);
    const other = await t.call('PUT', `/api/v1/Users/${id}`, 'admin', { ...body, teamLeaderIds: [(await userByName('coastal.admin')).id] });
    expect(other.statusCode).toBe(404);
    const twice = await t.call('PUT', `/api/v1/Users/${id}`, 'admin', { ...body, teamLeaderIds: [leader.id, leader.id] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().title).toBe('Team Leaders holds a person more than once.');
  });
});

describe('the rate-sheet flag', () => {
  it('is what the sign-in token and the clock read, set on the user page', async () => {
    const flagOf = async (userName: string) => (decodeJwt(await tokenOf(userName, 'demo1234')).flags as Record<string, boolean>).hasRateSheetSetUp;
    expect(await flagOf('tech')).toBe(true);
    expect(await flagOf('tech2')).toBe(false);
    const tech2 = await userByName('tech2');
    const [wo] = await t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .innerJoin(workOrderTechnicians, and(eq(workOrderTechnicians.workOrderId, workOrders.id), eq(workOrderTechnicians.userId, tech2.id)))
      .limit(1);
    const view = async () => (await t.call('POST', '/api/v1/WOStartStop/getStartWOViewData', 'tech2', { workOrderId: wo.id })).json().hasRateSheetSetUp;
    expect(await view()).toBe(false);

    const { id, body } = await editBody('tech2', { worksOnRateSheets: true });
    const res = await t.call('PUT', `/api/v1/Users/${id}`, 'admin', body);
    expect(res.json().worksOnRateSheets).toBe(true);
    // No labor item of tech2's on any rate sheet: the flag alone decides.
    expect(await flagOf('tech2')).toBe(true);
    expect(await view()).toBe(true);
    await t.call('PUT', `/api/v1/Users/${id}`, 'admin', { ...body, worksOnRateSheets: false });
    expect(await flagOf('tech2')).toBe(false);
  });
});

describe('the pay rate', () => {
  it('is read and set only with Can Access Payroll, to the cent, from a day on', async () => {
    const tech = await userByName('tech');
    const before = (await t.call('GET', `/api/v1/Users/${tech.id}/payRate`, 'payroll')).json();
    expect(before.current).toMatchObject({ hourlyRate: 28.5, position: 'Service Technician' });

    const set = await t.call('POST', `/api/v1/Users/${tech.id}/payRate`, 'payroll', { hourlyRate: 31.35, effectiveFrom: '2099-01-04' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().rates[0]).toEqual({ effectiveFrom: '2099-01-04', position: 'Service Technician', hourlyRate: 31.35, isFromPayRaise: false });
    // In force from its day: today's rate is still the earlier one.
    expect(set.json().current).toEqual(before.current);
    const [stored] = await t.db.select().from(payRates).where(and(eq(payRates.userId, tech.id), eq(payRates.effectiveFrom, '2099-01-04')));
    expect(stored.hourlyRate).toBe('31.35');
    const past = await t.call('POST', `/api/v1/Users/${tech.id}/payRate`, 'admin', { hourlyRate: 29.99, effectiveFrom: '2026-01-05', position: 'Lead Technician' });
    expect(past.json().current).toMatchObject({ hourlyRate: 29.99, position: 'Lead Technician', effectiveFrom: '2026-01-05' });

    const same = await t.call('POST', `/api/v1/Users/${tech.id}/payRate`, 'payroll', { hourlyRate: 40, effectiveFrom: '2099-01-04' });
    expect(same.statusCode).toBe(409);
    expect(same.json().title).toBe('This user already has a pay rate from 2099-01-04. Choose another day.');
    for (const [bad, sentence] of [
      [{ hourlyRate: 12.345, effectiveFrom: '2099-02-01' }, 'Hourly Rate must have at most two decimals.'],
      [{ hourlyRate: 0, effectiveFrom: '2099-02-01' }, 'Hourly Rate must be more than 0.'],
      [{ hourlyRate: '30', effectiveFrom: '2099-02-01' }, 'Hourly Rate must be a number.'],
    ] as const) {
      const res = await t.call('POST', `/api/v1/Users/${tech.id}/payRate`, 'payroll', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().title).toBe(sentence);
    }
    expect((await t.call('POST', `/api/v1/Users/${tech.id}/payRate`, 'payroll', { hourlyRate: 30 })).statusCode).toBe(400);
  });

  it('is refused with 403 to those without Can Access Payroll, and 404 for another company', async () => {
    const tech = await userByName('tech');
    for (const who of ['dispatcher', 'leader', 'tech']) {
      expect((await t.call('GET', `/api/v1/Users/${tech.id}/payRate`, who)).statusCode, who).toBe(403);
      expect((await t.call('POST', `/api/v1/Users/${tech.id}/payRate`, who, { hourlyRate: 99, effectiveFrom: '2099-03-01' })).statusCode, who).toBe(403);
    }
    const theirs = await userByName('coastal.tech');
    expect((await t.call('GET', `/api/v1/Users/${theirs.id}/payRate`, 'payroll')).statusCode).toBe(404);
    expect((await t.call('POST', `/api/v1/Users/${theirs.id}/payRate`, 'payroll', { hourlyRate: 99, effectiveFrom: '2099-03-01' })).statusCode).toBe(404);
    expect(await t.db.select().from(payRates).where(eq(payRates.userId, theirs.id))).toHaveLength(1);
  });
});

describe('masked user roles', () => {
  it("show the company's name for a role in its users pages and hide the roles it does not use", async () => {
    const tech = await userByName('tech');
    const rename = await t.call('PUT', `/api/v1/MaskedUserRoles/${ROLE.Technician}`, 'admin', { displayName: 'Field Engineer', isHidden: false });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json()).toEqual({ roleId: ROLE.Technician, roleName: 'Technician', displayName: 'Field Engineer', name: 'Field Engineer', isHidden: false });
    expect((await t.call('GET', `/api/v1/Users/${tech.id}`, 'admin')).json()).toMatchObject({ roleIds: [ROLE.Technician], roles: ['Field Engineer'] });
    const list = (await t.call('GET', '/api/v1/Users?search=Alvarez', 'admin')).json();
    expect(list.data[0].roles).toEqual(['Field Engineer']);
    // The permission checks keep the role's id: the technician's work is as before.
    expect(decodeJwt(await tokenOf('tech', 'demo1234')).userRoles).toEqual(['Technician']);
    expect((await t.call('GET', '/api/v1/ReferenceList/standardItems', 'tech')).statusCode).toBe(200);

    expect((await t.call('PUT', `/api/v1/MaskedUserRoles/${ROLE.Plumber}`, 'admin', { displayName: null, isHidden: true })).statusCode).toBe(200);
    const hiddenInvite = await t.call('POST', '/api/v1/Users/invite', 'admin', invitation({ userName: 'plumber1', email: 'plumber1@example.com', roleIds: [ROLE.Plumber] }));
    expect(hiddenInvite.statusCode).toBe(400);
    expect(hiddenInvite.json().title).toBe(roleHiddenMessage('Plumber'));

    // Another company names and offers its roles as before.
    const theirs = (await t.call('GET', '/api/v1/MaskedUserRoles', 'coastal.admin')).json();
    expect(theirs.find((r: { roleId: number }) => r.roleId === ROLE.Technician)).toMatchObject({ name: 'Technician', isHidden: false });
    expect(theirs.find((r: { roleId: number }) => r.roleId === ROLE.Plumber)).toMatchObject({ isHidden: false });
    const coastalTech = await userByName('coastal.tech');
    expect((await t.call('GET', `/api/v1/Users/${coastalTech.id}`, 'coastal.admin')).json().roles).toEqual(['Technician']);
    const plumber = await t.call('POST', '/api/v1/Users/invite', 'coastal.admin', invitation({ userName: 'coastalplumber', email: 'cp@example.com', roleIds: [ROLE.Plumber] }));
    expect(plumber.statusCode, plumber.body).toBe(200);

    // Empty name: the role's own again; audited.
    expect((await t.call('PUT', `/api/v1/MaskedUserRoles/${ROLE.Technician}`, 'admin', { displayName: '  ', isHidden: false })).json().name).toBe('Technician');
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'maskedUserRole'));
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(await t.db.select().from(maskedUserRoles).where(eq(maskedUserRoles.subscriberId, coastalTech.subscriberId))).toEqual([]);
    await t.call('PUT', `/api/v1/MaskedUserRoles/${ROLE.Plumber}`, 'admin', { displayName: null, isHidden: false });
  });

  it('keeps a hidden role on a user who has it, never hides Super Admin, and needs Users write', async () => {
    const tech = await userByName('tech');
    expect((await t.call('PUT', `/api/v1/MaskedUserRoles/${ROLE.Technician}`, 'admin', { displayName: null, isHidden: true })).statusCode).toBe(200);
    const { body } = await editBody('tech', { phone: '214-555-0199' });
    const kept = await t.call('PUT', `/api/v1/Users/${tech.id}`, 'admin', body);
    expect(kept.statusCode, kept.body).toBe(200);
    const given = await editBody('dispatcher', {});
    const refused = await t.call('PUT', `/api/v1/Users/${given.id}`, 'admin', { ...given.body, roleIds: [ROLE.Dispatcher, ROLE.Technician] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().title).toBe(roleHiddenMessage('Technician'));
    await t.call('PUT', `/api/v1/MaskedUserRoles/${ROLE.Technician}`, 'admin', { displayName: null, isHidden: false });

    const superAdmin = await t.call('PUT', `/api/v1/MaskedUserRoles/${ROLE['Super Admin']}`, 'admin', { displayName: 'Owner', isHidden: true });
    expect(superAdmin.statusCode).toBe(400);
    expect(superAdmin.json().title).toBe(SUPER_ADMIN_NOT_HIDDEN);
    expect((await t.call('PUT', `/api/v1/MaskedUserRoles/${ROLE['Super Admin']}`, 'admin', { displayName: 'Owner', isHidden: false })).json().name).toBe('Owner');
    expect((await t.call('PUT', '/api/v1/MaskedUserRoles/999', 'admin', { displayName: null, isHidden: false })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/v1/MaskedUserRoles/${ROLE.Technician}`, 'admin', { displayName: 'x'.repeat(61), isHidden: false })).statusCode).toBe(400);
    // Payroll reads users but does not change them.
    expect((await t.call('GET', '/api/v1/MaskedUserRoles', 'payroll')).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/v1/MaskedUserRoles/${ROLE.Technician}`, 'payroll', { displayName: 'Tech', isHidden: false })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/MaskedUserRoles', 'tech')).statusCode).toBe(403);
    await t.call('PUT', `/api/v1/MaskedUserRoles/${ROLE['Super Admin']}`, 'admin', { displayName: null, isHidden: false });
  });
});
