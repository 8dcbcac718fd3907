import { INVALID_ADDRESS, NOT_US_ADDRESS, addressTerms, isUsCountry, validateAddress } from '@/lib/geo/validate-address';
import { lookupCity, lookupZip, searchPlaces } from '@/lib/geo/gazetteer';
import { stateCode, stateName, US_STATES } from '@/lib/geo/states';

describe('validateAddress', () => {
  it.each(['US', 'USA', 'U.S.', 'EE. UU.', 'EUA', 'United States', 'usa', 'Estados Unidos'])('counts %p as the US', (country) => {
    expect(isUsCountry(country)).toBe(true);
    expect(validateAddress({ description: `Dallas, TX, ${country}`, country })).toBeNull();
  });

  it.each(['Canada', 'MX', 'United Kingdom', 'CA'])('refuses the country %p', (country) => {
    expect(validateAddress({ description: 'Somewhere, Else', country })).toBe(NOT_US_ADDRESS);
  });

  it('reads the country from the last term when the choice has none', () => {
    expect(validateAddress({ description: 'Toronto, ON, Canada' })).toBe(NOT_US_ADDRESS);
    expect(validateAddress({ description: 'Los Angeles, CA' })).toBeNull();
    expect(validateAddress({ description: 'Dallas, TX, USA' })).toBeNull();
  });

  it('needs more than one term', () => {
    expect(validateAddress({ description: 'USA', country: 'US' })).toBe(INVALID_ADDRESS);
    expect(validateAddress({ description: 'Dallas', country: 'US' })).toBe(INVALID_ADDRESS);
    expect(validateAddress({ description: ' , Dallas , ', country: 'US' })).toBe(INVALID_ADDRESS);
    expect(validateAddress({ description: 'x', terms: ['Dallas', 'TX'], country: 'US' })).toBeNull();
    expect(validateAddress(null)).toBe(INVALID_ADDRESS);
  });

  it('splits terms on commas', () => {
    expect(addressTerms('123 Main St, Dallas, TX 75201, USA')).toEqual(['123 Main St', 'Dallas', 'TX 75201', 'USA']);
  });
});

describe('the gazetteer', () => {
  it('knows the 50 states and DC', () => {
    expect(US_STATES).toHaveLength(51);
    expect(stateCode('new york')).toBe('NY');
    expect(stateCode('dc')).toBe('DC');
    expect(stateCode('Ontario')).toBeUndefined();
    expect(stateName('wy')).toBe('Wyoming');
  });

  it('looks ZIP codes and cities up', () => {
    expect(lookupZip('10001')).toMatchObject({ city: 'New York', state: 'NY', zipCode: '10001' });
    expect(lookupZip('10001-1234')?.zipCode).toBe('10001');
    expect(lookupZip('00000')).toBeUndefined();
    const ny = lookupCity('new york', 'NY')!;
    // The median of the ZIP centroids stays in Manhattan even though a few ZIPs lie far away.
    expect(ny.coordinates.lat).toBeCloseTo(40.75, 1);
    expect(ny.coordinates.lng).toBeCloseTo(-73.98, 1);
    expect(lookupCity('Dallas', 'Ontario')).toBeUndefined();
  });

  it('every suggestion passes the address rules', () => {
    for (const q of ['75201', 'Dallas', 'Austin, TX', '1 Main St, Boise, ID 83702', '902']) {
      for (const s of searchPlaces(q)) expect(validateAddress(s)).toBeNull();
    }
  });

  it('answers within a few milliseconds once loaded', () => {
    searchPlaces('Dallas');
    const t = performance.now();
    for (let i = 0; i < 50; i++) searchPlaces(['San', 'Spring', 'Fort Worth, TX', '606'][i % 4]);
    expect((performance.now() - t) / 50).toBeLessThan(20);
  });
});

describe('a Google place as the shared address shape', () => {
  it('reads street number, route, locality, state, ZIP and country', async () => {
    const { fromGooglePlace } = await import('@/lib/geo/google-place');
    const place = fromGooglePlace(
      {
        address_components: [
          { long_name: '123', short_name: '123', types: ['street_number'] },
          { long_name: 'Main Street', short_name: 'Main St', types: ['route'] },
          { long_name: 'Dallas', short_name: 'Dallas', types: ['locality', 'political'] },
          { long_name: 'Texas', short_name: 'TX', types: ['administrative_area_level_1', 'political'] },
          { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
          { long_name: '75201', short_name: '75201', types: ['postal_code'] },
        ],
      },
      { lat: 32.78, lng: -96.8 },
      '123 Main Street, Dallas, TX, USA',
    );
    expect(place).toEqual({
      description: '123 Main Street, Dallas, TX, USA',
      address: '123 Main Street',
      city: 'Dallas',
      stateName: 'Texas',
      state: 'TX',
      zipCode: '75201',
      country: 'US',
      coordinates: { lat: 32.78, lng: -96.8 },
    });
    expect(validateAddress(place)).toBeNull();
    const toronto = fromGooglePlace({ address_components: [{ long_name: 'Canada', short_name: 'CA', types: ['country'] }], formatted_address: 'Toronto, ON, Canada' }, { lat: 43.6, lng: -79.4 });
    expect(validateAddress(toronto)).toBe(NOT_US_ADDRESS);
  });
});
