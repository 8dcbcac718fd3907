import { sql } from 'drizzle-orm';

/**
 * A list of ids as one parameter ('{1,2,3}'::int[]): drizzle would spread a JS array into a list of
 * parameters, one each, and a statement carries at most 65,535.
 */
export const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
