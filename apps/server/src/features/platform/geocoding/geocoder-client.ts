import { z } from 'zod';
import { outboundRequest } from '../../../lib/outbound-http';

/** A point in decimal degrees. */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/**
 * Places addresses on the map and names positions, for the customer form and the office's view of the clock. Neither
 * call ever throws: a failure is logged and answers null, so that saving a location or clocking in never depends on
 * an outside service.
 */
export interface Geocoder {
  /** The position of an address typed as one line, or null when it could not be placed. */
  search(text: string): Promise<GeoPoint | null>;
  /** A street-style name of a position ("1401 Elm St, Dallas"), or null when none could be had. */
  reverse(point: GeoPoint): Promise<string | null>;
}

/** The part of pino the geocoder writes to. */
export interface GeocoderLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** The sentence logged for every failed call (spec platform 8, "Address lookup failure"). */
export const GEOCODING_FAILED = 'Geocoding API request failed';

/** Sent with every call: the Nominatim usage policy asks each application to name itself. */
export const GEOCODER_USER_AGENT = 'ServiceManaged/1.0 (field-service work orders; geocoding of customer sites)';

/** How long one call may take before it counts as failed, unless told otherwise (GEOCODER_TIMEOUT_MS). */
export const GEOCODER_TIMEOUT_MS = 5_000;

const degrees = z.union([z.string(), z.number()]).transform(Number).pipe(z.number().finite());
const searchAnswer = z.array(z.object({ lat: degrees.pipe(z.number().min(-90).max(90)), lon: degrees.pipe(z.number().min(-180).max(180)) }).loose());
const reverseAnswer = z
  .object({
    display_name: z.string().max(500).optional(),
    address: z.record(z.string(), z.unknown()).optional(),
    error: z.unknown().optional(),
  })
  .loose();

/** "1401 Elm St, Dallas" from Nominatim's address parts, or its display name cut to the first three parts. */
export function streetNameOf(answer: z.infer<typeof reverseAnswer>): string | null {
  const a = answer.address ?? {};
  const text = (k: string) => (typeof a[k] === 'string' ? (a[k] as string).trim() : '');
  const street = [text('house_number'), text('road')].filter(Boolean).join(' ');
  const town = text('city') || text('town') || text('village') || text('suburb');
  const named = [street, town].filter(Boolean).join(', ');
  if (named) return named.slice(0, 200);
  const shown = answer.display_name?.split(',').map((p) => p.trim()).filter(Boolean).slice(0, 3).join(', ');
  return shown ? shown.slice(0, 200) : null;
}

/** What a failed call is logged with: the HTTP status or the error's code, never the answer's text. */
function failureFields(err: unknown): Record<string, unknown> {
  const e = err as { code?: unknown; name?: unknown; reason?: unknown };
  return { code: typeof e.code === 'string' ? e.code : typeof e.reason === 'string' ? `refused:${e.reason}` : typeof e.name === 'string' ? e.name : 'Error' };
}

/**
 * The geocoder at `baseUrl`, speaking the Nominatim protocol (`/search`, `/reverse`, format jsonv2) through the
 * product's one outbound client, so a private address is refused unless the operator allowed it.
 */
export function httpGeocoder(opts: { baseUrl: string; log: GeocoderLog; timeoutMs?: number }): Geocoder {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? GEOCODER_TIMEOUT_MS;

  async function call<T>(operation: 'search' | 'reverse', query: Record<string, string>, schema: z.ZodType<T>): Promise<T | null> {
    const url = `${base}/${operation}?${new URLSearchParams({ format: 'jsonv2', ...query }).toString()}`;
    try {
      const answer = await outboundRequest(url, { method: 'GET', headers: { accept: 'application/json', 'user-agent': GEOCODER_USER_AGENT }, timeoutMs });
      if (answer.status !== 200) {
        opts.log.warn({ operation, status: answer.status }, GEOCODING_FAILED);
        return null;
      }
      const parsed = schema.safeParse(answer.contentType.includes('json') ? JSON.parse(answer.text) : undefined);
      if (!parsed.success) {
        opts.log.warn({ operation, status: answer.status, code: 'UNEXPECTED_ANSWER' }, GEOCODING_FAILED);
        return null;
      }
      return parsed.data;
    } catch (err) {
      opts.log.warn({ operation, ...failureFields(err) }, GEOCODING_FAILED);
      return null;
    }
  }

  return {
    async search(text) {
      const q = text.trim();
      if (!q) return null;
      const found = await call('search', { q, limit: '1' }, searchAnswer);
      const first = found?.[0];
      return first ? { lat: first.lat, lng: first.lon } : null;
    },
    async reverse(point) {
      const answer = await call('reverse', { lat: String(point.lat), lon: String(point.lng) }, reverseAnswer);
      return answer && answer.error === undefined ? streetNameOf(answer) : null;
    },
  };
}

/** One line of an address for `search`: street, city, state and zip, the parts that are filled. */
export function addressLine(a: { address: string; city: string; state: string; zip: string }): string {
  const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.address, cityLine].filter(Boolean).join(', ');
}
