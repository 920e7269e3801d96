import { currentPosition } from '../clock/current-position';
import type { Location } from './corrigo-wizard-form';

/** A provider checks where the technician stands: ask for a precise, recent fix, and wait a little longer for it. */
const PROVIDER_POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

/**
 * The device's position for a status change or check-out at the facilities provider (which needs one). Rejects
 * with `LocationError`, whose message is the sentence of spec clock 8.
 */
export function providerPosition(): Promise<Location> {
  return currentPosition(PROVIDER_POSITION_OPTIONS);
}
