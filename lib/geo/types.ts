/**
 * One address choice, the same shape from Google Places and from the offline gazetteer
 * (accounts spec §3 "Address read from a maps place").
 */
export type AddressSuggestion = {
  /** The full line shown to the user: '123 Main St, Dallas, TX 75201, USA'. */
  description: string;
  /** Street line (number and route); empty for a city or ZIP choice. */
  address: string;
  city: string;
  stateName: string;
  /** Two-letter state code. */
  state: string;
  zipCode: string;
  country: string;
  coordinates: { lat: number; lng: number };
};

/** Where the map starts when nothing is chosen (accounts spec §9): the middle of the lower 48. */
export const DEFAULT_MAP_CENTER = { lat: 39.81, lng: -98.56 } as const;
