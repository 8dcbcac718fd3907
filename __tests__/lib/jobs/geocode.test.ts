/**
 * A targeting address's pin (lib/jobs/geocode.ts): kept when it lies within MAX_PIN_OFFSET_MILES of
 * its ZIP code's centroid, else the centroid. 'Dallas, TX 75201' pinned in Houston read Houston in
 * every search and radius while every card said Dallas.
 */
import fc from 'fast-check';
import { locate, MAX_PIN_OFFSET_MILES, milesBetween } from '@/lib/jobs/geocode';
import { lookupCity, lookupZip } from '@/lib/geo/gazetteer';
import type { Address } from '@/lib/jobs/schemas';

const DALLAS: Address = { street1: null, postal_code: '75201', city: 'Dallas', state: 'TX', country: 'US', coordinates: null };
const HOUSTON = { lat: 29.7604, lng: -95.3698 };

describe('locate', () => {
  const centroid = lookupZip('75201')!.coordinates;

  it('measures miles as the map does: Dallas to Houston is about 225 miles', () => {
    expect(milesBetween(centroid, HOUSTON)).toBeGreaterThan(215);
    expect(milesBetween(centroid, HOUSTON)).toBeLessThan(235);
    expect(milesBetween(HOUSTON, HOUSTON)).toBe(0);
  });

  it('a pin far from its ZIP code is replaced by the ZIP code’s centroid', () => {
    const placed = locate({ ...DALLAS, coordinates: HOUSTON });
    expect(placed.coordinates).toEqual(centroid);
    expect({ lat: placed.latitude, lng: placed.longitude }).toEqual(centroid);
  });

  it('a street pin within the ZIP code is kept as sent', () => {
    const street = { lat: centroid.lat + 0.01, lng: centroid.lng - 0.01 };
    expect(locate({ ...DALLAS, street1: '1 Main St', coordinates: street }).coordinates).toEqual(street);
  });

  it('every pin ends within the limit of the centroid, wherever it was sent (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
        const placed = locate({ ...DALLAS, coordinates: { lat, lng } });
        expect(milesBetween(placed.coordinates!, centroid)).toBeLessThanOrEqual(MAX_PIN_OFFSET_MILES);
      }),
    );
  });

  it('no pin: the centroid, and nothing is wrong with the place', () => {
    expect(locate(DALLAS).coordinates).toEqual(centroid);
    expect(locate(DALLAS).problem).toBeNull();
  });

  it('a place the gazetteer does not know keeps no pin and is flagged (a made-up city kept a Houston pin)', () => {
    const unknown: Address = { street1: null, city: 'Dallas Downtown', state: 'TX', country: 'US', coordinates: HOUSTON };
    expect(locate(unknown)).toMatchObject({ coordinates: null, latitude: null, problem: 'unknown' });
  });

  it("a city far from its ZIP code is flagged ('Dallas, TX 77002' is a Houston ZIP: cards said Dallas, searches read Houston)", () => {
    const placed = locate({ ...DALLAS, postal_code: '77002' });
    expect(placed.problem).toBe('mismatch');
    expect(milesBetween(lookupCity('Dallas', 'TX')!.coordinates, lookupZip('77002')!.coordinates)).toBeGreaterThan(MAX_PIN_OFFSET_MILES);
    // A suburb's mailing city within the limit is fine.
    expect(locate({ ...DALLAS, city: 'Fort Worth', postal_code: '76102' }).problem).toBeNull();
  });
});
