import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { allowOutboundHosts } from '../../../lib/outbound-http';
import { startProviderSimulator, type RunningSimulator } from '../../field/providers/simulator/simulator-server';
import { addressLine, GEOCODER_USER_AGENT, GEOCODING_FAILED, httpGeocoder, streetNameOf } from './geocoder-client';
import { GEOCODER_FAIL_MARKER, GEOCODER_NOWHERE_MARKER, geocoderSimulator, SIMULATED_BOX } from './geocoder-simulator';

let sim: RunningSimulator;
let base: string;
let withdraw: () => void;
const logged: { fields: Record<string, unknown>; message: string }[] = [];
const log = { warn: (fields: Record<string, unknown>, message: string) => void logged.push({ fields, message }) };

beforeAll(async () => {
  sim = await startProviderSimulator({ plugins: [geocoderSimulator()] });
  base = `${sim.url}/nominatim`;
});
beforeEach(async () => {
  logged.length = 0;
  withdraw?.();
  withdraw = allowOutboundHosts([new URL(sim.url).host]);
  await fetch(`${sim.url}/__reset`, { method: 'POST' });
});
afterAll(async () => {
  withdraw?.();
  await sim.close();
});

const get = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, json: (await res.json()) as any };
};
const calls = async () => ((await (await fetch(`${sim.url}/__state`)).json()) as { geocoder: { calls: { operation: string; query: Record<string, string>; userAgent: string }[] } }).geocoder.calls;

describe('geocoder simulator (Nominatim protocol)', () => {
  it("places the demo's addresses where the demo has them", async () => {
    const { status, json } = await get(`/search?format=jsonv2&q=${encodeURIComponent('6333 E Mockingbird Ln, Dallas, TX 75214')}`);
    expect(status).toBe(200);
    expect(json).toEqual([expect.objectContaining({ lat: '32.8369', lon: '-96.7526', display_name: expect.stringContaining('6333 E Mockingbird Ln') })]);
  });

  it('places any other address in the box around Dallas, the same every time', async () => {
    const q = encodeURIComponent('8687 N Central Expy, Dallas, TX 75225');
    const first = await get(`/search?format=jsonv2&q=${q}`);
    const again = await get(`/search?format=jsonv2&q=${q}`);
    expect(again.json).toEqual(first.json);
    const lat = Number(first.json[0].lat);
    const lng = Number(first.json[0].lon);
    expect(lat).toBeGreaterThanOrEqual(SIMULATED_BOX.south);
    expect(lat).toBeLessThanOrEqual(SIMULATED_BOX.north);
    expect(lng).toBeGreaterThanOrEqual(SIMULATED_BOX.west);
    expect(lng).toBeLessThanOrEqual(SIMULATED_BOX.east);
    const other = await get(`/search?format=jsonv2&q=${encodeURIComponent('100 Other Rd, Dallas, TX')}`);
    expect(other.json[0].lat).not.toBe(first.json[0].lat);
  });

  it('fails on the marker, finds nothing on the other, and refuses a request without format or text', async () => {
    expect((await get(`/search?format=jsonv2&q=1 ${GEOCODER_FAIL_MARKER} St`)).status).toBe(500);
    expect(await get(`/search?format=jsonv2&q=1 ${GEOCODER_NOWHERE_MARKER} St`)).toEqual({ status: 200, json: [] });
    expect((await get('/search?q=1 Elm St')).status).toBe(400);
    expect((await get('/search?format=jsonv2&q=')).status).toBe(400);
  });

  it('names a point near a demo site by its address, and any other point by a street address', async () => {
    const near = await get('/reverse?format=jsonv2&lat=32.7842&lon=-96.7839');
    expect(near.status).toBe(200);
    expect(near.json.address).toMatchObject({ house_number: '2702', road: 'Main St', city: 'Dallas', postcode: '75226', country_code: 'us' });
    const far = await get('/reverse?format=jsonv2&lat=32.95&lon=-96.6');
    expect(far.json.address).toMatchObject({ house_number: expect.stringMatching(/^\d+$/), road: expect.any(String), city: 'Dallas' });
    expect((await get('/reverse?format=jsonv2&lat=32.95&lon=-96.6')).json).toEqual(far.json);
    expect((await get('/reverse?format=jsonv2&lat=abc&lon=-96.6')).status).toBe(400);
  });
});

describe('geocoder client', () => {
  it('searches and reverse-geocodes over HTTP, naming the product in its User-Agent', async () => {
    const geocoder = httpGeocoder({ baseUrl: base, log });
    expect(await geocoder.search(addressLine({ address: '2702 Main St', city: 'Dallas', state: 'TX', zip: '75226' }))).toEqual({ lat: 32.7842, lng: -96.7838 });
    expect(await geocoder.reverse({ lat: 32.7842, lng: -96.7838 })).toBe('2702 Main St, Dallas');
    const seen = await calls();
    expect(seen.map((c) => c.operation)).toEqual(['search', 'reverse']);
    expect(seen[0]).toMatchObject({ query: { format: 'jsonv2', q: '2702 Main St, Dallas, TX 75226', limit: '1' }, userAgent: GEOCODER_USER_AGENT });
    expect(GEOCODER_USER_AGENT).toMatch(/^ServiceManaged\//);
    expect(logged).toEqual([]);
  });

  it('answers nothing and logs the sentence with the status, never the answer, when the geocoder fails', async () => {
    const geocoder = httpGeocoder({ baseUrl: base, log });
    expect(await geocoder.search(`1 ${GEOCODER_FAIL_MARKER} St, Dallas`)).toBeNull();
    expect(logged).toEqual([{ fields: { operation: 'search', status: 500 }, message: GEOCODING_FAILED }]);
    expect(GEOCODING_FAILED).toBe('Geocoding API request failed');
    expect(JSON.stringify(logged)).not.toContain('Internal Server Error');
    logged.length = 0;
    await fetch(`${sim.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pathContains: '/reverse', kind: 'error500', times: 1 }) });
    expect(await geocoder.reverse({ lat: 32.8, lng: -96.8 })).toBeNull();
    expect(logged).toEqual([{ fields: { operation: 'reverse', status: 500 }, message: GEOCODING_FAILED }]);
  });

  it('gives up after its timeout, and logs a refused connection by its code', async () => {
    await fetch(`${sim.url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pathContains: '/search', kind: 'timeout', times: 1, delayMs: 1500 }) });
    const started = Date.now();
    expect(await httpGeocoder({ baseUrl: base, log, timeoutMs: 200 }).search('1 Elm St, Dallas')).toBeNull();
    expect(Date.now() - started).toBeLessThan(1400);
    expect(logged).toEqual([{ fields: { operation: 'search', code: 'TimeoutError' }, message: GEOCODING_FAILED }]);
    logged.length = 0;
    onTestFinished(allowOutboundHosts(['127.0.0.1:9']));
    expect(await httpGeocoder({ baseUrl: 'http://127.0.0.1:9/nominatim', log, timeoutMs: 2000 }).search('1 Elm St')).toBeNull();
    expect(logged).toEqual([{ fields: { operation: 'search', code: 'ECONNREFUSED' }, message: GEOCODING_FAILED }]);
  });

  it('refuses a private GEOCODER_URL unless the host is allowed', async () => {
    withdraw();
    withdraw = () => undefined;
    const geocoder = httpGeocoder({ baseUrl: base, log });
    expect(await geocoder.search('2702 Main St, Dallas, TX 75226')).toBeNull();
    expect(logged).toEqual([{ fields: { operation: 'search', code: 'refused:address' }, message: GEOCODING_FAILED }]);
    expect(await calls()).toEqual([]);
    withdraw = allowOutboundHosts([new URL(sim.url).host]);
    expect(await geocoder.search('2702 Main St, Dallas, TX 75226')).toEqual({ lat: 32.7842, lng: -96.7838 });
  });

  it('reads a street-style name from the address parts, or the first parts of the display name', () => {
    expect(streetNameOf({ address: { house_number: '1401', road: 'Elm St', city: 'Dallas' } })).toBe('1401 Elm St, Dallas');
    expect(streetNameOf({ address: { road: 'Elm St', town: 'Plano' } })).toBe('Elm St, Plano');
    expect(streetNameOf({ display_name: 'Fair Park, Dallas, Dallas County, Texas, United States' })).toBe('Fair Park, Dallas, Dallas County');
    expect(streetNameOf({})).toBeNull();
  });
});
