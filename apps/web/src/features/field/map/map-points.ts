/** Spec clock 8: what shows in place of a map that cannot be drawn. */
export const MAP_UNAVAILABLE_MESSAGE = 'Map cannot be loaded right now, sorry.';

/** Spec clock 9: the zoom a map opens at. */
export const DEFAULT_MAP_ZOOM = 8;

/** OpenStreetMap's tiles, unless the build names another server in `VITE_MAP_TILE_URL`. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_TILE_URL: string = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) || OSM_TILE_URL;

/** A map that has not drawn one tile by then is treated as unavailable, so the page never shows a grey box. */
export const TILE_WAIT_MS = 6000;

/** One dot on a map: a technician's last known position or a job site. */
export interface MapPoint {
  key: string;
  kind: 'technician' | 'jobSite';
  latitude: number;
  longitude: number;
  label: string;
  detail?: string;
}

/** Colours of the two kinds of dot, shared by the map and its legend. */
export const POINT_COLORS: Record<MapPoint['kind'], string> = { technician: '#1c7ed6', jobSite: '#e8590c' };

/** Where a map of these points opens: their middle. */
export function centerOf(points: readonly MapPoint[]): [number, number] {
  const lat = points.reduce((sum, p) => sum + p.latitude, 0) / points.length;
  const lng = points.reduce((sum, p) => sum + p.longitude, 0) / points.length;
  return [lat, lng];
}
