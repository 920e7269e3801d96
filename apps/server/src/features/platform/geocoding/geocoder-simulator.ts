import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { COASTAL_SITES, POLAR_BILLING, POLAR_SITES } from '../../../db/seed/demo-data';
import type { SimulatorPlugin } from '../../field/providers/simulator/simulator-server';

/** An address containing this text makes the simulator fail with 500, so the failure path is tested over HTTP. */
export const GEOCODER_FAIL_MARKER = 'geocode-fail';
/** An address containing this text is found nowhere (an empty answer, as Nominatim gives). */
export const GEOCODER_NOWHERE_MARKER = 'geocode-nowhere';

/** Where an address the simulator does not know is placed: a box around the demo companies' Dallas area. */
export const SIMULATED_BOX = { south: 32.6, north: 33.1, west: -97.1, east: -96.55 };

interface KnownPlace {
  street: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
}

const KNOWN: KnownPlace[] = [...POLAR_BILLING, ...POLAR_SITES.map(([, ...p]) => p), ...COASTAL_SITES].map(([, street, city, state, zip, lat, lng]) => ({ street, city, state, zip, lat, lng }));

const STREETS = ['Elm St', 'Main St', 'Commerce St', 'Ross Ave', 'McKinney Ave', 'Lemmon Ave', 'Greenville Ave', 'Maple Ave', 'Harry Hines Blvd', 'Gaston Ave'];

const words = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** A number in [0, 1) from the text, the same every time. */
function unitOf(text: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${text}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** The known place whose street the query names (and its city, when the query names one), if any. */
function knownPlaceOf(q: string): KnownPlace | undefined {
  const text = words(q);
  return KNOWN.find((p) => text.startsWith(words(p.street)) && (text === words(p.street) || text.includes(words(p.city))));
}

/** A plausible position for any address: the known demo site, or a point in the box picked by the text's hash. */
export function simulatedPosition(q: string): { lat: number; lng: number } {
  const known = knownPlaceOf(q);
  if (known) return { lat: known.lat, lng: known.lng };
  const b = SIMULATED_BOX;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { lat: round(b.south + unitOf(words(q), 'lat') * (b.north - b.south)), lng: round(b.west + unitOf(words(q), 'lng') * (b.east - b.west)) };
}

/** A street-style name of any point: the demo site within about 150 m, or a made-up Dallas street address. */
export function simulatedAddress(lat: number, lng: number): { house_number: string; road: string; city: string; state: string; postcode: string } {
  const near = KNOWN.find((p) => Math.abs(p.lat - lat) < 0.0015 && Math.abs(p.lng - lng) < 0.0015);
  if (near) {
    const [number, ...road] = near.street.split(' ');
    return { house_number: number!, road: road.join(' '), city: near.city, state: near.state, postcode: near.zip };
  }
  const key = `${lat.toFixed(5)},${lng.toFixed(5)}`;
  const house = 100 + Math.floor(unitOf(key, 'house') * 9800);
  return { house_number: String(house), road: STREETS[Math.floor(unitOf(key, 'road') * STREETS.length)]!, city: 'Dallas', state: 'Texas', postcode: '75201' };
}

/** One call the simulator received. */
export interface GeocoderCall {
  operation: 'search' | 'reverse';
  query: Record<string, string>;
  userAgent: string;
}

/**
 * A stand-in for a Nominatim server, played by the simulator beside the product: `/search` and `/reverse` in format
 * jsonv2, deterministic answers, and failures on request (the address marker, or the simulator's `/__faults`).
 * `POST /nominatim/__delay {"ms": 1500}` makes every answer that late (a slow geocoder that still answers).
 */
export function geocoderSimulator(): SimulatorPlugin {
  let calls: GeocoderCall[] = [];
  let delayMs = 0;
  return {
    name: 'geocoder',
    prefix: '/nominatim',
    state: () => ({ calls, delayMs }),
    reset: () => {
      calls = [];
      delayMs = 0;
    },
    register(app: FastifyInstance) {
      app.post<{ Body: { ms?: unknown } }>('/__delay', async (req) => {
        delayMs = Math.min(Math.max(Number(req.body?.ms) || 0, 0), 60_000);
        return { ok: true, delayMs };
      });
      app.addHook('preHandler', async (req) => {
        if (delayMs > 0 && !req.url.includes('/__')) await new Promise((r) => setTimeout(r, delayMs));
      });
      app.get<{ Querystring: Record<string, string> }>('/search', async (req, reply) => {
        const q = String(req.query.q ?? '');
        calls.push({ operation: 'search', query: { ...req.query }, userAgent: String(req.headers['user-agent'] ?? '') });
        if (req.query.format !== 'jsonv2' || !q.trim()) return reply.code(400).send({ error: { code: 400, message: 'Nothing to search.' } });
        if (q.toLowerCase().includes(GEOCODER_FAIL_MARKER)) return reply.code(500).send({ error: { code: 500, message: 'Internal Server Error' } });
        if (q.toLowerCase().includes(GEOCODER_NOWHERE_MARKER)) return [];
        const { lat, lng } = simulatedPosition(q);
        return [{ place_id: Math.floor(unitOf(q, 'id') * 1e9), lat: String(lat), lon: String(lng), display_name: `${q}, United States`, category: 'building', type: 'yes', importance: 0.5 }];
      });
      app.get<{ Querystring: Record<string, string> }>('/reverse', async (req, reply) => {
        calls.push({ operation: 'reverse', query: { ...req.query }, userAgent: String(req.headers['user-agent'] ?? '') });
        const lat = Number(req.query.lat);
        const lng = Number(req.query.lon);
        if (req.query.format !== 'jsonv2' || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
          return reply.code(400).send({ error: { code: 400, message: 'Floating-point number expected for parameter lat and lon.' } });
        }
        const address = simulatedAddress(lat, lng);
        const display = `${address.house_number}, ${address.road}, ${address.city}, ${address.state}, ${address.postcode}, United States`;
        return { place_id: Math.floor(unitOf(`${lat},${lng}`, 'id') * 1e9), lat: String(lat), lon: String(lng), display_name: display, address: { ...address, country: 'United States', country_code: 'us' } };
      });
    },
  };
}
