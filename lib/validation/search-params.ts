import { NUL_MESSAGE, hasNul } from '@/lib/api/input-guard';

/**
 * A server-rendered page's searchParams, read as its list queries use them. The API checks its
 * query string once, at its boundary (lib/api/input-guard.ts); a page reads `searchParams` itself,
 * so a NUL typed into the address (`?q=%00abc`) reached PostgreSQL, which refuses it in any text
 * ("invalid byte sequence"), and the page answered 500. Every page that puts a parameter into a
 * query reads it through here, with the API's rule: such a value is no value. Client-safe.
 */

/** A value of `searchParams`: a repeated parameter (`?q=a&q=b`) comes as a list. */
export type SearchParamValue = string | string[] | undefined;

const firstOf = (value: SearchParamValue) => (Array.isArray(value) ? value[0] : value);

/** A parameter as a page uses it: its first value; '' when absent or holding NUL. */
export function searchParam(value: SearchParamValue): string {
  const first = firstOf(value);
  return typeof first === 'string' && !hasNul(first) ? first : '';
}

/**
 * What the API answers for the first of `names` whose value searchParam drops for NUL (its
 * message and field), or null: for a page that shows a parameter's problem rather than ignore it.
 */
export function searchParamsProblem(params: Record<string, SearchParamValue>, names: readonly string[]): { message: string; field: string } | null {
  const field = names.find((name) => {
    const first = firstOf(params[name]);
    return typeof first === 'string' && hasNul(first);
  });
  return field === undefined ? null : { message: NUL_MESSAGE, field };
}
