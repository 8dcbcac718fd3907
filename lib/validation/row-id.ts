/** How a row's id is written in an address: digits, no leading zero, within the id column's range. */
export const CANONICAL_ID = /^[1-9]\d{0,9}$/;
/** The largest id a row can have (the id columns are PostgreSQL integers). */
export const MAX_ROW_ID = 2_147_483_647;

/** The path parameters that name a row by its integer id (a session's id is a UUID: left alone). */
export const ID_PARAMS: readonly string[] = ['id', 'userId', 'applicantId'];

/**
 * The row id an address names, or null. Only the canonical spelling counts: Number() also reads
 * `0x8`, `8e0`, `8.0`, `008` and ` 8` as 8, so every page that parsed ids that way answered for
 * each spelling, and the pages served from cache kept a copy of each (anyone could fill the disk).
 */
export function rowIdOf(raw: string | null | undefined): number | null {
  if (typeof raw !== 'string' || !CANONICAL_ID.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ROW_ID ? id : null;
}

/** The largest offset an address may ask for: beyond it a page of any list is empty anyway. */
export const MAX_OFFSET = 1_000_000;

/**
 * A list's offset from an address (`?offset=20`): a whole number from 0 to MAX_OFFSET, anything
 * else 0. The database refuses `1.5` or `1e300` for an offset, which answered 500.
 */
export function pageOffsetOf(raw: string | string[] | null | undefined): number {
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isFinite(n) ? Math.max(0, Math.min(MAX_OFFSET, Math.floor(n))) : 0;
}
