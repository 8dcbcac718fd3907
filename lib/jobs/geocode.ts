import { lookupCity, lookupZip } from '@/lib/geo/gazetteer';
import type { Address } from './schemas';

/**
 * Coordinates for a targeting address that came without them: the centroid of its ZIP code, or
 * of its city, from the offline gazetteer (lib/geo, shared with company addresses). Also fills a
 * missing city or state from the ZIP code.
 */
export function locate(address: Address): Address & { latitude: number | null; longitude: number | null } {
  const byZip = address.postal_code ? lookupZip(address.postal_code) : undefined;
  const byCity = !byZip && address.city && address.state ? lookupCity(address.city, address.state) : undefined;
  const place = byZip ?? byCity;
  const city = address.city ?? byZip?.city ?? null;
  const state = address.state ?? ((byZip?.state as Address['state']) || null);
  const lat = address.coordinates?.lat ?? place?.coordinates.lat ?? null;
  const lng = address.coordinates?.lng ?? place?.coordinates.lng ?? null;
  return { ...address, city, state, latitude: lat, longitude: lng, coordinates: lat != null && lng != null ? { lat, lng } : null };
}
