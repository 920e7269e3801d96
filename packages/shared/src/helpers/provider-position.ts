import { distanceKm } from './gps';

/** Where a provider expects the technician: the site's position and how far from it a check-in is believed. */
export interface ProviderSite {
  latitude: number;
  longitude: number;
  radiusMeters: number;
}

/** A position from the browser, with how precise it says it is (metres). */
export interface ReportedPosition {
  latitude: number;
  longitude: number;
  accuracy?: number | null;
}

export interface ProviderPositionCheck {
  /** Whether the provider would refuse a check-in or check-out from this position. */
  isRefused: boolean;
  /** Metres from the site, rounded. */
  distanceMeters: number;
  /** The sentence to show before sending, or null when the position will be believed. */
  warning: string | null;
}

/** Distances as a technician reads them: metres close by, kilometres further away. */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  return `${(meters / 1000).toFixed(meters < 10_000 ? 1 : 0)} km`;
}

/**
 * Whether a provider would believe that the technician is at the site: it refuses a position outside the site's
 * radius, and a position whose accuracy is worse than the radius proves nothing either. The Start and Stop dialogs
 * warn with this sentence before sending such a position, so the technician is not surprised by the refusal.
 */
export function checkProviderPosition(site: ProviderSite, position: ReportedPosition): ProviderPositionCheck {
  const distanceMeters = Math.round(distanceKm({ lat: site.latitude, lng: site.longitude }, { lat: position.latitude, lng: position.longitude }) * 1000);
  const radius = formatDistance(site.radiusMeters);
  if (distanceMeters > site.radiusMeters) {
    return {
      isRefused: true,
      distanceMeters,
      warning: `You are ${formatDistance(distanceMeters)} from the site; the provider accepts check-ins only within ${radius}, so it will probably refuse this one.`,
    };
  }
  if (position.accuracy != null && position.accuracy > site.radiusMeters) {
    return {
      isRefused: true,
      distanceMeters,
      warning: `Your position is only accurate to ${formatDistance(position.accuracy)}, more than the ${radius} the provider allows around the site, so it may refuse it. Wait for a better GPS fix if you can.`,
    };
  }
  return { isRefused: false, distanceMeters, warning: null };
}
