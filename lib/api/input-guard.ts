import { AppError } from '@/lib/errors';

/**
 * The boundary check every API input passes once (body, query string and path parameters), before
 * any zod schema or service sees it. PostgreSQL text cannot hold NUL (it answers an error, not a
 * row), and deep nesting overflows recursive code (JSON.stringify, renderers); neither can be
 * written by a person, so both are refused here for every field of every route at once.
 *
 * The walk is iterative: a body nested ten thousand levels deep must not overflow the checker itself.
 */

/** Deeper than any real payload (a rich-text description uses about two levels per nested block). */
export const MAX_INPUT_DEPTH = 200;

export const NUL_MESSAGE = 'This text contains an invisible control character (NUL) that is not allowed. Remove it and try again.';
export const TOO_DEEP_MESSAGE = 'The request is nested too deeply.';

/** The rule itself, also for pages that read their own searchParams (lib/validation/search-params.ts). */
export const hasNul = (value: string) => value.includes('\u0000');

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

type Frame = { value: unknown; depth: number; path: string };

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * Checks `input` in place and answers it: refuses NUL in any string or key (422, with the field),
 * refuses nesting deeper than MAX_INPUT_DEPTH (422), and drops own `__proto__` keys (JSON.parse
 * makes them own properties; copied by a schema with plain assignment they would set a prototype).
 */
export function guardInput<T>(input: T, prefix = ''): T {
  const stack: Frame[] = [{ value: input, depth: 0, path: prefix }];
  while (stack.length) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasNul(value)) throw new AppError(422, NUL_MESSAGE, path || undefined);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    // The field named is the top-level one: the full path of a runaway nesting is itself runaway.
    if (depth >= MAX_INPUT_DEPTH) throw new AppError(422, TOO_DEEP_MESSAGE, path.split('.')[0] || undefined);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push({ value: value[i], depth: depth + 1, path: join(path, i) });
      continue;
    }
    if (hasOwn(value, '__proto__')) delete (value as Record<string, unknown>)['__proto__'];
    for (const key of Object.keys(value)) {
      if (hasNul(key)) throw new AppError(422, NUL_MESSAGE, path || undefined);
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, path: join(path, key) });
    }
  }
  return input;
}
