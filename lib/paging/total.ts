/** "1,234", or "1,000+" when the count stopped at its cap (lib/db/count.ts). */
export function totalLabel(total: number, lowerBound = false) {
  return `${total.toLocaleString('en-US')}${lowerBound ? '+' : ''}`;
}

/** Whether a page after this one exists; a capped total means at least one row lies past it. */
export function hasNextPage(offset: number, limit: number, total: number, lowerBound = false) {
  return offset + limit < total || lowerBound;
}
