import { placeOf, type PlaceProblem } from '@/lib/geo/place';
import type { Address } from './schemas';

export { MAX_PIN_OFFSET_MILES, milesBetween } from '@/lib/geo/place';

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
  const { byZip, pin, problem } = placeOf(address, address.coordinates);
  const city = address.city ?? byZip?.city ?? null;
  const state = address.state ?? ((byZip?.state as Address['state']) || null);
  const lat = pin?.lat ?? null;
  const lng = pin?.lng ?? null;
  return { ...address, city, state, latitude: lat, longitude: lng, coordinates: lat != null && lng != null ? { lat, lng } : null, problem };
}
