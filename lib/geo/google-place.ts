import { stateName } from './states';
import type { AddressSuggestion } from './types';

/** The parts of a Google geocoder result this reads (kept structural so it is testable without the SDK). */
export type GoogleComponent = { long_name: string; short_name: string; types: string[] };
export type GoogleGeocode = { address_components: GoogleComponent[]; formatted_address?: string };

/**
 * A Google place as the shared address shape (accounts spec §3 "Address read from a maps place":
 * postal_code, locality, street_number, route, administrative_area_level_1, country).
 */
export function fromGooglePlace(result: GoogleGeocode, coordinates: { lat: number; lng: number }, description?: string): AddressSuggestion {
  const part = (type: string) => result.address_components.find((c) => c.types.includes(type));
  const state = part('administrative_area_level_1');
  const country = part('country');
  const city = part('locality') ?? part('postal_town') ?? part('sublocality') ?? part('administrative_area_level_3');
  const street = [part('street_number')?.long_name, part('route')?.long_name].filter(Boolean).join(' ');
  return {
    description: description ?? result.formatted_address ?? '',
    address: street,
    city: city?.long_name ?? '',
    stateName: state?.long_name ?? (state ? stateName(state.short_name) ?? '' : ''),
    state: state?.short_name ?? '',
    zipCode: part('postal_code')?.long_name ?? '',
    country: country?.short_name ?? '',
    coordinates,
  };
}
