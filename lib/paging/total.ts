/** "1,234", or "1,000+" when the count stopped at its cap (lib/db/count.ts). */
export function totalLabel(total: number, lowerBound = false) {
  return `${total.toLocaleString('en-US')}${lowerBound ? '+' : ''}`;
}

/** Whether a page after this one exists; a capped total means at least one row lies past it. */
export function hasNextPage(offset: number, limit: number, total: number, lowerBound = false) {
  return offset + limit < total || lowerBound;
}

/**
 * Where a list should go when the page it shows came back empty past the first (its last rows were
 * removed, here or by someone else): the last page that still has rows, or null to stay. Without it
 * the list said it had nothing, with no pager, while the pages before were full.
 */
export function offsetAfterEmptyPage(offset: number, limit: number, shown: number, total: number): number | null {
  if (shown > 0 || offset === 0) return null;
  return Math.max(0, Math.min(offset - limit, Math.floor((total - 1) / limit) * limit));
}
