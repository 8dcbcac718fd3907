import { unprocessable } from '@/lib/errors';
import { lookupCity, lookupZip } from '@/lib/geo/gazetteer';
import { INVALID_ADDRESS, NOT_US_ADDRESS } from '@/lib/geo/validate-address';

type AddressInput = { city: string; state: string; postal_code: string; latitude?: number; longitude?: number };

/** The 50 states and DC lie inside this box (Hawaii to Maine, Florida Keys to Alaska). */
function insideUs(lat: number, lng: number) {
  return lat >= 18 && lat <= 72 && ((lng >= -180 && lng <= -65) || lng >= 172);
}

/**
 * The coordinates a company keeps: the ones the address field chose, or, for API callers that
 * leave them out, the centroid of the ZIP code or the city from the gazetteer.
 */
export function locate(input: AddressInput): { latitude: number; longitude: number } {
  if (input.latitude != null && input.longitude != null) {
    if (!insideUs(input.latitude, input.longitude)) throw unprocessable(NOT_US_ADDRESS, 'latitude');
    return { latitude: input.latitude, longitude: input.longitude };
  }
  const found = (input.postal_code && lookupZip(input.postal_code)) || lookupCity(input.city, input.state);
  if (!found) throw unprocessable(INVALID_ADDRESS, 'city');
  return { latitude: found.coordinates.lat, longitude: found.coordinates.lng };
}
