import usCodes from 'zipcodes/lib/codes';
import { US_STATE_CODES, stateCode, stateName } from './states';
import type { AddressSuggestion } from './types';
import { NOT_US_ADDRESS, endsWithOtherCountry, isUsCountry } from './validate-address';

/**
 * The offline US gazetteer: every ZIP code of the 50 states and DC with its city and centroid
 * (from the `zipcodes` package), and every city with the centroid of its ZIP codes. It answers
 * the address field when no Google Maps key is configured. Streets are not geocoded: a street
 * line is kept as typed and placed at its ZIP (or city) centroid.
 */

type Place = { zip: string; city: string; state: string; lat: number; lng: number };
type City = { city: string; state: string; upper: string; lat: number; lng: number; zips: string[] };
type Index = { zips: Map<string, Place>; zipList: string[]; cities: City[]; byCityState: Map<string, City> };

export const MAX_SUGGESTIONS = 8;

export class NonUsAddressError extends Error {
  constructor() {
    super(NOT_US_ADDRESS);
    this.name = 'NonUsAddressError';
  }
}

let index: Index | undefined;

function load(): Index {
  if (index) return index;
  const allowed = new Set(US_STATE_CODES);
  const zips = new Map<string, Place>();
  const grouped = new Map<string, { city: string; state: string; zips: Place[] }>();
  for (const c of Object.values(usCodes.codes)) {
    if (!allowed.has(c.state) || !Number.isFinite(c.latitude) || !Number.isFinite(c.longitude) || !c.latitude) continue;
    const place = { zip: c.zip, city: c.city, state: c.state, lat: c.latitude, lng: c.longitude };
    zips.set(c.zip, place);
    const key = cityKey(c.city, c.state);
    const g = grouped.get(key) ?? { city: c.city, state: c.state, zips: [] };
    g.zips.push(place);
    grouped.set(key, g);
  }
  const byCityState = new Map<string, City>();
  for (const [key, g] of grouped) {
    // The median, not the mean: a few ZIPs filed under a big city's name lie far outside it.
    const lat = median(g.zips.map((p) => p.lat));
    const lng = median(g.zips.map((p) => p.lng));
    byCityState.set(key, { city: g.city, state: g.state, upper: g.city.toUpperCase(), lat: round(lat), lng: round(lng), zips: g.zips.map((z) => z.zip).sort() });
  }
  const cities = [...byCityState.values()].sort((a, b) => (a.upper < b.upper ? -1 : a.upper > b.upper ? 1 : 0));
  index = { zips, zipList: [...zips.keys()].sort(), cities, byCityState };
  return index;
}

const round = (n: number) => Math.round(n * 1e4) / 1e4;
function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
const cityKey = (city: string, state: string) => `${city.toUpperCase()}|${state}`;

function suggestion(place: { city: string; state: string; lat: number; lng: number }, zip: string, street = ''): AddressSuggestion {
  const description = [street, place.city, `${place.state} ${zip}`.trim(), 'USA'].filter(Boolean).join(', ');
  return {
    description,
    address: street,
    city: place.city,
    stateName: stateName(place.state) ?? place.state,
    state: place.state,
    zipCode: zip,
    country: 'US',
    coordinates: { lat: place.lat, lng: place.lng },
  };
}

/** The place of one ZIP code, or undefined. */
export function lookupZip(zip: string): AddressSuggestion | undefined {
  const place = load().zips.get(zip.slice(0, 5));
  return place ? suggestion(place, place.zip) : undefined;
}

/** A city of a state, or undefined. */
export function lookupCity(city: string, state: string): AddressSuggestion | undefined {
  const code = stateCode(state);
  const c = code ? load().byCityState.get(cityKey(city.trim(), code)) : undefined;
  return c ? suggestion(c, c.zips.length === 1 ? c.zips[0] : '') : undefined;
}

/** First index in a sorted list whose entry is >= prefix. */
function lowerBound<T>(list: readonly T[], prefix: string, keyOf: (t: T) => string) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyOf(list[mid]) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Cities whose name starts with the text (or, failing that, has a word starting with it), biggest first. */
function findCities(name: string, state?: string): City[] {
  const { cities } = load();
  const upper = name.toUpperCase();
  const hits: City[] = [];
  for (let i = lowerBound(cities, upper, (c) => c.upper); i < cities.length && cities[i].upper.startsWith(upper); i++) {
    if (!state || cities[i].state === state) hits.push(cities[i]);
  }
  if (hits.length < MAX_SUGGESTIONS && upper.length >= 3) {
    const word = ` ${upper}`;
    for (const c of cities) {
      if (c.upper.includes(word) && (!state || c.state === state) && !hits.includes(c)) hits.push(c);
    }
  }
  const exact = (c: City) => (c.upper === upper ? 1 : 0);
  return hits.sort((a, b) => exact(b) - exact(a) || b.zips.length - a.zips.length).slice(0, MAX_SUGGESTIONS);
}

/** Splits 'Dallas TX' / 'Dallas Texas' / 'Dallas, TX' into city and state code when the end names a state. */
function splitCityState(terms: string[]): { city: string; state?: string } {
  if (terms.length >= 2) {
    const code = stateCode(terms[terms.length - 1]);
    if (code) return { city: terms.slice(0, -1).join(' '), state: code };
  }
  const words = terms.join(' ').split(' ');
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const code = stateCode(words.slice(-n).join(' '));
    if (code) return { city: words.slice(0, -n).join(' '), state: code };
  }
  return { city: terms.join(' ') };
}

const ZIP = /\b(\d{5})(?:-\d{4})?\b/;
const CANADIAN_POSTCODE = /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b/i;
const CANADIAN_PROVINCES = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
const STREET = /^\d+[A-Za-z]?(?:-\d+)?\s+\S/;

/**
 * Suggestions for what the user typed: a ZIP code (or its first digits), a city with or without a
 * state, or a street line followed by a city, state and/or ZIP ('123 Main St, Dallas, TX 75201').
 * Throws NonUsAddressError when the text names another country, a Canadian postcode or province.
 */
export function searchPlaces(query: string): AddressSuggestion[] {
  const text = query.trim().replace(/\s+/g, ' ');
  if (!text) return [];
  const terms = text.split(',').map((t) => t.trim()).filter(Boolean);
  const last = terms[terms.length - 1] ?? '';
  if (endsWithOtherCountry(last) || CANADIAN_POSTCODE.test(text)) throw new NonUsAddressError();
  if (terms.length > 1 && CANADIAN_PROVINCES.has(last.toUpperCase().split(' ')[0])) throw new NonUsAddressError();
  if (terms.length > 1 && isUsCountry(last)) terms.pop();
  if (!terms.length) return [];

  let street = '';
  if (STREET.test(terms[0]) && (terms.length > 1 || ZIP.test(terms[0].replace(/^\d+/, '')))) street = terms.shift()!;
  const rest = terms.join(', ');
  const zip = (rest || street).match(ZIP)?.[1];

  if (zip) {
    const place = load().zips.get(zip);
    if (!place) return [];
    if (street && !rest) street = streetBeforeZip(street, zip, place);
    return [suggestion(place, zip, street)];
  }
  if (!street && /^\d{1,4}$/.test(text)) return zipPrefix(text);
  if (!rest) return [];

  const { city, state } = splitCityState(terms);
  if (!city) return [];
  return findCities(city, state).map((c) => suggestion(c, c.zips.length === 1 ? c.zips[0] : '', street));
}

/** '123 Main St Dallas TX 75201' (no commas): the street is what comes before the city of the ZIP. */
function streetBeforeZip(text: string, zip: string, place: Place) {
  let s = text.slice(0, text.search(new RegExp(`\\b${zip}\\b`))).trim();
  const tail = new RegExp(`\\s+(${place.state}|${(stateName(place.state) ?? '').replace(/ /g, '\\s+')})\\.?$`, 'i');
  s = s.replace(tail, '');
  const cityAt = s.toUpperCase().lastIndexOf(` ${place.city.toUpperCase()}`);
  if (cityAt > 0) s = s.slice(0, cityAt);
  return s.trim();
}

function zipPrefix(prefix: string): AddressSuggestion[] {
  const { zipList, zips } = load();
  const out: AddressSuggestion[] = [];
  for (let i = lowerBound(zipList, prefix, (z) => z); i < zipList.length && zipList[i].startsWith(prefix) && out.length < MAX_SUGGESTIONS; i++) {
    const place = zips.get(zipList[i])!;
    out.push(suggestion(place, place.zip));
  }
  return out;
}
