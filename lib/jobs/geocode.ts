import { lookupCity, lookupZip } from '@/lib/geo/gazetteer';
import type { Address } from './schemas';

/**
 * How far a pin sent with an address may lie from its ZIP code's (or city's) centroid. Sent
 * coordinates were taken as they came: 'Dallas, TX 75201' pinned in Houston showed Dallas on every
 * card while the job searches, radii and candidates read Houston, for the price of one place (the
 * price goes by the address's text). The largest rural ZIP codes reach about 50 miles from their
 * centroid, so a true street pin is never moved.
 */
export const MAX_PIN_OFFSET_MILES = 50;
const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle miles between two points (haversine). */
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Coordinates for a targeting address: the pin it came with when that lies within
 * MAX_PIN_OFFSET_MILES of its ZIP code's (or city's) centroid, else that centroid, from the offline
 * gazetteer (lib/geo, shared with company addresses). A place the gazetteer does not know keeps its
 * pin. Also fills a missing city or state from the ZIP code.
 */
export function locate(address: Address): Address & { latitude: number | null; longitude: number | null } {
  const byZip = address.postal_code ? lookupZip(address.postal_code) : undefined;
  const byCity = !byZip && address.city && address.state ? lookupCity(address.city, address.state) : undefined;
  const place = byZip ?? byCity;
  const city = address.city ?? byZip?.city ?? null;
  const state = address.state ?? ((byZip?.state as Address['state']) || null);
  const given = address.coordinates;
  const pin = given && (!place || milesBetween(given, place.coordinates) <= MAX_PIN_OFFSET_MILES) ? given : place?.coordinates;
  const lat = pin?.lat ?? null;
  const lng = pin?.lng ?? null;
  return { ...address, city, state, latitude: lat, longitude: lng, coordinates: lat != null && lng != null ? { lat, lng } : null };
}
