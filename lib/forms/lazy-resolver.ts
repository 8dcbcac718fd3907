import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver over the form's zod schema that imports the schema (and zod with it,
 * about 30 kB gzipped) on the first validation instead of with the page (issue 16: first-load JS).
 * The schema stays the one source of truth the API validates with; only its loading is deferred.
 * Made once per form at module level, so the import happens once per page.
 */
export function lazyZodResolver<Values extends FieldValues, Output = Values>(load: () => Promise<z.ZodType>): Resolver<Values, unknown, Output> {
  let ready: Promise<Resolver<Values, unknown, Output>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>,
    );
    return (await ready)(values, context, options);
  };
}
