import { stateName } from '@/lib/geo/states';
import type { AddressSuggestion } from '@/lib/geo/types';

/** The address part of the company the API answers (lib/companies/view.ts). */
export type CompanyAddress = {
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  coordinates: { lat: number; lng: number } | null;
};

/**
 * The saved address as the address field's choice, so the settings tab opens on it (with its map).
 * A company without a city or coordinates has no place yet: the field starts empty.
 */
export function toAddressChoice(c: CompanyAddress): AddressSuggestion | null {
  if (!c.city || !c.state || !c.coordinates) return null;
  const street = c.street1?.trim() ?? '';
  const zip = c.postal_code?.trim() ?? '';
  return {
    // The gazetteer's own format (lib/geo/gazetteer.ts): '123 Main St, Dallas, TX 75201, USA'.
    description: [street, c.city, `${c.state} ${zip}`.trim(), 'USA'].filter(Boolean).join(', '),
    address: street,
    city: c.city,
    stateName: stateName(c.state) ?? c.state,
    state: c.state,
    zipCode: zip,
    country: 'US',
    coordinates: c.coordinates,
  };
}

/** A checked address choice (and the suite line) as the company payload's address fields. */
export function toAddressPayload(form: { location: AddressSuggestion | null; street2: string }) {
  const l = form.location!;
  return {
    street1: l.address,
    street2: form.street2,
    city: l.city,
    state: l.state,
    postal_code: l.zipCode,
    country: l.country,
    latitude: l.coordinates.lat,
    longitude: l.coordinates.lng,
  };
}
