import zipcodes from 'zipcodes';
import type { Address } from './schemas';

/**
 * Coordinates for a targeting address that came without them: the centroid of its ZIP code, or
 * of its city, from the offline gazetteer in the `zipcodes` package. Also fills a missing city or
 * state from the ZIP code.
 */
export function locate(address: Address): Address & { latitude: number | null; longitude: number | null } {
  const byZip = address.postal_code ? zipcodes.lookup(address.postal_code.slice(0, 5)) : undefined;
  const byCity = !byZip && address.city && address.state ? zipcodes.lookupByName(address.city, address.state)?.[0] : undefined;
  const place = byZip ?? byCity;
  const city = address.city ?? byZip?.city ?? null;
  const state = address.state ?? ((byZip?.state as Address['state']) || null);
  const lat = address.coordinates?.lat ?? place?.latitude ?? null;
  const lng = address.coordinates?.lng ?? place?.longitude ?? null;
  return { ...address, city, state, latitude: lat, longitude: lng, coordinates: lat != null && lng != null ? { lat, lng } : null };
}
