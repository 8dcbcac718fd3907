import { lookupCity, lookupZip } from './gazetteer';

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
type Point = { lat: number; lng: number };

/** Great-circle miles between two points (haversine). */
export function milesBetween(a: Point, b: Point) {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Why an address cannot be placed, or null: the gazetteer knows neither its ZIP nor its city, or they lie apart. */
export type PlaceProblem = 'unknown' | 'mismatch' | null;

/**
 * Where an address lies, checked against the offline gazetteer: the pin it came with when that
 * lies within MAX_PIN_OFFSET_MILES of its ZIP code's (or city's) centroid, else that centroid.
 * `problem` names what cannot be placed: a place the gazetteer knows neither by ZIP nor by city
 * (nothing can check its pin), or a city more than MAX_PIN_OFFSET_MILES from its ZIP code ('Dallas,
 * TX 77002' is a Houston ZIP). Job addresses (lib/jobs/geocode.ts) and company addresses
 * (lib/companies/locate.ts) both go by it.
 */
export function placeOf(address: { city?: string | null; state?: string | null; postal_code?: string | null }, given?: Point | null) {
  const byZip = address.postal_code ? lookupZip(address.postal_code) : undefined;
  const byCity = address.city && address.state ? lookupCity(address.city, address.state) : undefined;
  const place = byZip ?? byCity;
  const pin = given && place && milesBetween(given, place.coordinates) <= MAX_PIN_OFFSET_MILES ? given : (place?.coordinates ?? null);
  const problem: PlaceProblem = !place ? 'unknown' : byZip && byCity && milesBetween(byZip.coordinates, byCity.coordinates) > MAX_PIN_OFFSET_MILES ? 'mismatch' : null;
  return { byZip, pin, problem };
}
