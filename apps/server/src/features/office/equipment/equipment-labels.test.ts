import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, equipment, users, workOrders, workOrderTechnicians } from '../../../db/schema';
import { readLabelSheet } from '../../../test/qr-labels';
import { createTestApp, type TestApp } from '../../../test/test-app';

const PUBLIC_URL = 'https://service.example.com/sm';
const link = (id: number) => `${PUBLIC_URL}/equipments/history?equipmentId=${id}`;
const labelsUrl = (query: string) => `/api/v1/Equipment/labels?${query}`;

let t: TestApp;
let polar: number;
let coastal: number;
/** A site of a work order of the tech's, with its pieces in service by name. */
let site: { id: number; name: string };
let sitePieces: (typeof equipment.$inferSelect)[];
let otherSite: number;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
  polar = (await t.db.select().from(users).where(eq(users.userName, 'admin')))[0].subscriberId;
  coastal = (await t.db.select().from(users).where(eq(users.userName, 'coastal.admin')))[0].subscriberId;
  const [tech] = await t.db.select().from(users).where(eq(users.userName, 'tech'));
  const [mine] = await t.db
    .select({ id: customers.id, name: customers.name })
    .from(workOrders)
    .innerJoin(workOrderTechnicians, eq(workOrderTechnicians.workOrderId, workOrders.id))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(equipment, eq(equipment.customerId, workOrders.customerId))
    .where(and(eq(workOrders.subscriberId, polar), eq(workOrderTechnicians.userId, tech.id)));
  site = mine;
  sitePieces = await t.db.select().from(equipment).where(and(eq(equipment.customerId, site.id), eq(equipment.isActive, true))).orderBy(asc(equipment.name));
  // A new site, where the tech has no work order: he does not see it.
  [{ id: otherSite }] = await t.db
    .insert(customers)
    .values({ subscriberId: polar, name: 'Harbor Ice House', address: '12 Dock St', city: 'Galveston', state: 'TX', zip: '77550' })
    .returning({ id: customers.id });
  await t.db.insert(equipment).values({ subscriberId: polar, customerId: otherSite, name: 'Ice Machine', categoryId: sitePieces[0].categoryId });
});
afterAll(() => t.close());

describe('QR labels of equipment', () => {
  it("prints a location's pieces in service on an Avery 5160 sheet, each code the piece's link under PUBLIC_URL, with its name, serial and location", async () => {
    const res = await t.call('GET', labelsUrl(`customerId=${site.id}`), 'dispatcher');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('equipment-labels.pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const sheet = await readLabelSheet(res.rawPayload);
    expect(sheet.pages).toBe(1);
    // Filled from the top left, row by row, in the order of the names.
    expect(sheet.labels).toEqual(sitePieces.map((p, i) => ({ page: 1, row: Math.floor(i / 3), column: i % 3, link: link(p.id) })));
    for (const p of sitePieces) {
      expect(sheet.text).toContain(p.name);
      expect(sheet.text).toContain(`S/N ${p.serialNumber}`);
    }
    expect(sheet.text).toContain(site.name);
  });

  it('prints the pieces named, across locations, and as many sheets as they need', async () => {
    const ids = (await t.db.select({ id: equipment.id }).from(equipment).where(eq(equipment.subscriberId, polar))).map((r) => r.id);
    // 31 labels: a full sheet and one label on the next.
    const extra = await t.db
      .insert(equipment)
      .values(Array.from({ length: 31 - ids.length }, (_, i) => ({ subscriberId: polar, customerId: otherSite, name: `Ice Machine ${String(i + 2).padStart(2, '0')}`, categoryId: sitePieces[0].categoryId })))
      .returning({ id: equipment.id });
    const all = [...ids, ...extra.map((e) => e.id)];
    const res = await t.call('GET', labelsUrl(`equipmentIds=${all.join(',')}`), 'admin');
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await readLabelSheet(res.rawPayload);
    expect(sheet.pages).toBe(2);
    expect(sheet.labels).toHaveLength(31);
    expect(new Set(sheet.labels.map((l) => l.link))).toEqual(new Set(all.map(link)));
    expect(sheet.labels.filter((l) => l.page === 2)).toEqual([{ page: 2, row: 0, column: 0, link: expect.any(String) }]);

    // One piece alone: its own file name, its one label.
    const one = await t.call('GET', labelsUrl(`equipmentIds=${sitePieces[0].id}&customerId=${site.id}`), 'tech');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-disposition']).toContain(`equipment-label-${sitePieces[0].id}.pdf`);
    expect((await readLabelSheet(one.rawPayload)).labels.map((l) => l.link)).toEqual([link(sitePieces[0].id)]);
  });

  it('refuses with a sentence: nothing chosen, too many, a piece elsewhere, a location with nothing in service', async () => {
    const title = async (query: string, as = 'admin') => {
      const res = await t.call('GET', labelsUrl(query), as);
      return `${res.statusCode} ${res.json().title}`;
    };
    expect(await title('')).toBe('400 Choose a location or the pieces of equipment to print labels for.');
    const many = Array.from({ length: 301 }, (_, i) => i + 1).join(',');
    expect(await title(`equipmentIds=${many}`)).toBe('400 At most 300 labels are printed at once: choose fewer pieces of equipment.');
    expect(await title('equipmentIds=1,x')).toBe('400 Equipment must be ids written in digits, separated by commas (41,42,43).');
    const away = sitePieces[0];
    expect(await title(`equipmentIds=${away.id}&customerId=${otherSite}`)).toMatch(new RegExp(`^400 ${away.name} is not at .+\\.$`));
    const [empty] = await t.db.select().from(customers).where(and(eq(customers.subscriberId, polar), eq(customers.name, 'Cedar Springs Deli')));
    await t.db.update(equipment).set({ isActive: false }).where(eq(equipment.customerId, empty.id));
    expect(await title(`customerId=${empty.id}`)).toBe('400 No equipment in service is registered at Cedar Springs Deli: there is no label to print.');
    await t.db.update(equipment).set({ isActive: true }).where(eq(equipment.customerId, empty.id));
  });

  it("answers another company's piece or location, and a location the caller does not see, exactly like a missing one", async () => {
    const [theirs] = await t.db.select().from(equipment).where(eq(equipment.subscriberId, coastal));
    const foreign = await t.call('GET', labelsUrl(`equipmentIds=${sitePieces[0].id},${theirs.id}`), 'admin');
    const missing = await t.call('GET', labelsUrl(`equipmentIds=${sitePieces[0].id},2147480001`), 'admin');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await t.call('GET', labelsUrl(`customerId=${theirs.customerId}`), 'admin')).statusCode).toBe(404);
    // The tech sees only the sites of his work orders.
    const [notHis] = await t.db.select().from(equipment).where(eq(equipment.customerId, otherSite));
    expect((await t.call('GET', labelsUrl(`equipmentIds=${notHis.id}`), 'tech')).statusCode).toBe(404);
    expect((await t.call('GET', labelsUrl(`customerId=${site.id}`), null)).statusCode).toBe(401);
  });
});
