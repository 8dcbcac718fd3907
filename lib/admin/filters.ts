import { and, asc, desc, not, sql, type SQL } from 'drizzle-orm';
import type { FilterOperator } from './schemas';

/** `%text%` with the LIKE wildcards of the text itself taken literally. */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One grid filter on a text expression: contains / does not contain (ilike, case-insensitive),
 * equals / not equals (case-insensitive too: people type names the way they remember them).
 * An empty value filters nothing (the grid's default filter is an empty "contains").
 */
export function textFilter(expr: SQL, operator: FilterOperator, value: string): SQL | undefined {
  if (value === '') return undefined;
  switch (operator) {
    case 'ilike':
      return sql`${expr} ilike ${containsPattern(value)}`;
    case 'not_ilike':
      return sql`coalesce(${expr}, '') not ilike ${containsPattern(value)}`;
    case 'equals':
      return sql`lower(${expr}) = lower(${value})`;
    case 'not_equals':
      return sql`coalesce(lower(${expr}), '') <> lower(${value})`;
  }
}

/** A filter on a coded column (type, billing type): only equals and not equals make sense. */
export function codeFilter(expr: SQL, operator: FilterOperator, value: string | number): SQL {
  const hit = sql`${expr} = ${value}`;
  return operator === 'not_equals' || operator === 'not_ilike' ? not(hit) : hit;
}

export const allOf = (parts: (SQL | undefined)[]) => and(...parts.filter(Boolean));

export const ordered = (expr: SQL, direction: 'asc' | 'desc') => (direction === 'desc' ? desc(expr) : asc(expr));
