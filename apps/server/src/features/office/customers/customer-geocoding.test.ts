import { eq } from 'drizzle-orm';
import { GEOCODE_FAILED_NOTICE } from '@sm/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema';
import { createGeocodedTestApp, type GeocodedTestApp } from '../../../test/geocoded-app';
import type { TestApp } from '../../../test/test-app';
import { GEOCODER_FAIL_MARKER, simulatedPosition } from '../../platform/geocoding/geocoder-simulator';
import { customerForm, demoCustomers } from './customer-fixtures';

let g: GeocodedTestApp;
let t: TestApp;
let billingId: number;

beforeAll(async () => {
  g = await createGeocodedTestApp();
  t = g.t;
  billingId = (await demoCustomers(t)).id('FreshMart Grocers Inc.');
});
beforeEach(() => g.reset());
afterAll(() => g.close());

/** A new service location of FreshMart typed with an address and no GPS. */
const location = (over: Record<string, unknown> = {}) => customerForm({ name: 'FreshMart #130 Northpark', gps: '', billingCustomerId: billingId, ...over });
const stored = async (id: number) => (await t.db.select({ latitude: customers.latitude, longitude: customers.longitude }).from(customers).where(eq(customers.id, id)))[0];
const searches = async () => (await g.calls()).filter((c) => c.operation === 'search').map((c) => c.query.q);

describe('saving a location geocodes its address', () => {
  it('places a new location typed without GPS at its geocoded position, before the transaction', async () => {
    const res = await t.call('POST', '/api/v1/Customer/create', 'dispatcher', location());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ customerId: expect.any(Number) });
    const expected = simulatedPosition('8687 N Central Expy, Dallas, TX 75225');
    expect(await stored(res.json().customerId)).toEqual({ latitude: expected.lat, longitude: expected.lng });
    expect(await searches()).toEqual(['8687 N Central Expy, Dallas, TX 75225']);
    const details = (await t.call('GET', `/api/v1/Customer/${res.json().customerId}`, 'dispatcher')).json();
    expect(details).toMatchObject({ latitude: expected.lat, longitude: expected.lng });
  });

  it("places a demo address where the demo has it", async () => {
    const res = await t.call('POST', '/api/v1/Customer/create', 'dispatcher', location({ name: 'Pecan Lodge Annex', address: '2702 Main St', zip: '75226' }));
    expect(await stored(res.json().customerId)).toEqual({ latitude: 32.7842, longitude: -96.7838 });
  });

  it('keeps a typed GPS and does not call the geocoder', async () => {
    const res = await t.call('POST', '/api/v1/Customer/create', 'dispatcher', location({ gps: '32.8686, -96.7729' }));
    expect(res.json()).toEqual({ customerId: expect.any(Number) });
    expect(await stored(res.json().customerId)).toEqual({ latitude: 32.8686, longitude: -96.7729 });
    expect(await searches()).toEqual([]);
  });

  it('saves without coordinates when the geocoder fails, says so, and logs the failure with its status', async () => {
    const address = `1 ${GEOCODER_FAIL_MARKER} Way`;
    const res = await t.call('POST', '/api/v1/Customer/create', 'dispatcher', location({ name: 'Nowhere Market', address }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ customerId: expect.any(Number), geocodeNotice: GEOCODE_FAILED_NOTICE });
    expect(GEOCODE_FAILED_NOTICE).toBe('The address could not be placed on the map; the location was saved without coordinates.');
    const [row] = await t.db.select().from(customers).where(eq(customers.id, res.json().customerId));
    expect(row).toMatchObject({ name: 'Nowhere Market', address, latitude: null, longitude: null });
    expect(g.failures()).toEqual([expect.objectContaining({ msg: 'Geocoding API request failed', status: 500, operation: 'search', level: 40 })]);
    expect(g.lines.join('\n')).not.toContain('Internal Server Error');
  });
});

describe('changing a location', () => {
  let id: number;
  const put = (body: Record<string, unknown>) => t.call('PUT', `/api/v1/Customer/${id}`, 'dispatcher', body);

  beforeAll(async () => {
    id = (await t.call('POST', '/api/v1/Customer/create', 'dispatcher', location({ name: 'FreshMart #131 Vickery', address: '6100 Greenville Ave', zip: '75206' }))).json().customerId;
  });

  it('does not geocode again when the address is unchanged (the form sends the stored position back)', async () => {
    const before = await stored(id);
    const res = await put(location({ name: 'FreshMart #131 Vickery Meadow', address: '6100 Greenville Ave', zip: '75206', gps: `${before.latitude}, ${before.longitude}` }));
    expect(res.json()).toEqual({ customerId: id });
    expect(await searches()).toEqual([]);
    expect(await stored(id)).toEqual(before);
  });

  it('geocodes again when the address changes, even with the old position still in the form', async () => {
    const before = await stored(id);
    const res = await put(location({ name: 'FreshMart #131 Vickery', address: '6200 Greenville Ave', zip: '75206', gps: `${before.latitude}, ${before.longitude}` }));
    expect(res.json()).toEqual({ customerId: id });
    expect(await searches()).toEqual(['6200 Greenville Ave, Dallas, TX 75206']);
    const expected = simulatedPosition('6200 Greenville Ave, Dallas, TX 75206');
    expect(await stored(id)).toEqual({ latitude: expected.lat, longitude: expected.lng });
  });

  it('keeps a GPS typed with a new address', async () => {
    const res = await put(location({ name: 'FreshMart #131 Vickery', address: '6300 Greenville Ave', zip: '75206', gps: '32.86, -96.77' }));
    expect(res.json()).toEqual({ customerId: id });
    expect(await searches()).toEqual([]);
    expect(await stored(id)).toEqual({ latitude: 32.86, longitude: -96.77 });
  });

  it('drops the old position when the new address cannot be placed, and says so', async () => {
    const res = await put(location({ name: 'FreshMart #131 Vickery', address: `9 ${GEOCODER_FAIL_MARKER} Ave`, zip: '75206', gps: '32.86, -96.77' }));
    expect(res.json()).toEqual({ customerId: id, geocodeNotice: GEOCODE_FAILED_NOTICE });
    expect(await stored(id)).toEqual({ latitude: null, longitude: null });
    expect(g.failures()).toHaveLength(1);
  });

  it('tries again on the next save of a location still without coordinates', async () => {
    const res = await put(location({ name: 'FreshMart #131 Vickery', address: '6300 Greenville Ave', zip: '75206' }));
    expect(res.json()).toEqual({ customerId: id });
    const expected = simulatedPosition('6300 Greenville Ave, Dallas, TX 75206');
    expect(await stored(id)).toEqual({ latitude: expected.lat, longitude: expected.lng });
  });
});
