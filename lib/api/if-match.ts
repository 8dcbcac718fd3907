import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/** The 412 of a save whose version no longer matches (the check above, or the conditional UPDATE below finding no row). */
export const staleEditError = (what: string) => new AppError(412, staleEdit(what));

/**
 * The condition that keeps an UPDATE to the version the caller named: with it, a save that lands
 * between the read (assertVersion) and the write leaves no row to update, and the caller answers
 * staleEditError. Without a named version, no condition (the last write wins).
 */
export function atVersion(column: AnyPgColumn, expected: string | null | undefined, updatedAt: Date | null | undefined): SQL | undefined {
  return expected != null ? sql`date_trunc('milliseconds', ${column}) = ${versionOf(updatedAt)}::timestamptz` : undefined;
}
