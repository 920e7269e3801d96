import type { ClockInBody } from '@sm/shared';
import { queryOptions } from '@tanstack/react-query';

export type LatLong = NonNullable<ClockInBody['currentLatLong']>;

/** Spec clock 8: the sentence when the browser gives no position. */
export const LOCATION_DENIED_MESSAGE = 'Location Permission Denied. Please Allow Access To Location Services.';

/** Spec clock 4 and 9: the location request of a start-new. */
export const START_NEW_POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 60_000 };

/** A clock-in position is a nicety: never wait long for it. */
const CLOCK_IN_POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 3000, maximumAge: 60_000 };

/** A provider checks the position: wait longer for a precise fix than a clock-in otherwise would. */
const PROVIDER_POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

/** The browser refused or failed to give a position; its message is the sentence of spec clock 8. */
export class LocationError extends Error {
  constructor() {
    super(LOCATION_DENIED_MESSAGE);
    this.name = 'LocationError';
  }
}

/**
 * The device's position, asking the browser (and so the user) if needed. Rejects with `LocationError` on refusal,
 * timeout or a browser without geolocation, so the caller's error path shows the spec's sentence.
 */
export function currentPosition(options: PositionOptions = START_NEW_POSITION_OPTIONS): Promise<LatLong> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new LocationError());
      return;
    }
    navigator.geolocation.getCurrentPosition(
      // The accuracy goes along: a provider refuses a position it cannot believe, and we keep why.
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null }),
      () => reject(new LocationError()),
      options,
    );
  });
}

/**
 * The position when the user has already allowed location, otherwise null: a clock-in sends it when it can but
 * never prompts for it nor fails without it.
 */
export async function positionIfAllowed(): Promise<LatLong | null> {
  try {
    const permission = await navigator.permissions?.query({ name: 'geolocation' });
    if (permission?.state !== 'granted') return null;
    return await currentPosition(CLOCK_IN_POSITION_OPTIONS);
  } catch {
    return null;
  }
}

/**
 * The clock dialogs' position. On a provider work order the provider needs it, so the browser is asked (a refusal
 * leaves it unknown, and the dialog says so); elsewhere it is sent only when location is already allowed.
 */
export function clockPositionQuery(isForProvider: boolean) {
  return queryOptions({
    queryKey: ['clock', 'position', isForProvider],
    queryFn: (): Promise<LatLong | null> => (isForProvider ? currentPosition(PROVIDER_POSITION_OPTIONS).catch(() => null) : positionIfAllowed()),
    staleTime: 60_000,
    retry: false,
    // The phone's position needs no network: asked for without signal too.
    networkMode: 'always',
    meta: { silent: true },
  });
}
