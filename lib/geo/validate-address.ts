/** Address choice rules (accounts spec §5, §8; jobs spec §5), pure so the form, the API and tests share them. */
import { stateCode } from './states';

export const NOT_US_ADDRESS = 'Addresses should be from the US';
export const INVALID_ADDRESS = 'Select a valid address, city, or zip code';
/** A city and a ZIP code that the gazetteer places far apart ('Dallas, TX 77002' is a Houston ZIP): lib/geo/place.ts. */
export const PLACE_MISMATCH = 'The city and the ZIP code of this address are more than 50 miles apart. Check them and choose the address again.';

/** The spec's aliases (EE. UU., USA, EUA, US, U.S.) plus the long names, compared without dots or spaces. */
const US_ALIASES = new Set(['EEUU', 'USA', 'EUA', 'US', 'UNITEDSTATES', 'UNITEDSTATESOFAMERICA', 'ESTADOSUNIDOS', 'ESTADOSUNIDOSDEAMERICA']);

function squash(value: string) {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[.\s]/g, '');
}

export function isUsCountry(country: string | null | undefined): boolean {
  return !!country && US_ALIASES.has(squash(country));
}

/** Countries people type most often next to the US (English and Spanish names, common codes; never 'CA', which is California). */
const OTHER_COUNTRIES = new Set(
  [
    'Canada', 'CAN', 'Mexico', 'MX', 'MEX', 'United Kingdom', 'UK', 'GB', 'England', 'Scotland', 'Ireland',
    'Germany', 'Deutschland', 'France', 'Spain', 'España', 'Italy', 'Portugal', 'Netherlands', 'Belgium', 'Poland',
    'Ukraine', 'Russia', 'India', 'China', 'Japan', 'Australia', 'New Zealand', 'Brazil', 'Brasil', 'Argentina',
    'Colombia', 'Chile', 'Peru', 'Guatemala', 'Honduras', 'El Salvador', 'Cuba', 'Dominican Republic',
    'República Dominicana', 'Puerto Rico', 'Philippines', 'Nigeria', 'South Africa',
  ].map(squash),
);

/** True when the text names a country other than the US. */
export function isOtherCountry(value: string | null | undefined): boolean {
  return !!value && OTHER_COUNTRIES.has(squash(value));
}

/**
 * True when the last words of a term name another country: 'London UK' and 'Toronto Canada' typed
 * without a comma. A US state or the US itself at the end wins ('Albuquerque New Mexico').
 */
export function endsWithOtherCountry(term: string | null | undefined): boolean {
  const words = (term ?? '').trim().split(/\s+/).filter(Boolean);
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const tail = words.slice(-n).join(' ');
    if (isUsCountry(tail) || stateCode(tail)) return false;
    if (isOtherCountry(tail)) return true;
  }
  return false;
}

/** Comma-separated parts of a description, blanks dropped: 'Dallas, TX, USA' has three. */
export function addressTerms(description: string | null | undefined): string[] {
  return (description ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

export type AddressLike = { description?: string | null; country?: string | null; terms?: readonly string[] };

/**
 * The error message for a chosen address, or null when it is acceptable. A choice that carries no
 * country is judged by its last term when that names another country.
 */
export function validateAddress(choice: AddressLike | null | undefined): string | null {
  if (!choice) return INVALID_ADDRESS;
  const terms = choice.terms?.length ? [...choice.terms] : addressTerms(choice.description);
  if (choice.country ? !isUsCountry(choice.country) : endsWithOtherCountry(terms[terms.length - 1])) return NOT_US_ADDRESS;
  if (terms.length <= 1) return INVALID_ADDRESS;
  return null;
}
