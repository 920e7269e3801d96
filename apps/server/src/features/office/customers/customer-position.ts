import { GEOCODE_FAILED_NOTICE, parseLatLng, type SaveCustomerParsed } from '@sm/shared';
import { addressLine, type Geocoder, type GeoPoint } from '../../platform/geocoding/geocoder-client';

/** What a customer had stored before the form was saved: its address and position. */
export interface StoredPlace {
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
}

/** Where a saved customer is: the position to store and, when its address could not be placed, the sentence to show. */
export interface PlacedCustomer {
  position: GeoPoint | null;
  notice?: string;
}

const sameAddress = (a: StoredPlace, b: SaveCustomerParsed) => addressLine(a).toLowerCase() === addressLine(b).toLowerCase();

/** Whether the form's GPS is the stored position as the form shows it (rounded to six decimals). */
function isStoredPosition(typed: GeoPoint, stored: StoredPlace | null): boolean {
  if (!stored || stored.latitude === null || stored.longitude === null) return false;
  return Math.abs(typed.lat - stored.latitude) < 1e-6 && Math.abs(typed.lng - stored.longitude) < 1e-6;
}

/**
 * Decides the position of a customer being saved, before its transaction (the geocoder is called over HTTP, never
 * with a transaction open). A GPS the user typed wins. Otherwise the address is geocoded when it is new or changed,
 * or when the customer has no position yet; an unchanged address keeps its position. When the geocoder fails, the
 * customer is saved without a position and the answer carries a sentence.
 */
export async function placeCustomer(body: SaveCustomerParsed, stored: StoredPlace | null, geocoder: Geocoder | null): Promise<PlacedCustomer> {
  const typed = body.gps ? parseLatLng(body.gps) : null;
  const isAddressChanged = !stored || !sameAddress(stored, body);
  if (typed && !(isAddressChanged && isStoredPosition(typed, stored))) return { position: { lat: typed.lat, lng: typed.lng } };
  const hasStoredPosition = stored?.latitude != null && stored.longitude != null;
  // The user cleared the GPS of an address that did not move: no position, as asked.
  if (!isAddressChanged && hasStoredPosition) return { position: null };
  if (!geocoder || !body.address.trim()) return { position: null };
  const found = await geocoder.search(addressLine(body));
  return found ? { position: found } : { position: null, notice: GEOCODE_FAILED_NOTICE };
}
