import { unprocessable } from '@/lib/errors';
import { placeOf } from '@/lib/geo/place';
import { INVALID_ADDRESS, NOT_US_ADDRESS, PLACE_MISMATCH } from '@/lib/geo/validate-address';

type AddressInput = { city: string; state: string; postal_code: string; latitude?: number; longitude?: number };

/** The 50 states and DC lie inside this box (Hawaii to Maine, Florida Keys to Alaska). */
function insideUs(lat: number, lng: number) {
  return lat >= 18 && lat <= 72 && ((lng >= -180 && lng <= -65) || lng >= 172);
}

/**
 * The coordinates a company keeps: the ones the address field chose when they lie within 50 miles
 * of the ZIP code's (or the city's) centroid, else that centroid, from the gazetteer (API callers
 * may leave them out). Checked as job addresses are (lib/geo/place.ts): a pin was taken as sent, so
 * 'Dallas, TX' could be pinned in Houston; a place the gazetteer does not know, or a city and ZIP
 * code far apart, is refused.
 */
export function locate(input: AddressInput): { latitude: number; longitude: number } {
  const given = input.latitude != null && input.longitude != null ? { lat: input.latitude, lng: input.longitude } : null;
  if (given && !insideUs(given.lat, given.lng)) throw unprocessable(NOT_US_ADDRESS, 'latitude');
  const { pin, problem } = placeOf(input, given);
  if (problem === 'mismatch') throw unprocessable(PLACE_MISMATCH, 'postal_code');
  if (problem || !pin) throw unprocessable(INVALID_ADDRESS, 'city');
  return { latitude: pin.lat, longitude: pin.lng };
}
