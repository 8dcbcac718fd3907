import { AppError } from '@/lib/errors';

/**
 * Edits that do not overwrite what changed meanwhile (optimistic concurrency, RFC 9110 If-Match):
 * a form sends the `updated_at` of the record it opened as `If-Match`, and the save is refused with
 * 412 when the record has changed since (another tab, another device, a colleague, the API). Without
 * the header, or with `*`, the last write wins as before: API clients opt in.
 */
export const staleEdit = (what: string) =>
  `This ${what} was changed somewhere else (another tab, device or person) after you opened it. Reload the page to see the changes, then make yours again.`;

/** The version an If-Match header names (quotes and a weak `W/` dropped), or null without one or with `*`. */
export function ifMatchOf(req: Request): string | null {
  const raw = req.headers.get('if-match')?.trim();
  if (!raw || raw === '*') return null;
  return raw.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}

/** The version of a record: its updated_at as the API writes it, to the millisecond. */
export const versionOf = (updatedAt: Date | null | undefined) => updatedAt?.toISOString() ?? '';

/** 412 when the caller named a version and the record is no longer at it. */
export function assertVersion(expected: string | null | undefined, updatedAt: Date | null | undefined, what: string) {
  if (expected != null && expected !== versionOf(updatedAt)) throw new AppError(412, staleEdit(what));
}
