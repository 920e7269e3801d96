/** A latitude/longitude pair in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

type Hemisphere = 'N' | 'S' | 'E' | 'W';

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const DEG_MARK = String.raw`\s*[°º]`;
const MIN_MARK = String.raw`\s*['′’]`;
const SEC_MARK = String.raw`\s*(?:"|″|''|′′|’’)`;
/** Degrees, optionally followed by minutes and seconds; components need a unit mark or whitespace between them. */
const BODY = new RegExp(
  `^([+-])?\\s*${NUM}(?:(?:${DEG_MARK})?|(?:${DEG_MARK}\\s*|\\s+)${NUM}(?:(?:${MIN_MARK})?|(?:${MIN_MARK}\\s*|\\s+)${NUM}(?:${SEC_MARK})?))$`,
);

/** Parses one coordinate into signed decimal degrees plus its hemisphere letter, if any. */
function parseCoordinate(s: string): { value: number; hemisphere: Hemisphere | null } | null {
  let text = s.trim().toUpperCase();
  let hemisphere: Hemisphere | null = null;
  const prefix = /^([NSEW])\s*(.*)$/.exec(text);
  const suffix = prefix ? null : /^(.*?)\s*([NSEW])$/.exec(text);
  if (prefix) [hemisphere, text] = [prefix[1] as Hemisphere, prefix[2]];
  else if (suffix) [hemisphere, text] = [suffix[2] as Hemisphere, suffix[1]];
  const m = BODY.exec(text);
  if (!m) return null;
  const [, sign, d, min, sec] = m;
  if (sign && hemisphere) return null; // '-33 S' is ambiguous
  if ((min !== undefined && d.includes('.')) || (sec !== undefined && min.includes('.'))) return null;
  const minutes = min === undefined ? 0 : Number(min);
  const seconds = sec === undefined ? 0 : Number(sec);
  if (minutes >= 60 || seconds >= 60) return null;
  const magnitude = Number(d) + minutes / 60 + seconds / 3600;
  const limit = hemisphere === 'N' || hemisphere === 'S' ? 90 : 180;
  if (magnitude > limit) return null;
  const negative = sign === '-' || hemisphere === 'S' || hemisphere === 'W';
  return { value: negative ? -magnitude : magnitude, hemisphere };
}

/** Parses one GPS coordinate (decimal or D°M'S" with optional N/S/E/W; S and W negative) into decimal degrees, or null. */
export function parseGps(s: string): number | null {
  return parseCoordinate(s)?.value ?? null;
}

/** Parses 'lat, lng' (each decimal or DMS) into a LatLng, or null when malformed, out of range or hemispheres are swapped. */
export function parseLatLng(s: string): LatLng | null {
  const parts = s.split(',');
  if (parts.length !== 2) return null;
  const lat = parseCoordinate(parts[0]);
  const lng = parseCoordinate(parts[1]);
  if (!lat || !lng) return null;
  if (lat.hemisphere === 'E' || lat.hemisphere === 'W' || lng.hemisphere === 'N' || lng.hemisphere === 'S') return null;
  if (Math.abs(lat.value) > 90) return null;
  return { lat: lat.value, lng: lng.value };
}

const EARTH_RADIUS_KM = 6371;
const toRad = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in km between two points, using an Earth radius of 6371 km. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
