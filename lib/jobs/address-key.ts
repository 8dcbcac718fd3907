/**
 * A targeting address's place as the list compares it, in a module of its own: the wizard's address
 * step reads it in the browser (a put-back address is not due again), and lib/jobs/schemas.ts would
 * bring zod with it.
 */
export type PlaceLines = { street1?: string | null; city?: string | null; state?: string | null; postal_code?: string | null };

/**
 * USPS's standard abbreviations of the street words people spell out (Publication 28, C1 and B). A
 * Map, not an object literal: an object answers the names every object inherits, and a street word
 * "constructor" became "function Object() { [native code] }" in a stored key (which another
 * browser's engine spells differently, so the wizard missed a released place).
 */
const STREET_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    street: 'st', avenue: 'ave', road: 'rd', drive: 'dr', boulevard: 'blvd', lane: 'ln', court: 'ct', place: 'pl',
    highway: 'hwy', parkway: 'pkwy', freeway: 'fwy', expressway: 'expy', circle: 'cir', terrace: 'ter', trail: 'trl',
    square: 'sq', suite: 'ste', north: 'n', south: 's', east: 'e', west: 'w', northeast: 'ne', northwest: 'nw',
    southeast: 'se', southwest: 'sw',
  }),
);
const words = (v: string | null | undefined) => (v ?? '').toLowerCase().replace(/[.,#]/g, ' ').trim().split(/\s+/).filter(Boolean);

/**
 * Where an address targets: the same street, city, state and ZIP however they are spelled: case,
 * spaces and punctuation, "Street" or "St", a ZIP with or without its +4 (each would be charged as
 * a second place). What the list refuses twice and what an edit of a saved list keeps
 * (lib/jobs/targeting.ts).
 */
export const addressKey = (a: PlaceLines) =>
  [
    words(a.street1).map((w) => STREET_WORDS.get(w) ?? w).join(' '),
    words(a.city).join(' '),
    words(a.state).join(' '),
    (a.postal_code ?? '').trim().slice(0, 5),
  ].join('|');
