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

/** Why an address cannot be placed, or null: the gazetteer knows neither its ZIP nor its city, or they lie apart. */
export type PlaceProblem = 'unknown' | 'mismatch' | null;

/**
 * Coordinates for a targeting address: the pin it came with when that lies within
 * MAX_PIN_OFFSET_MILES of its ZIP code's (or city's) centroid, else that centroid, from the offline
 * gazetteer (lib/geo, shared with company addresses). Also fills a missing city or state from the
 * ZIP code. `problem` says what a job address may not be (lib/jobs/cost.ts refuses it): a place the
 * gazetteer does not know, whose pin nothing can check ('Dallas Downtown, TX' pinned in Houston),
 * and a city more than MAX_PIN_OFFSET_MILES from its ZIP code ('Dallas, TX 77002' is Houston's ZIP:
 * every card said Dallas while the searches read Houston). A review of the first fix found both.
 */
export function locate(address: Address): Address & { latitude: number | null; longitude: number | null; problem: PlaceProblem } {
  const byZip = address.postal_code ? lookupZip(address.postal_code) : undefined;
  const byCity = address.city && address.state ? lookupCity(address.city, address.state) : undefined;
  const place = byZip ?? byCity;
  const city = address.city ?? byZip?.city ?? null;
  const state = address.state ?? ((byZip?.state as Address['state']) || null);
  const given = address.coordinates;
  const pin = given && place && milesBetween(given, place.coordinates) <= MAX_PIN_OFFSET_MILES ? given : place?.coordinates;
  const lat = pin?.lat ?? null;
  const lng = pin?.lng ?? null;
  const problem: PlaceProblem = !place ? 'unknown' : byZip && byCity && milesBetween(byZip.coordinates, byCity.coordinates) > MAX_PIN_OFFSET_MILES ? 'mismatch' : null;
  return { ...address, city, state, latitude: lat, longitude: lng, coordinates: lat != null && lng != null ? { lat, lng } : null, problem };
}
